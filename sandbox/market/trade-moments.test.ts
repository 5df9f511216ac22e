import { describe, expect, it } from 'vitest';
import { nyInstant, parseDateText } from '../../shared/market/calendar';
import { bidAsk, liveState, recentTicks } from './live';
import { PricePaths, STEP_MS } from './price-path';
import { UNIVERSE } from './universe';

const DAY = parseDateText('2026-11-20');
/** A step boundary inside regular hours. */
const T = nyInstant(DAY, 12 * 60 + 7);
const paths = new PricePaths(42);
const sample = UNIVERSE.slice(0, 60);

describe('each symbol trades at its own moments', () => {
  it('a step completes at its trade time inside the 5-second grid, not on the grid for every symbol', () => {
    const moments: number[] = [];
    for (const info of sample) {
      const before = paths.soFar(info, DAY, 'RTH', T).steps;
      // The first millisecond of the step at which the symbol has one more step done.
      let at = -1;
      for (let ms = 0; ms < STEP_MS; ms += 10) {
        if (paths.soFar(info, DAY, 'RTH', T + ms).steps > before) {
          at = ms;
          break;
        }
      }
      expect(at, info.symbol).toBeGreaterThanOrEqual(0);
      moments.push(at);
    }
    // Spread over the step: a watchlist does not move in lockstep.
    expect(Math.min(...moments)).toBeLessThan(1_000);
    expect(Math.max(...moments)).toBeGreaterThan(4_000);
    expect(new Set(moments).size).toBeGreaterThan(40);
  });

  it("the last trade's time and price are the newest tick's", () => {
    for (const info of sample) {
      for (const ms of [0, 1_234, 2_500, 4_999]) {
        const at = T + ms;
        const state = liveState(paths, info, at);
        const [tick] = recentTicks(paths, info, at, 1, ['RTH']);
        if (!tick) continue;
        expect(tick.time, info.symbol).toBeLessThanOrEqual(at);
        expect(state.last, `${info.symbol} at +${ms}`).toBe(tick.price);
        expect(state.lastTime).toBeLessThanOrEqual(at);
        // A step without volume prints no tick (its price is the one before): then the tick is older.
        const done = paths.soFar(info, DAY, 'RTH', at).steps;
        if ((paths.segment(info, DAY, 'RTH').volume[done - 1] ?? 0) > 0)
          expect(state.lastTime, `${info.symbol} at +${ms}`).toBe(tick.time);
        else expect(state.lastTime).toBeGreaterThan(tick.time);
      }
    }
  });

  it("the book's sizes are redrawn at each symbol's own moment, not on the grid for all", () => {
    let changedOnTheGrid = 0;
    for (const info of sample) {
      const state = liveState(paths, info, T);
      const before = bidAsk(paths.seed, info, state, T - 1);
      const after = bidAsk(paths.seed, info, state, T);
      if (before.bidSize !== after.bidSize || before.askSize !== after.askSize) changedOnTheGrid++;
    }
    // On the grid for every symbol, nearly all 60 would change in that millisecond.
    expect(changedOnTheGrid).toBeLessThan(5);
  });
});
