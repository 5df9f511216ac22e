import { describe, expect, it } from 'vitest';
import { computeBars, dailyBar, groupBars, type NumericBar } from './bars';
import { nyInstant, parseDateText, RTH_OPEN_MIN, sessionWindows } from '../../shared/market/calendar';
import { PricePaths } from './price-path';
import { lookupSeed, type UniverseSeed } from './universe';

const NOW = Date.UTC(2026, 10, 20, 17, 0, 0); // Friday 12:00 New York, mid-session
const paths = new PricePaths(42);
const seed = (s: string): UniverseSeed => {
  const info = lookupSeed(s);
  if (!info) throw new Error(s);
  return info;
};
const AAPL = seed('AAPL');
const day = (t: string) => parseDateText(t);
const max = (bars: NumericBar[], k: 'high' | 'volume') =>
  bars.reduce((a, b) => (k === 'high' ? Math.max(a, b.high) : a + b.volume), k === 'high' ? 0 : 0);
const min = (bars: NumericBar[]) => bars.reduce((a, b) => Math.min(a, b.low), Infinity);

describe('one path, every timespan', () => {
  const d = day('2026-11-18');
  const from = nyInstant(d, RTH_OPEN_MIN);
  const to = nyInstant(d, 16 * 60) - 1;
  const range = { startTime: from, endTime: to, count: 1200 };

  it("a day's D bar is the aggregate of its M1 and S5 bars", () => {
    const daily = dailyBar(paths, AAPL, d, NOW);
    const m1 = computeBars(paths, AAPL, { timespan: 'M1', ...range }, NOW);
    expect(m1).toHaveLength(390);
    expect(daily?.high).toBe(max(m1, 'high'));
    expect(daily?.low).toBe(min(m1));
    expect(daily?.volume).toBe(max(m1, 'volume'));
    expect(daily?.open).toBe(m1[0]?.open);
    expect(daily?.close).toBe(m1[m1.length - 1]?.close);
    const s5 = computeBars(
      paths,
      AAPL,
      { timespan: 'S5', startTime: from, endTime: from + 3_600_000 - 1, count: 1200 },
      NOW,
    );
    const firstHourM1 = m1.slice(0, 60);
    expect(max(s5.slice(0, 720), 'volume')).toBe(max(firstHourM1, 'volume'));
  });

  it('M60 bars are the M1 bars grouped by hour from 09:30', () => {
    const m1 = computeBars(paths, AAPL, { timespan: 'M1', ...range }, NOW);
    const m60 = computeBars(paths, AAPL, { timespan: 'M60', ...range }, NOW);
    expect(m60.map((b) => b.time)).toEqual([0, 1, 2, 3, 4, 5, 6].map((h) => from + h * 3_600_000));
    m60.forEach((h, i) => {
      const part = m1.slice(i * 60, i * 60 + 60);
      expect(h.high).toBe(max(part, 'high'));
      expect(h.low).toBe(min(part));
      expect(h.volume).toBe(max(part, 'volume'));
      expect(h.open).toBe(part[0]?.open);
      expect(h.close).toBe(part[part.length - 1]?.close);
    });
  });

  it('W, M and Y bars group the D bars', () => {
    const daily = computeBars(paths, AAPL, { timespan: 'D', count: 1200 }, NOW);
    for (const t of ['W', 'M', 'Y'] as const) {
      const grouped = computeBars(paths, AAPL, { timespan: t, count: 30 }, NOW);
      // The oldest period in `daily` may be cut short; every later one must agree exactly.
      const expected = groupBars(daily, t).slice(1);
      const first = expected[0]?.time ?? Infinity;
      expect(expected.length).toBeGreaterThanOrEqual(4);
      expect(grouped.filter((b) => b.time >= first)).toEqual(expected.slice(-grouped.length));
    }
  });

  it('has at least five years of daily history and W/M/Y further back', () => {
    const fiveYearsAgo = NOW - 5 * 365.25 * 86_400_000;
    const old = computeBars(paths, AAPL, { timespan: 'D', endTime: fiveYearsAgo, count: 50 }, NOW);
    expect(old).toHaveLength(50);
    expect(old[old.length - 1]?.time).toBeLessThanOrEqual(fiveYearsAgo);
    const years = computeBars(paths, seed('SPY'), { timespan: 'Y', count: 30 }, NOW);
    expect(years).toHaveLength(30);
    expect(new Date(years[0]?.time ?? 0).getUTCFullYear()).toBe(1997);
  });

  it('extended sessions come only when asked for, and cover 04:00–20:00 with overnight', () => {
    const all = computeBars(
      paths,
      AAPL,
      {
        timespan: 'M60',
        startTime: nyInstant(d, -240),
        endTime: nyInstant(d, 20 * 60) - 1,
        count: 100,
        sessions: ['OVN', 'PRE', 'RTH', 'ATH'],
      },
      NOW,
    );
    const sessions = new Set(all.map((b) => b.session));
    expect([...sessions].sort()).toEqual(['ATH', 'OVN', 'PRE', 'RTH']);
    const rthOnly = computeBars(paths, AAPL, { timespan: 'M60', ...range }, NOW);
    expect(rthOnly.every((b) => b.session === 'RTH')).toBe(true);
  });

  it('every bar is well-formed and bars ascend in time', () => {
    const bars = computeBars(
      paths,
      seed('TSLA'),
      { timespan: 'M5', count: 500, sessions: ['PRE', 'RTH', 'ATH'] },
      NOW,
    );
    expect(bars).toHaveLength(500);
    for (let i = 0; i < bars.length; i++) {
      const b = bars[i] as NumericBar;
      expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
      expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
      expect(b.low).toBeGreaterThan(0);
      if (i > 0) expect(b.time).toBeGreaterThan(bars[i - 1]?.time ?? 0);
    }
  });
});

describe('bars up to now', () => {
  it("today's bars stop at now and today's D bar is their running aggregate", () => {
    const today = day('2026-11-20');
    const m1 = computeBars(
      paths,
      AAPL,
      { timespan: 'M1', startTime: nyInstant(today, RTH_OPEN_MIN), count: 1200 },
      NOW,
    );
    expect(m1).toHaveLength(150); // 09:30 → 12:00
    expect(m1.every((b) => b.time < NOW)).toBe(true);
    const d = dailyBar(paths, AAPL, today, NOW);
    expect(d?.high).toBe(max(m1, 'high'));
    expect(d?.volume).toBe(max(m1, 'volume'));
    expect(d?.close).toBe(m1[m1.length - 1]?.close);
    const daily = computeBars(paths, AAPL, { timespan: 'D', count: 2 }, NOW);
    expect(daily[1]).toEqual(d);
  });

  it('the latest count bars, within start_time and end_time', () => {
    const end = nyInstant(day('2026-11-19'), 11 * 60);
    const bars = computeBars(paths, AAPL, { timespan: 'M5', endTime: end, count: 10 }, NOW);
    expect(bars).toHaveLength(10);
    expect(bars[9]?.time).toBe(end);
    const start = nyInstant(day('2026-11-19'), 10 * 60);
    expect(
      computeBars(paths, AAPL, { timespan: 'M5', startTime: start, endTime: end, count: 200 }, NOW),
    ).toHaveLength(13);
  });
});

describe('determinism', () => {
  it('the same seed gives identical bars; another seed different ones', () => {
    const q = { timespan: 'M1' as const, count: 300 };
    const a = computeBars(new PricePaths(7), AAPL, q, NOW);
    const b = computeBars(new PricePaths(7), AAPL, q, NOW);
    const c = computeBars(new PricePaths(8), AAPL, q, NOW);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('a day can be computed on its own: the order of queries does not matter', () => {
    const d = day('2024-03-15');
    const fresh = new PricePaths(42);
    const direct = dailyBar(fresh, AAPL, d, NOW);
    expect(direct).toEqual(dailyBar(paths, AAPL, d, NOW));
    const seg = fresh.segment(AAPL, d, 'RTH');
    expect(seg.steps).toBe(4680);
    expect(sessionWindows(d)[2]?.end).toBe(seg.end);
  });
});
