import { describe, expect, it } from 'vitest';
import { bollinger, ema, SEGMENT_HIDDEN, sma, vwap } from './indicators';

const closes = (...cs: number[]) =>
  cs.map((close, time) => ({ time, high: close, low: close, close, volume: 1 }));
const values = (ps: { value: number }[]) => ps.map((p) => p.value);

describe('indicators (hand-computed)', () => {
  it('SMA 3 of 1…6 is 2, 3, 4, 5 from the third bar', () => {
    const r = sma(closes(1, 2, 3, 4, 5, 6), 3);
    expect(r.map((p) => p.time)).toEqual([2, 3, 4, 5]);
    expect(values(r)).toEqual([2, 3, 4, 5]);
    expect(sma(closes(1, 2), 3)).toEqual([]);
  });
  it('EMA 3 (k = 0.5) of 10…14 is seeded by the SMA 11, then 12, 13', () => {
    const r = ema(closes(10, 11, 12, 13, 14), 3);
    expect(r.map((p) => p.time)).toEqual([2, 3, 4]);
    expect(values(r)).toEqual([11, 12, 13]);
  });
  it('EMA 4 (k = 0.4) follows value = close·k + previous·(1 − k)', () => {
    // seed (2+4+6+8)/4 = 5; 10·0.4 + 5·0.6 = 7; 4·0.4 + 7·0.6 = 5.8
    const r = ema(closes(2, 4, 6, 8, 10, 4), 4);
    expect(values(r)[0]).toBe(5);
    expect(values(r)[1]).toBeCloseTo(7, 12);
    expect(values(r)[2]).toBeCloseTo(5.8, 12);
  });
  it('Bollinger 4, 2 uses the population standard deviation', () => {
    // [1,3,1,3]: mean 2, σ 1 → 4 / 0. [3,1,3,5]: mean 3, σ √2.
    const r = bollinger(closes(1, 3, 1, 3, 5), 4, 2);
    expect(values(r.middle)).toEqual([2, 3]);
    expect(values(r.upper)[0]).toBeCloseTo(4, 12);
    expect(values(r.lower)[0]).toBeCloseTo(0, 12);
    expect(values(r.upper)[1]).toBeCloseTo(3 + 2 * Math.SQRT2, 12);
    expect(values(r.lower)[1]).toBeCloseTo(3 - 2 * Math.SQRT2, 12);
  });
  it('VWAP weights the typical price by volume and restarts each session', () => {
    const bars = [
      { time: 1, high: 12, low: 8, close: 10, volume: 100 }, // tp 10
      { time: 2, high: 14, low: 10, close: 12, volume: 300 }, // tp 12 → (1000 + 3600) / 400
      { time: 101, high: 11, low: 9, close: 10, volume: 50 }, // new session: tp 10
      { time: 102, high: 20, low: 20, close: 20, volume: 0 }, // no volume: unchanged
    ];
    expect(values(vwap(bars, (t) => Math.floor(t / 100)))).toEqual([10, 11.5, 10, 10]);
    expect(values(vwap([{ time: 1, high: 3, low: 1, close: 2, volume: 0 }], () => 0))).toEqual([2]);
  });
  it("VWAP never joins two sessions: the segment leaving each session's last bar is hidden, none inside one", () => {
    const bars = [0, 60, 120, 86_400, 86_460, 172_800].map((time, i) => ({
      time,
      high: 11 + i,
      low: 9 + i,
      close: 10 + i,
      volume: 100,
    }));
    const day = (t: number) => Math.floor(t / 86_400);
    const hidden = vwap(bars, day)
      .filter((p) => p.color === SEGMENT_HIDDEN)
      .map((p) => p.time);
    expect(hidden).toEqual([120, 86_460]);
  });
});
