import { describe, expect, it } from 'vitest';
import {
  chooseWindow,
  hull,
  MARGIN_BARS,
  nextWindow,
  SLIDE_AT_BARS,
  sliceByTime,
  spanSize,
  toModelIndex,
  within,
  WINDOW_BARS,
  type Span,
  type View,
} from './bar-window';

const N = 100_000;
/** The first load's view: the newest 150 bars and two bars of right margin (showFirst). */
const newest = (n: number): View => ({ from: n - 150, to: n + 2 });
const inBounds = (s: Span, n: number) => s.lo >= 0 && s.hi <= n && s.lo <= s.hi;

describe('chooseWindow', () => {
  it('at the newest bars: the newest WINDOW_BARS', () => {
    expect(chooseWindow(N, newest(N))).toEqual({ lo: N - WINDOW_BARS, hi: N });
  });

  it('in the middle: the view centred, MARGIN_BARS or more on each side', () => {
    const w = chooseWindow(N, { from: 50_000, to: 50_150 });
    expect(spanSize(w)).toBe(WINDOW_BARS);
    expect(50_000 - w.lo).toBeGreaterThanOrEqual(MARGIN_BARS);
    expect(w.hi - 50_150).toBeGreaterThanOrEqual(MARGIN_BARS);
    expect(Math.abs(50_000 - w.lo - (w.hi - 50_150))).toBeLessThanOrEqual(1);
  });

  it('near the start: from the first bar', () => {
    expect(chooseWindow(N, { from: 0, to: 150 })).toEqual({ lo: 0, hi: WINDOW_BARS });
    // Scrolled past the first bar (the library allows a little whitespace on the left).
    expect(chooseWindow(N, { from: -40, to: 110 })).toEqual({ lo: 0, hi: WINDOW_BARS });
  });

  it('zoomed out wider than the window allows: the view plus a margin on each side', () => {
    const view = { from: 40_000, to: 55_000 };
    const w = chooseWindow(N, view);
    expect(spanSize(w)).toBe(15_000 + 2 * MARGIN_BARS);
    expect(w.lo).toBeLessThanOrEqual(view.from - MARGIN_BARS);
    expect(w.hi).toBeGreaterThanOrEqual(view.to + MARGIN_BARS);
    // Up to everything.
    expect(chooseWindow(N, { from: -10, to: N + 10 })).toEqual({ lo: 0, hi: N });
  });

  it('few bars: everything', () => {
    expect(chooseWindow(600, { from: 0, to: 10 })).toEqual({ lo: 0, hi: 600 });
    expect(chooseWindow(600, newest(600))).toEqual({ lo: 0, hi: 600 });
    expect(chooseWindow(0, { from: 0, to: 0 })).toEqual({ lo: 0, hi: 0 });
  });

  it('with a fixed right end (a drag): reaches MARGIN_BARS left of the view, the right end stays', () => {
    expect(chooseWindow(N, { from: 81_000, to: 81_150 }, N)).toEqual({ lo: 76_000, hi: N });
    expect(chooseWindow(N, { from: 3_000, to: 3_150 }, 20_000)).toEqual({ lo: 0, hi: 20_000 });
  });

  it('stays within [0, n) for views anywhere', () => {
    for (const n of [0, 1, 150, 19_999, 20_000, 20_001, N])
      for (const from of [-500, 0, 7, n / 2, n - 150, n, n + 500])
        for (const width of [0, 1, 150, 8_000, 30_000, 2 * n])
          for (const fixedHi of [undefined, n, Math.floor(n / 2)]) {
            const w = chooseWindow(n, { from, to: from + width }, fixedHi);
            expect(inBounds(w, n), JSON.stringify({ n, from, width, fixedHi, w })).toBe(true);
          }
  });
});

describe('nextWindow', () => {
  const win = { lo: 40_000, hi: 60_000 };

  it('leaves a window whose edges are far from the view', () => {
    expect(nextWindow(N, win, { from: 50_000, to: 50_150 })).toBeUndefined();
    expect(nextWindow(N, win, { from: 40_000 + SLIDE_AT_BARS, to: 40_150 + SLIDE_AT_BARS })).toBeUndefined();
  });

  it('slides when the view nears an edge with bars beyond it, around the view', () => {
    const left = { from: 41_000, to: 41_150 };
    expect(nextWindow(N, win, left)).toEqual(chooseWindow(N, left));
    const right = { from: 58_000, to: 58_150 };
    expect(nextWindow(N, win, right)).toEqual(chooseWindow(N, right));
    // A jump far outside (Home, End).
    expect(nextWindow(N, win, { from: 0, to: 150 })).toEqual({ lo: 0, hi: WINDOW_BARS });
  });

  it('not at the data’s own ends', () => {
    expect(nextWindow(N, { lo: 0, hi: WINDOW_BARS }, { from: 0, to: 150 })).toBeUndefined();
    expect(nextWindow(N, { lo: N - WINDOW_BARS, hi: N }, newest(N))).toBeUndefined();
    expect(nextWindow(600, { lo: 0, hi: 600 }, { from: -5, to: 10 })).toBeUndefined();
  });

  it('a window chosen for a view does not slide for that view (no feedback loop)', () => {
    for (const n of [150, 20_000, 35_000, N])
      for (const from of [-100, 0, 3, 2_499, 10_000, n / 2, n - 7_000, n - 150, n + 3])
        for (const width of [2, 150, 1_000, 7_680, 12_000, 40_000]) {
          const view = { from, to: from + width };
          const w = chooseWindow(n, view);
          expect(nextWindow(n, w, view), JSON.stringify({ n, view, w })).toBeUndefined();
        }
  });

  it('grows for a zoom out that nears its edges, and shrinks once well over what the view needs', () => {
    // Zoomed out within the window: nothing to do.
    expect(nextWindow(N, win, { from: 45_000, to: 57_000 })).toBeUndefined();
    const wide = { from: 42_000, to: 58_000 };
    const grown = nextWindow(N, win, wide);
    expect(grown).toEqual(chooseWindow(N, wide));
    expect(grown && spanSize(grown)).toBe(16_000 + 2 * MARGIN_BARS);
    if (!grown) return;
    // Zoomed in a little: the grown window is kept; all the way in: back to WINDOW_BARS.
    expect(nextWindow(N, grown, { from: 44_000, to: 56_000 })).toBeUndefined();
    const zoomedIn = nextWindow(N, grown, { from: 50_000, to: 50_150 });
    expect(zoomedIn && spanSize(zoomedIn)).toBe(WINDOW_BARS);
  });

  it('during a drag: only leftward, keeping the right end; a slide to the right waits', () => {
    expect(nextWindow(N, win, { from: 41_000, to: 41_150 }, win.hi)).toEqual({ lo: 36_000, hi: win.hi });
    expect(nextWindow(N, win, { from: 58_000, to: 58_150 }, win.hi)).toBeUndefined();
    expect(nextWindow(N, { lo: 30_000, hi: 70_000 }, { from: 50_000, to: 50_150 }, 70_000)).toBeUndefined();
  });

  it('slides a window the model outgrew (bounds never outside [0, n))', () => {
    const w = nextWindow(500, { lo: 0, hi: 600 }, { from: 0, to: 10 });
    expect(w).toEqual({ lo: 0, hi: 500 });
  });
});

describe('translation and slices', () => {
  it('a series logical index as a model index', () => {
    const held = { lo: 80_000, hi: 100_000 };
    expect(toModelIndex(0, held, N)).toBe(80_000);
    expect(toModelIndex(19_999, held, N)).toBe(99_999);
    // Past the last bar held (whitespace to the right): past the model's last bar.
    expect(toModelIndex(20_003, held, N)).toBe(N + 3);
    // Before the first bar held: negative, as before windows.
    expect(toModelIndex(-2, held, N)).toBe(-2);
    // The whole model held: the identity.
    for (const i of [-3, 0, 5, 599, 603]) expect(toModelIndex(i, { lo: 0, hi: 600 }, 600)).toBe(i);
  });

  it('hull and within', () => {
    expect(hull({ lo: 10, hi: 20 }, { lo: 15, hi: 40 })).toEqual({ lo: 10, hi: 40 });
    expect(hull({ lo: 10, hi: 20 }, { lo: 0, hi: 0 })).toEqual({ lo: 10, hi: 20 });
    expect(within({ lo: 0, hi: 0 }, { lo: 10, hi: 20 })).toBe(true);
    expect(within({ lo: 12, hi: 20 }, { lo: 10, hi: 20 })).toBe(true);
    expect(within({ lo: 12, hi: 21 }, { lo: 10, hi: 20 })).toBe(false);
  });

  it('sliceByTime: the points from the first to the last time, inclusive', () => {
    const points = [3, 5, 6, 9, 12].map((time) => ({ time, value: 1 }));
    expect(sliceByTime(points, 5, 9).map((p) => p.time)).toEqual([5, 6, 9]);
    expect(sliceByTime(points, 4, 10).map((p) => p.time)).toEqual([5, 6, 9]);
    expect(sliceByTime(points, 13, 20)).toEqual([]);
    expect(sliceByTime(points, 0, 2)).toEqual([]);
    expect(sliceByTime(points, 3, 12)).toBe(points);
    expect(sliceByTime([], 3, 12)).toEqual([]);
  });
});
