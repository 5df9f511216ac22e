import { describe, expect, it } from 'vitest';
import type { Timespan } from '../../../shared/openapi/primitives';
import { bucketStart, quoteTradeTime } from './bucket';

/** UTC instant from parts; New York is UTC−5 in winter (EST) and UTC−4 in summer (EDT). */
const z = (y: number, mo: number, d: number, h: number, mi = 0, s = 0) => Date.UTC(y, mo - 1, d, h, mi, s);
/** New York wall clock on a standard-time (EST) date. */
const est = (y: number, mo: number, d: number, h: number, mi = 0, s = 0) => z(y, mo, d, h + 5, mi, s);
const edt = (y: number, mo: number, d: number, h: number, mi = 0, s = 0) => z(y, mo, d, h + 4, mi, s);

const at = (ms: number, t: Timespan, ext = false) => bucketStart(ms, t, ext);

describe('bucketStart: intraday, a regular day (Tue 2026-11-17, EST)', () => {
  it('opens the first bar of every intraday timespan at 09:30', () => {
    for (const t of ['S5', 'S15', 'M1', 'M5', 'M15', 'M30', 'M60', 'M120', 'M240'] as const)
      expect(at(est(2026, 11, 17, 9, 30), t)).toBe(est(2026, 11, 17, 9, 30));
  });
  it('aligns buckets to 09:30, not to the clock hour', () => {
    expect(at(est(2026, 11, 17, 10, 0, 7), 'S5')).toBe(est(2026, 11, 17, 10, 0, 5));
    expect(at(est(2026, 11, 17, 10, 0, 14), 'S15')).toBe(est(2026, 11, 17, 10, 0, 0));
    expect(at(est(2026, 11, 17, 9, 34, 59), 'M5')).toBe(est(2026, 11, 17, 9, 30));
    expect(at(est(2026, 11, 17, 9, 35), 'M5')).toBe(est(2026, 11, 17, 9, 35));
    expect(at(est(2026, 11, 17, 10, 29), 'M60')).toBe(est(2026, 11, 17, 9, 30));
    expect(at(est(2026, 11, 17, 15, 45), 'M60')).toBe(est(2026, 11, 17, 15, 30));
    expect(at(est(2026, 11, 17, 11, 29), 'M120')).toBe(est(2026, 11, 17, 9, 30));
    expect(at(est(2026, 11, 17, 13, 45), 'M240')).toBe(est(2026, 11, 17, 13, 30));
  });
  it('puts 15:59:59 in the last bar and nothing at 16:00 without extended hours', () => {
    expect(at(est(2026, 11, 17, 15, 59, 59), 'M5')).toBe(est(2026, 11, 17, 15, 55));
    expect(at(est(2026, 11, 17, 16, 0), 'M5')).toBeUndefined();
    expect(at(est(2026, 11, 17, 9, 29, 59), 'M5')).toBeUndefined();
  });
  it('charts pre-market and after-hours with extended hours on, on the same 09:30 grid', () => {
    expect(at(est(2026, 11, 17, 9, 29, 59), 'M5', true)).toBe(est(2026, 11, 17, 9, 25));
    expect(at(est(2026, 11, 17, 9, 10), 'M60', true)).toBe(est(2026, 11, 17, 8, 30));
    expect(at(est(2026, 11, 17, 16, 0), 'M5', true)).toBe(est(2026, 11, 17, 16, 0));
    expect(at(est(2026, 11, 17, 19, 59), 'M1', true)).toBe(est(2026, 11, 17, 19, 59));
    // Overnight (after 20:00) is never charted.
    expect(at(est(2026, 11, 17, 21, 0), 'M5', true)).toBeUndefined();
  });
});

describe('bucketStart: early close, holiday, DST', () => {
  // Thanksgiving is Thu 2026-11-26 (holiday); Fri 2026-11-27 closes at 13:00.
  it('ends the regular session at 13:00 on an early-close day', () => {
    expect(at(est(2026, 11, 27, 12, 59), 'M5')).toBe(est(2026, 11, 27, 12, 55));
    expect(at(est(2026, 11, 27, 13, 0), 'M5')).toBeUndefined();
    expect(at(est(2026, 11, 27, 13, 0), 'M5', true)).toBe(est(2026, 11, 27, 13, 0));
    // After-hours lasts four hours after the early close: nothing from 17:00.
    expect(at(est(2026, 11, 27, 17, 0), 'M5', true)).toBeUndefined();
    expect(at(est(2026, 11, 27, 12, 0), 'D')).toBe(est(2026, 11, 27, 9, 30));
  });
  it('charts nothing on a holiday or a weekend', () => {
    for (const t of ['M1', 'M60', 'D', 'W', 'M', 'Y'] as const) {
      expect(at(est(2026, 11, 26, 10, 0), t, true)).toBeUndefined();
      expect(at(est(2026, 11, 21, 11, 0), t, true)).toBeUndefined();
    }
  });
  it('follows the DST switch (Sun 2026-03-08): 09:30 is 14:30Z before and 13:30Z after', () => {
    expect(at(z(2026, 3, 6, 14, 31), 'M5')).toBe(z(2026, 3, 6, 14, 30));
    expect(at(z(2026, 3, 9, 13, 31), 'M5')).toBe(z(2026, 3, 9, 13, 30));
    // 13:31Z on the Friday before is 08:31 EST: pre-market.
    expect(at(z(2026, 3, 6, 13, 31), 'M5')).toBeUndefined();
    expect(at(z(2026, 3, 6, 13, 31), 'M60', true)).toBe(est(2026, 3, 6, 8, 30));
    expect(at(z(2026, 3, 9, 14, 0), 'D')).toBe(edt(2026, 3, 9, 9, 30));
  });
});

describe('bucketStart: D, W, M, Y', () => {
  it('gives the regular-session day bar, and nothing outside the regular session', () => {
    expect(at(est(2026, 11, 17, 15, 0), 'D')).toBe(est(2026, 11, 17, 9, 30));
    expect(at(est(2026, 11, 17, 17, 0), 'D', true)).toBeUndefined();
    expect(at(est(2026, 11, 17, 8, 0), 'W', true)).toBeUndefined();
  });
  it('starts a week at its first trading day (MLK Day, Mon 2026-01-19, moves it to Tuesday)', () => {
    expect(at(est(2026, 1, 21, 11, 0), 'W')).toBe(est(2026, 1, 20, 9, 30));
    expect(at(est(2026, 11, 20, 11, 0), 'W')).toBe(est(2026, 11, 16, 9, 30));
  });
  it('starts a month and a year at their first trading day, in that day’s offset', () => {
    // 2026-01-01 is a holiday: the year and January start on Fri 2026-01-02.
    expect(at(est(2026, 1, 15, 11, 0), 'M')).toBe(est(2026, 1, 2, 9, 30));
    expect(at(edt(2026, 6, 10, 11, 0), 'Y')).toBe(est(2026, 1, 2, 9, 30));
    // March 2026 starts on a Sunday: Mon 2026-03-02, still EST, though the trade is in EDT.
    expect(at(edt(2026, 3, 20, 11, 0), 'M')).toBe(est(2026, 3, 2, 9, 30));
  });
});

describe('quoteTradeTime', () => {
  it('uses the exchange trade time when the quote carries it, else the message time', () => {
    expect(quoteTradeTime({ time: 2_000, tradeTime: 1_500 })).toBe(1_500);
    expect(quoteTradeTime({ time: 2_000 })).toBe(2_000);
  });
});
