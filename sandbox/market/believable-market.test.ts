import { describe, expect, it } from 'vitest';
import { nyInstant, parseDateText, tradingIndexOnOrBefore } from '../../shared/market/calendar';
import { ANCHOR_DAY, deviationBound } from './daily-model';
import { LEVERAGED } from './leverage';
import { createMarketSimulator } from './simulator';
import { lookupSeed, UNIVERSE } from './universe';

/**
 * Properties a trader checks at a glance: prices stay near the levels the reference data state,
 * and leveraged and inverse funds move as the multiple of their underlying.
 */

const at = (date: string, hh: number, mm = 0) => nyInstant(parseDateText(date), hh * 60 + mm);
const NOW = at('2026-11-20', 12);
const sim = createMarketSimulator({ seed: 42, clock: () => NOW });
const anchor = tradingIndexOnOrBefore(ANCHOR_DAY);
const today = tradingIndexOnOrBefore(parseDateText('2026-11-20'));

describe('prices stay near their reference', () => {
  it('every instrument closes within its bound of the reference price, from a year before the anchor to today', () => {
    const far: string[] = [];
    for (const info of UNIVERSE) {
      if (LEVERAGED[info.symbol]) continue;
      const model = sim.paths().model(info);
      const ref = Number(info.refPrice) * 100;
      // One year before the anchor the equity trend is at most 6 %: inside the bound's slack below.
      const bound = deviationBound(info.volatility) + 0.061;
      for (let i = anchor - 252; i <= today; i++) {
        const dev = Math.abs(Math.log(model.close(i) / ref));
        if (dev > bound) {
          far.push(`${info.symbol} ${(model.close(i) / 100).toFixed(2)} vs ${info.refPrice}`);
          break;
        }
      }
    }
    expect(far).toEqual([]);
  });

  it('no stock is anywhere near a 60 % fall or a doubling over the simulated year (NVDA, AAPL)', () => {
    for (const symbol of ['NVDA', 'AAPL', 'MSFT', 'TSLA']) {
      const info = lookupSeed(symbol);
      if (!info) throw new Error(symbol);
      const bars = sim.numericBars(symbol, { timespan: 'D', count: 260 }) ?? [];
      const ref = Number(info.refPrice) * 100;
      expect(Math.min(...bars.map((b) => b.low)) / ref).toBeGreaterThan(0.55);
      expect(Math.max(...bars.map((b) => b.high)) / ref).toBeLessThan(1.8);
    }
  });

  it("a yearly history walks back from the reference: AAPL's highest yearly high stays within its bound", () => {
    const info = lookupSeed('AAPL');
    const years = sim.numericBars('AAPL', { timespan: 'Y', count: 40 }) ?? [];
    expect(years.length).toBeGreaterThan(30);
    const top = Math.max(...years.map((b) => b.high)) / 100;
    expect(top).toBeLessThan(Number(info?.refPrice) * Math.exp(deviationBound(info?.volatility ?? 0) + 0.05));
    // Older years are lower on the whole (the equity trend), never below a cent.
    expect((years[0]?.close ?? 0) / 100).toBeLessThan(Number(info?.refPrice) / 2);
    expect(Math.min(...years.map((b) => b.low))).toBeGreaterThanOrEqual(1);
  });

  it('is still a pure function of (seed, symbol, time)', () => {
    const other = createMarketSimulator({ seed: 42, clock: () => NOW });
    expect(other.numericBars('NVDA', { timespan: 'D', count: 300 })).toEqual(
      sim.numericBars('NVDA', { timespan: 'D', count: 300 }),
    );
    const seeded = createMarketSimulator({ seed: 7, clock: () => NOW });
    expect(seeded.snapshot('NVDA')?.price).not.toBe(sim.snapshot('NVDA')?.price);
  });
});

describe('leveraged and inverse funds follow their underlying', () => {
  const daily = (symbol: string) => {
    const bars = sim.numericBars(symbol, { timespan: 'D', count: 250 }) ?? [];
    return bars.slice(1).map((b, i) => b.close / (bars[i]?.close ?? 1) - 1);
  };

  for (const [fund, { underlying, leverage }] of Object.entries(LEVERAGED)) {
    it(`${fund}'s daily change ≈ ${leverage} × ${underlying}'s, every day of a year`, () => {
      const f = daily(fund);
      const u = daily(underlying);
      expect(f.length).toBe(u.length);
      f.forEach((r, i) => {
        const target = leverage * (u[i] ?? 0);
        // (1 + r)^L − 1 departs from L·r by about L(L−1)/2·r², plus a cent of rounding.
        expect(Math.abs(r - target)).toBeLessThanOrEqual(0.15 * Math.abs(target) + 0.002);
      });
    });
  }

  it("TQQQ's and SQQQ's change on the day is ≈ ±3 × QQQ's at any moment of the session", () => {
    for (let t = at('2026-11-20', 9, 45); t < at('2026-11-20', 16); t += 37 * 60_000) {
      const q = Number(sim.snapshot('QQQ', {}, t)?.change_ratio);
      const up = Number(sim.snapshot('TQQQ', {}, t)?.change_ratio);
      const down = Number(sim.snapshot('SQQQ', {}, t)?.change_ratio);
      // Trades print at each symbol's own moment: a fund may be one 5-second step behind.
      expect(Math.abs(up - 3 * q)).toBeLessThanOrEqual(0.15 * Math.abs(3 * q) + 0.003);
      expect(Math.abs(down + 3 * q)).toBeLessThanOrEqual(0.15 * Math.abs(3 * q) + 0.003);
    }
  });

  it("TSLL's intraday bars are 2 × TSLA's, its high at TSLA's high and SQQQ's high at QQQ's low", () => {
    const start = at('2026-11-19', 9, 30);
    const bars = (s: string) => sim.numericBars(s, { timespan: 'M5', startTime: start, count: 78 }) ?? [];
    const tsla = bars('TSLA');
    const tsll = bars('TSLL');
    expect(tsll.map((b) => b.time)).toEqual(tsla.map((b) => b.time));
    const hi = (a: typeof tsla) => a.reduce((m, b, i) => (b.high > (a[m]?.high ?? 0) ? i : m), 0);
    expect(hi(tsll)).toBe(hi(tsla));
    const qqq = bars('QQQ');
    const sqqq = bars('SQQQ');
    const lo = (a: typeof qqq) => a.reduce((m, b, i) => (b.low < (a[m]?.low ?? Infinity) ? i : m), 0);
    expect(hi(sqqq)).toBe(lo(qqq));
  });
});
