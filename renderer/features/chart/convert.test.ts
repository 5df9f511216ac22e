import { describe, expect, it } from 'vitest';
import type { UTCTimestamp } from 'lightweight-charts';
import type { Bar } from '../../../shared/openapi/records/market';
import { fromChartTime, toChartTime } from './clock';
import {
  applyTrade,
  foldShade,
  prependOlder,
  replaceNewest,
  toChartData,
  volumePoints,
  type ChartBar,
} from './convert';

const est = (y: number, mo: number, d: number, h: number, mi = 0) => Date.UTC(y, mo - 1, d, h + 5, mi);
/** New York wall clock read as UTC seconds (what the chart shows). */
const wall = (y: number, mo: number, d: number, h: number, mi = 0) => Date.UTC(y, mo - 1, d, h, mi) / 1000;

const apiBar = (time: number, close: string, session?: string): Bar => ({
  time,
  open: '10.00',
  high: '12.50',
  low: '9.25',
  close,
  volume: '1500',
  ...(session ? { trading_session: session } : {}),
});

describe('chart time (one clock)', () => {
  it('shifts an instant to New York wall-clock seconds and back, on both sides of DST', () => {
    expect(toChartTime(est(2026, 11, 17, 9, 30))).toBe(wall(2026, 11, 17, 9, 30));
    expect(toChartTime(Date.UTC(2026, 2, 9, 13, 30))).toBe(wall(2026, 3, 9, 9, 30));
    expect(fromChartTime(wall(2026, 3, 9, 9, 30))).toBe(Date.UTC(2026, 2, 9, 13, 30));
    expect(fromChartTime(wall(2026, 11, 17, 15, 55))).toBe(est(2026, 11, 17, 15, 55));
  });
});

describe('toChartData', () => {
  it('converts decimals and times in API order', () => {
    const t0 = est(2026, 11, 17, 9, 30);
    const d = toChartData([apiBar(t0, '11.75'), apiBar(t0 + 300_000, '12.00')], false);
    expect(d.bars).toEqual([
      {
        time: wall(2026, 11, 17, 9, 30),
        open: 10,
        high: 12.5,
        low: 9.25,
        close: 11.75,
        volume: 1500,
        ext: false,
      },
      {
        time: wall(2026, 11, 17, 9, 35),
        open: 10,
        high: 12.5,
        low: 9.25,
        close: 12,
        volume: 1500,
        ext: false,
      },
    ]);
    expect(volumePoints(d.bars)).toEqual([
      { time: wall(2026, 11, 17, 9, 30), value: 1500 },
      { time: wall(2026, 11, 17, 9, 35), value: 1500 },
    ]);
    expect(d.shade).toEqual([]);
  });
  it('sorts and de-duplicates only a reply that is out of order', () => {
    const t0 = est(2026, 11, 17, 10, 0);
    const d = toChartData([apiBar(t0 + 60_000, '2'), apiBar(t0, '1'), apiBar(t0 + 60_000, '2')], false);
    expect(d.bars.map((b) => b.close)).toEqual([1, 2]);
  });
  it('marks extended-hours bars by their session (or the calendar) and shades only those', () => {
    const pre = est(2026, 11, 17, 9, 0);
    const rth = est(2026, 11, 17, 9, 30);
    const ath = est(2026, 11, 17, 16, 0);
    const d = toChartData([apiBar(pre, '1', 'PRE'), apiBar(rth, '2', 'RTH'), apiBar(ath, '3')], true);
    expect(d.bars.map((b) => b.ext)).toEqual([true, false, true]);
    // Only extended bars get a band; a regular bar has no point at all (no whitespace entries).
    expect(d.shade).toEqual([
      { time: wall(2026, 11, 17, 9, 0), value: 1 },
      { time: wall(2026, 11, 17, 16, 0), value: 1 },
    ]);
  });
  it('gives the shade series nothing for regular-session bars', () => {
    const t0 = est(2026, 11, 17, 10, 0);
    const d = toChartData([apiBar(t0, '1', 'RTH'), apiBar(t0 + 60_000, '2', 'RTH')], true);
    expect(d.shade).toEqual([]);
  });
});

describe('paging merge', () => {
  const b = (time: number) => ({ time, tag: `t${time}` });
  it('prepends an older page, dropping the repeated boundary bar, in order', () => {
    const loaded = [b(4), b(5)];
    const r = prependOlder([b(1), b(2), b(3), b(4)], loaded);
    expect(r.merged.map((x) => x.time)).toEqual([1, 2, 3, 4, 5]);
    expect(r.added).toBe(3);
    // The loaded copy of the boundary bar wins (it may be fresher).
    expect(r.merged[3]).toBe(loaded[0]);
  });
  it('adds nothing when the page holds nothing older (start of history)', () => {
    const r = prependOlder([b(4), b(5)], [b(4), b(5)]);
    expect(r).toEqual({ merged: [b(4), b(5)], added: 0 });
    expect(prependOlder([], [b(4)]).added).toBe(0);
  });
  it('replaces the newest bars with a fresh newest page and keeps older pages', () => {
    expect(replaceNewest([b(1), b(2), b(3), b(4)], [b(3), b(4), b(5)]).map((x) => x.time)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(replaceNewest([b(1)], []).map((x) => x.time)).toEqual([1]);
  });
  it('merges a sparse list (the shade) at the bar boundary, not at its own first point', () => {
    // Older shade points at 1 and 3; loaded bars start at 4, loaded shade at 6.
    expect(prependOlder([b(1), b(3), b(4)], [b(6)], 4).merged.map((x) => x.time)).toEqual([1, 3, 6]);
    // A fresh newest page of bars from 5 whose first shade point is 7: loaded shade 6 goes too.
    expect(replaceNewest([b(2), b(6)], [b(7)], 5).map((x) => x.time)).toEqual([2, 7]);
    expect(replaceNewest([b(2), b(6)], [], 5).map((x) => x.time)).toEqual([2]);
  });
});

describe('foldShade (a live bar into the sparse shade)', () => {
  const bar = (time: number, ext: boolean) =>
    ({ time, open: 1, high: 1, low: 1, close: 1, volume: 1, ext }) as ChartBar;
  it('adds a band for a new extended bar and none for a regular one', () => {
    const shade = [{ time: 1 as UTCTimestamp, value: 1 }];
    expect(foldShade(shade, bar(2, true))).toEqual({ time: 2, value: 1 });
    expect(foldShade(shade, bar(3, false))).toBeUndefined();
    expect(shade.map((s) => s.time)).toEqual([1, 2]);
  });
  it('keeps one band for an extended bar updated in place', () => {
    const shade = [{ time: 2 as UTCTimestamp, value: 1 }];
    expect(foldShade(shade, bar(2, true))).toEqual({ time: 2, value: 1 });
    expect(shade).toHaveLength(1);
  });
});

describe('applyTrade', () => {
  const last: ChartBar = {
    time: wall(2026, 11, 17, 10, 0) as UTCTimestamp,
    open: 10,
    high: 11,
    low: 9,
    close: 10,
    volume: 100,
    ext: false,
  };
  it('extends the newest bar inside its bucket', () => {
    expect(applyTrade(last, { price: 12, time: est(2026, 11, 17, 10, 4), volume: 5 }, 'M5', false)).toEqual({
      bar: { ...last, high: 12, close: 12, volume: 105 },
      appended: false,
    });
  });
  it('opens the next bar at the trade after the bucket ends', () => {
    expect(applyTrade(last, { price: 8, time: est(2026, 11, 17, 10, 5), volume: 7 }, 'M5', false)).toEqual({
      bar: { time: wall(2026, 11, 17, 10, 5), open: 8, high: 8, low: 8, close: 8, volume: 7, ext: false },
      appended: true,
    });
  });
  it('ignores stale trades and trades outside the charted sessions', () => {
    expect(
      applyTrade(last, { price: 8, time: est(2026, 11, 17, 9, 59), volume: 0 }, 'M5', false),
    ).toBeUndefined();
    expect(
      applyTrade(last, { price: 8, time: est(2026, 11, 17, 16, 30), volume: 0 }, 'M5', false),
    ).toBeUndefined();
    expect(
      applyTrade(last, { price: Number.NaN, time: est(2026, 11, 17, 10, 1), volume: 0 }, 'M5', false),
    ).toBeUndefined();
  });
  it('marks an after-hours bar as extended', () => {
    const r = applyTrade(last, { price: 9, time: est(2026, 11, 17, 16, 30), volume: 1 }, 'M5', true);
    expect(r?.bar).toMatchObject({ time: wall(2026, 11, 17, 16, 30), ext: true });
  });
  it('keeps extending the daily bar through the session', () => {
    const day: ChartBar = { ...last, time: wall(2026, 11, 17, 9, 30) as UTCTimestamp };
    expect(
      applyTrade(day, { price: 8.5, time: est(2026, 11, 17, 15, 59), volume: 0 }, 'D', false)?.bar,
    ).toMatchObject({
      time: day.time,
      low: 8.5,
      close: 8.5,
    });
  });
});
