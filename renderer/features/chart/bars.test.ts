import { describe, expect, it } from 'vitest';
import { applyLivePrice, toChartBars } from './bars';

describe('chart bars', () => {
  it('sorts, de-duplicates and converts ms to seconds', () => {
    const bars = toChartBars([
      { time: 600_000, open: '2', high: '3', low: '1', close: '2.5', volume: '10' },
      { time: 300_000, open: '1', high: '2', low: '1', close: '2', volume: '5' },
      { time: 600_000, open: '2', high: '3', low: '1', close: '2.5', volume: '10' },
    ]);
    expect(bars.map((b) => b.time)).toEqual([300, 600]);
  });

  it('extends the current M5 bar and opens a new one after the bucket ends', () => {
    const last = { time: 600, open: 10, high: 11, low: 9, close: 10, volume: 100 };
    expect(applyLivePrice(last, 12, 700_000, 'M5')).toEqual({
      time: 600,
      open: 10,
      high: 12,
      low: 9,
      close: 12,
      volume: 100,
    });
    expect(applyLivePrice(last, 8, 905_000, 'M5')).toEqual({
      time: 900,
      open: 8,
      high: 8,
      low: 8,
      close: 8,
      volume: 0,
    });
    expect(applyLivePrice(last, 8, 100_000, 'M5')).toBeUndefined();
  });

  it('keeps extending the daily bar', () => {
    const last = { time: 86_400, open: 10, high: 11, low: 9, close: 10, volume: 1 };
    expect(applyLivePrice(last, 8.5, 86_400_000 + 3_600_000, 'D')).toMatchObject({
      time: 86_400,
      low: 8.5,
      close: 8.5,
    });
  });
});
