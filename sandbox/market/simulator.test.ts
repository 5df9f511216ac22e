import { describe, expect, it } from 'vitest';
import { snapshot as snapshotSchema } from '../../shared/openapi/records/market';
import { nyInstant, parseDateText } from '../../shared/market/calendar';
import { createMarketSimulator } from './simulator';

const at = (date: string, hh: number, mm = 0) => nyInstant(parseDateText(date), hh * 60 + mm);
const NOW = at('2026-11-20', 12);
const sim = createMarketSimulator({ seed: 42, clock: () => NOW });
const num = (s: string | undefined) => Number(s);

describe('snapshot agrees with the bars', () => {
  it("price, high, low, volume and open are today's intraday bars so far", () => {
    const snap = sim.snapshot('AAPL');
    const m1 =
      sim.numericBars('AAPL', { timespan: 'M1', startTime: at('2026-11-20', 9, 30), count: 1200 }) ?? [];
    expect(snapshotSchema.parse(snap)).toBeTruthy();
    expect(num(snap?.high) * 100).toBeCloseTo(Math.max(...m1.map((b) => b.high)), 6);
    expect(num(snap?.low) * 100).toBeCloseTo(Math.min(...m1.map((b) => b.low)), 6);
    expect(num(snap?.open) * 100).toBeCloseTo(m1[0]?.open ?? 0, 6);
    expect(num(snap?.price) * 100).toBeCloseTo(m1[m1.length - 1]?.close ?? 0, 6);
    expect(num(snap?.volume)).toBe(m1.reduce((a, b) => a + b.volume, 0));
    const daily = sim.numericBars('AAPL', { timespan: 'D', count: 2 }) ?? [];
    expect(num(snap?.pre_close) * 100).toBeCloseTo(daily[0]?.close ?? 0, 6);
    expect(num(snap?.change)).toBeCloseTo(num(snap?.price) - num(snap?.pre_close), 6);
  });

  it('volume only grows and the high only rises as the day goes on', () => {
    let volume = 0;
    let high = 0;
    for (let t = at('2026-11-20', 9, 31); t < at('2026-11-20', 16); t += 17 * 60_000) {
      const s = sim.snapshot('MSFT', {}, t);
      expect(num(s?.volume)).toBeGreaterThanOrEqual(volume);
      expect(num(s?.high)).toBeGreaterThanOrEqual(high);
      volume = num(s?.volume);
      high = num(s?.high);
    }
  });

  it('adds ext_ fields for pre-market/after-hours and ovn_ fields for overnight when asked', () => {
    const plain = sim.snapshot('TSLA', {}, at('2026-11-20', 7));
    expect(plain?.ext_price).toBeUndefined();
    const pre = sim.snapshot('TSLA', { extendHour: true, overnight: true }, at('2026-11-20', 7));
    expect(pre?.trading_session).toBe('PRE');
    expect(pre?.ext_price).toBeDefined();
    expect(pre?.ovn_price).toBeDefined();
    // In pre-market the regular fields still describe the previous session.
    expect(pre?.price).toBe(sim.snapshot('TSLA', {}, at('2026-11-19', 16))?.price);
    const ovn = sim.snapshot('TSLA', { overnight: true }, at('2026-11-22', 21));
    expect(ovn?.trading_session).toBe('OVN');
    expect(num(ovn?.ovn_volume)).toBeGreaterThan(0);
    expect(num(ovn?.ovn_change)).toBeCloseTo(num(ovn?.ovn_price) - num(ovn?.price), 6);
  });

  it('quote agrees with the snapshot and the depth book is ordered around it', () => {
    const q = sim.quote('NVDA');
    const s = sim.snapshot('NVDA');
    expect(q?.price).toBe(s?.price);
    expect(q?.high).toBe(s?.high);
    expect(q?.volume).toBe(s?.volume);
    expect(num(q?.bid)).toBeLessThan(num(q?.ask));
    const book = sim.depth('NVDA', 5);
    expect(book?.asks[0]?.price).toBe(q?.ask);
    expect(book?.bids[0]?.price).toBe(q?.bid);
    for (let i = 1; i < 5; i++) {
      expect(num(book?.asks[i]?.price)).toBeGreaterThan(num(book?.asks[i - 1]?.price));
      expect(num(book?.bids[i]?.price)).toBeLessThan(num(book?.bids[i - 1]?.price));
    }
    for (const level of [...(book?.asks ?? []), ...(book?.bids ?? [])]) {
      expect((level.orders ?? []).reduce((a, o) => a + num(o.size), 0)).toBe(num(level.size));
    }
  });

  it('ticks are trades before now, oldest first, at path prices', () => {
    const ticks = sim.ticks('AAPL', 100) ?? [];
    expect(ticks).toHaveLength(100);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]?.time).toBeGreaterThan(ticks[i - 1]?.time ?? 0);
    expect(ticks[ticks.length - 1]?.time).toBeLessThan(NOW);
    expect(ticks[ticks.length - 1]?.price).toBe(sim.snapshot('AAPL')?.price);
  });

  it('quotes the last trade of the session under way, and of the after-hours when closed', () => {
    expect(sim.quote('AAPL', at('2026-11-21', 12))?.session).toBe('CLOSED');
    expect(sim.quote('AAPL', at('2026-11-21', 12))?.price).toBe(
      sim.snapshot('AAPL', { extendHour: true }, at('2026-11-20', 20))?.ext_price,
    );
    expect(sim.session(at('2026-11-20', 17))).toBe('ATH');
  });
});

describe('determinism and speed', () => {
  it('the same seed gives the same snapshots, another seed different ones', () => {
    const a = createMarketSimulator({ seed: 5, clock: () => NOW });
    const b = createMarketSimulator({ seed: 5, clock: () => NOW });
    const c = createMarketSimulator({ seed: 6, clock: () => NOW });
    const symbols = ['AAPL', 'SPY', 'KO'];
    const snaps = (s: typeof a) => symbols.map((x) => s.snapshot(x, { extendHour: true, overnight: true }));
    expect(snaps(a)).toEqual(snaps(b));
    expect(snaps(a)).not.toEqual(snaps(c));
  });

  it('snapshots the whole universe and 1200 daily bars (no timing assertion; cached after the first pass)', () => {
    const all = sim.universe().map((u) => sim.snapshot(u.symbol));
    expect(all.every((s) => s !== undefined)).toBe(true);
    expect(sim.bars('SPY', { timespan: 'D', count: 1200 })).toHaveLength(1200);
  });

  it('returns undefined for unknown symbols', () => {
    expect(sim.quote('NOPE')).toBeUndefined();
    expect(sim.snapshot('NOPE')).toBeUndefined();
    expect(sim.lookup('NOPE')).toBeUndefined();
  });
});
