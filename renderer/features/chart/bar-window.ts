/**
 * The window of bars: the chart's series hold a contiguous slice [lo, hi) of the loaded bars around
 * the view, not all of them (./chart-controller.ts). lightweight-charts has no prepend, and every
 * setData walks every time point the chart holds, so with the whole history in the series a page
 * back of 5,000 bars onto 100,000 set 105,000 candles in one task. With a window, every setData is
 * bounded by the window, whatever the number of bars loaded.
 *
 * Ranges here are in model indices (index into all the loaded bars): series logical index i is
 * model index `lo + i` of the slice the candles hold. A view is a visible range (floats, as the
 * library reports it; it may reach past the data on either side).
 */

/**
 * The window's usual size. The widest view the library allows is the chart's width at its minimum
 * bar spacing (0.5 px): 7,680 bars on a 3,840 px wide chart, so a window of 20,000 holds that view
 * with MARGIN_BARS on each side. It is a fifth of the 100,000 bars a page back used to set.
 */
export const WINDOW_BARS = 20_000;
/**
 * Bars kept on each side of the view when a window is chosen (where there are bars). A view wider
 * than the window allows grows the window to the view plus this on each side.
 */
export const MARGIN_BARS = 5_000;
/**
 * The window slides when the view comes this close to one of its edges (one that is not the data's
 * own end). Half the margin: a freshly chosen window is never within it of its view, so the range
 * change that a slide's own view restore causes cannot slide again, and scrolling re-slices once
 * every few thousand bars, not on every move.
 */
export const SLIDE_AT_BARS = 2_500;

/** Model indices [lo, hi). */
export interface Span {
  lo: number;
  hi: number;
}
/** A visible range in model indices. */
export interface View {
  from: number;
  to: number;
}

export const EMPTY: Span = { lo: 0, hi: 0 };
export const spanSize = (s: Span): number => s.hi - s.lo;
export const sameSpan = (a: Span, b: Span): boolean => a.lo === b.lo && a.hi === b.hi;
/** An empty span is within anything. */
export const within = (inner: Span, outer: Span): boolean =>
  spanSize(inner) <= 0 || (inner.lo >= outer.lo && inner.hi <= outer.hi);
export const hull = (a: Span, b: Span): Span =>
  spanSize(b) <= 0 ? a : spanSize(a) <= 0 ? b : { lo: Math.min(a.lo, b.lo), hi: Math.max(a.hi, b.hi) };
export const shiftSpan = (s: Span, by: number): Span => ({ lo: s.lo + by, hi: s.hi + by });
export const shiftView = (v: View, by: number): View => ({ from: v.from + by, to: v.to + by });

/**
 * The window for a view over `n` bars: the view centred in WINDOW_BARS, or in the view plus
 * MARGIN_BARS on each side when that is wider, moved inside [0, n) (everything when n is smaller).
 * `fixedHi` keeps the right end where it is (during a drag, see ChartController): the window then
 * reaches at least MARGIN_BARS left of the view, or to the first bar.
 */
export function chooseWindow(n: number, view: View, fixedHi?: number): Span {
  const width = Math.max(0, view.to - view.from);
  const size = Math.min(n, Math.max(WINDOW_BARS, Math.ceil(width) + 2 * MARGIN_BARS));
  if (fixedHi !== undefined) {
    const hi = Math.min(n, Math.max(0, fixedHi));
    return { lo: Math.max(0, Math.min(hi - size, Math.floor(view.from) - MARGIN_BARS)), hi };
  }
  const lo = Math.min(n - size, Math.max(0, Math.round((view.from + view.to) / 2 - size / 2)));
  return { lo, hi: lo + size };
}

/**
 * The window to move to for a view, or undefined when the held one still serves: when the view
 * is within SLIDE_AT_BARS of an edge with bars beyond it, or the window is more than MARGIN_BARS
 * larger than the view needs (grown by a drag, or by a zoom out since undone). With `fixedHi` (a
 * drag) only the left edge counts and the right end stays: the rest waits for the drag's end.
 */
export function nextWindow(n: number, win: Span, view: View, fixedHi?: number): Span | undefined {
  const want = chooseWindow(n, view, fixedHi);
  const nearLo = win.lo > 0 && view.from < win.lo + SLIDE_AT_BARS;
  const nearHi = win.hi < n && view.to > win.hi - SLIDE_AT_BARS;
  const stale = win.lo < 0 || win.hi > n || spanSize(win) > spanSize(want) + MARGIN_BARS;
  const slide = fixedHi !== undefined ? nearLo : nearLo || nearHi || stale;
  return slide && !sameSpan(want, win) ? want : undefined;
}

/**
 * A series logical index (relative to the slice `held` of `n` bars) as a model index. Outside the
 * slice it stays outside the bars, as it was before windows: before the first bar negative, past
 * the last one at n or beyond (the legend then shows the newest bar).
 */
export function toModelIndex(logical: number, held: Span, n: number): number {
  if (logical < 0) return logical;
  if (logical >= spanSize(held)) return n + logical - spanSize(held);
  return held.lo + logical;
}

/** In a time-ordered list, the first index whose time is at or after `time` (after it, when `after`). */
export function timeIndex(points: ReadonlyArray<{ time: number }>, time: number, after = false): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const t = points[mid]?.time ?? 0;
    if (after ? t <= time : t < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The points of a time-ordered list (the sparse shade, an overlay line) from `first` to `last`
 * inclusive: the part of it that belongs to a window's bars. The list itself when all of it does.
 */
export function sliceByTime<T extends { time: number }>(
  points: readonly T[],
  first: number,
  last: number,
): readonly T[] {
  const from = timeIndex(points, first);
  const to = timeIndex(points, last, true);
  return from === 0 && to === points.length ? points : points.slice(from, to);
}
