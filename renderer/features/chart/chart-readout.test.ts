import type { UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { BOTTOM_MARGIN, bottomMargin, legendIndex, TOP_MARGIN, valueAt } from './chart-readout';
import { imageHeader } from './image-header';
import { sma, vwap } from './indicators';

/** The price at the bottom of a linear axis with these margins (lightweight-charts' scale margins). */
const axisBottom = (lo: number, hi: number, bottom: number) =>
  lo - ((hi - lo) * bottom) / (1 - TOP_MARGIN - bottom);

describe('price axis', () => {
  it('a yearly history from $16 to $1,400 would put the axis below zero with the usual margin', () => {
    expect(axisBottom(16, 1400, BOTTOM_MARGIN)).toBeLessThan(0);
  });

  it('shrinks the bottom margin so the axis never reaches below zero, and keeps it for a narrow range', () => {
    for (const [lo, hi] of [
      [16, 1400],
      [0.5, 300],
      [90, 110],
      [1, 1.02],
      [45, 250],
      [0, 300],
    ] as const) {
      const b = bottomMargin(lo, hi);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(BOTTOM_MARGIN);
      expect(axisBottom(lo, hi, b), `${lo}–${hi}`).toBeGreaterThanOrEqual(0);
    }
    expect(bottomMargin(90, 110)).toBe(BOTTOM_MARGIN);
  });
});

describe('legend readings', () => {
  const bars = [1, 2, 3, 4, 5].map((close, i) => ({
    time: 100 + i,
    high: close,
    low: close,
    close,
    volume: 1,
  }));

  it("reads an indicator's value at a bar by its time, none before the window fills", () => {
    const s = sma(bars, 3);
    expect(valueAt(s, 104)).toBe(4);
    expect(valueAt(s, 102)).toBe(2);
    expect(valueAt(s, 101)).toBeUndefined();
    expect(valueAt(undefined, 104)).toBeUndefined();
    const split = vwap(bars, (t) => (t < 103 ? 0 : 1));
    expect(valueAt(split, 103)).toBe(4);
    expect(valueAt(split, 104)).toBe(4.5);
  });

  it('describes the hovered bar, else the newest', () => {
    expect(legendIndex(undefined, 5)).toBe(4);
    expect(legendIndex(2, 5)).toBe(2);
    expect(legendIndex(9, 5)).toBe(4);
  });
});

describe('saved image header', () => {
  it('names the symbol, the timespan, the time zone, the bar and each indicator value in its colour', () => {
    const bars = [
      {
        time: 1_700_000_000 as UTCTimestamp,
        open: 10,
        high: 12,
        low: 9,
        close: 11.5,
        volume: 1_200_000,
        ext: false,
      },
    ];
    const h = imageHeader('AAPL', 'M5', bars, 0, [
      { name: 'SMA 20', color: '#f0b429', value: 11.23456 },
      { name: 'VWAP', color: '#3b82f6', value: undefined },
    ]);
    expect(h.title).toBe('AAPL · 5 minutes');
    const text = h.lines.map((l) => l.map((p) => p.text).join(' | '));
    expect(text[0]).toContain('America/New_York');
    expect(text[1]).toContain('ET');
    expect(text[1]).toContain('O 10.00 | H 12.00 | L 9.00 | C 11.50 | V 1.2M');
    expect(h.lines[2]).toEqual([
      { text: 'SMA 20 11.23', color: '#f0b429' },
      { text: 'VWAP —', color: '#3b82f6' },
    ]);
  });
});
