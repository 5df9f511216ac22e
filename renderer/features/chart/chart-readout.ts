import type { LinePoint } from './indicators';

/**
 * What the legend and a saved image say about the chart beyond its candles: each switched-on
 * indicator's value at one bar, and the price scale's bottom margin that keeps the axis above zero.
 */

/** One indicator line's name, colour and value at a bar (undefined: no value there, before its window fills). */
export interface IndicatorReading {
  name: string;
  color: string;
  value: number | undefined;
}

/** The value of `points` at the bar of chart time `time` (points are in time order). */
export function valueAt(points: readonly LinePoint[] | undefined, time: number): number | undefined {
  if (!points || points.length === 0) return undefined;
  let lo = 0;
  let hi = points.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const p = points[mid] as LinePoint;
    if (p.time === time) return p.value;
    if (p.time < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** The candles' margins inside the pane (fractions of its height): room for the legend above, the volume below. */
export const TOP_MARGIN = 0.12;
export const BOTTOM_MARGIN = 0.22;

/**
 * The bottom margin for bars whose lows and highs span [lo, hi] on a linear axis: the usual room
 * for the volume, shrunk when it would put the bottom of the axis below zero. With the margins
 * t (top) and b (bottom) the axis' bottom is lo − (hi − lo)·b / (1 − t − b), which is ≥ 0 while
 * b ≤ (1 − t)·lo / hi; a history from a few dollars to hundreds (a yearly chart) would otherwise
 * label negative prices.
 */
export function bottomMargin(lo: number, hi: number): number {
  if (!(hi > lo) || !(lo >= 0)) return BOTTOM_MARGIN;
  return Math.min(BOTTOM_MARGIN, (1 - TOP_MARGIN) * (lo / hi) * 0.98);
}

/** The bar the legend describes: the hovered one, else the newest. */
export const legendIndex = (hover: number | undefined, n: number): number =>
  hover !== undefined && hover >= 0 && hover < n ? hover : n - 1;

/** Sub-dollar prices need four places. */
export const pricePlaces = (v: number): number => (Math.abs(v) < 1 ? 4 : 2);
export const priceLabel = (v: number, places = pricePlaces(v)): string => v.toFixed(places);
