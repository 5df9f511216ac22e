import type { Timespan } from '../../shared/openapi/primitives';
import type { Bar } from '../../shared/openapi/records/market';
import {
  closeMinute,
  dateParts,
  nyInstant,
  nyLocal,
  RTH_OPEN_MIN,
  tradingDayAt,
  tradingIndexOnOrBefore,
  weekday,
} from '../../shared/market/calendar';
import { inRange, intradayBars, isIntraday } from './intraday-bars';
import type { PricePaths } from './price-path';
import { mapInSlices } from './slices';
import { centsText } from './prng';
import type { UniverseSeed } from './universe';

/**
 * Bars of every timespan, all aggregated from the one 5-second path (price-path.ts): intraday
 * buckets from its steps or 5-minute buckets (intraday-bars.ts), D from the regular session (whose
 * figures the path reproduces exactly), W/M/Y from D.
 */

export type { BarQuery, NumericBar, TradingSession } from './bar-types';
import type { BarQuery, NumericBar } from './bar-types';

const DEFAULT_BAR_COUNT = 200;
export { isIntraday } from './intraday-bars';

/** The regular-session bar of a trading day as of `now` (undefined before it opens). */
export function dailyBar(
  paths: PricePaths,
  info: UniverseSeed,
  day: number,
  now: number,
): NumericBar | undefined {
  return dailyBarAt(paths, info, tradingIndexOnOrBefore(day), now, nyLocal(now).day);
}

/** dailyBar by trading-day index; `nowDay` is the New York day of `now` (a day before it is complete). */
function dailyBarAt(
  paths: PricePaths,
  info: UniverseSeed,
  index: number,
  now: number,
  nowDay: number,
): NumericBar | undefined {
  const day = tradingDayAt(index);
  const open = nyInstant(day, RTH_OPEN_MIN);
  if (open >= now) return undefined;
  const model = paths.model(info);
  if (day < nowDay || now >= nyInstant(day, closeMinute(day))) return { time: open, ...model.rthBar(index) };
  const so = paths.soFar(info, day, 'RTH', now);
  return {
    time: open,
    open: model.rthBar(index).open,
    high: so.high,
    low: so.low,
    close: so.last,
    volume: so.volume,
  };
}

/** Daily bars of the trading days with index in [fromIndex, toIndex] that have opened by `now`. */
function dailyBarsBetween(
  paths: PricePaths,
  info: UniverseSeed,
  fromIndex: number,
  toIndex: number,
  now: number,
): NumericBar[] {
  const out: NumericBar[] = [];
  const nowDay = nyLocal(now).day;
  for (let index = fromIndex; index <= toIndex; index++) {
    const b = dailyBarAt(paths, info, index, now, nowDay);
    if (b) out.push(b);
  }
  return out;
}

function periodKeyOfDay(timespan: Timespan, day: number): number {
  const { y, m } = dateParts(day);
  if (timespan === 'W') return day - ((weekday(day) + 6) % 7);
  if (timespan === 'M') return y * 12 + m;
  if (timespan === 'Y') return y;
  return day;
}

export function groupBars(daily: readonly NumericBar[], timespan: Timespan): NumericBar[] {
  const out: NumericBar[] = [];
  let key: number | undefined;
  for (const d of daily) {
    const k = periodKeyOfDay(timespan, nyLocal(d.time).day);
    const last = out[out.length - 1];
    if (last && k === key) {
      last.high = Math.max(last.high, d.high);
      last.low = Math.min(last.low, d.low);
      last.close = d.close;
      last.volume += d.volume;
    } else {
      out.push({ ...d });
      key = k;
    }
  }
  return out;
}

/**
 * groupBars(dailyBarsBetween(…)) without a bar object and a time conversion per day: a yearly
 * query reads 12,650 days. A period's bar starts as its first day's bar (its time, its open) and
 * takes in the days after it; days before today are complete, so their figures are read directly.
 */
function periodBarsBetween(
  paths: PricePaths,
  info: UniverseSeed,
  timespan: Timespan,
  fromIndex: number,
  toIndex: number,
  now: number,
): NumericBar[] {
  const out: NumericBar[] = [];
  const nowDay = nyLocal(now).day;
  const model = paths.model(info);
  let key: number | undefined;
  for (let index = fromIndex; index <= toIndex; index++) {
    const day = tradingDayAt(index);
    const d = day < nowDay ? model.rthBar(index) : dailyBarAt(paths, info, index, now, nowDay);
    if (!d) continue;
    const k = periodKeyOfDay(timespan, day);
    const last = out[out.length - 1];
    if (last && k === key) {
      if (d.high > last.high) last.high = d.high;
      if (d.low < last.low) last.low = d.low;
      last.close = d.close;
      last.volume += d.volume;
    } else {
      out.push({
        time: nyInstant(day, RTH_OPEN_MIN),
        open: d.open,
        high: d.high,
        low: d.low,
        close: d.close,
        volume: d.volume,
      });
      key = k;
    }
  }
  return out;
}

const DAYS_PER: Partial<Record<Timespan, number>> = { D: 1, W: 5, M: 23, Y: 253 };

/** Bars of a stock or ETF, ascending by time, latest `count` within [startTime, endTime]. */
/** The trading-day indexes a daily-based (D/W/M/Y) query reads, or undefined when none. */
function dailySpan(q: BarQuery, now: number): { fromIndex: number; toIndex: number } | undefined {
  const count = q.count ?? DEFAULT_BAR_COUNT;
  const until = q.endTime === undefined ? now : Math.min(now, q.endTime);
  const toIndex = tradingIndexOnOrBefore(nyLocal(until).day);
  // Before the first day of history there is nothing (tradingIndexOnOrBefore gives −1).
  if (toIndex < 0) return undefined;
  // Never before index 0: tradingDayAt clamps there, so an index below it would repeat day 0.
  let fromIndex = Math.max(0, toIndex - (count + 1) * (DAYS_PER[q.timespan] ?? 1));
  if (q.startTime !== undefined)
    fromIndex = Math.max(fromIndex, tradingIndexOnOrBefore(nyLocal(q.startTime).day) - 1);
  // W/M/Y: start at the first trading day of the oldest period so that its bar is complete (or at
  // the first day of history, whose period is the oldest there is).
  const key = periodKeyOfDay(q.timespan, tradingDayAt(fromIndex));
  while (fromIndex > 0 && periodKeyOfDay(q.timespan, tradingDayAt(fromIndex - 1)) === key) fromIndex--;
  return { fromIndex, toIndex };
}

/** Bars of a stock or ETF, ascending by time, latest `count` within [startTime, endTime]. */
export function computeBars(paths: PricePaths, info: UniverseSeed, q: BarQuery, now: number): NumericBar[] {
  const count = q.count ?? DEFAULT_BAR_COUNT;
  if (isIntraday(q.timespan)) return intradayBars(paths, info, q, now, count);
  const span = dailySpan(q, now);
  if (!span) return [];
  const { fromIndex, toIndex } = span;
  const grouped =
    q.timespan === 'D'
      ? dailyBarsBetween(paths, info, fromIndex, toIndex, now)
      : periodBarsBetween(paths, info, q.timespan, fromIndex, toIndex, now);
  return grouped.filter((b) => inRange(b.time, q)).slice(-count);
}

/**
 * Computes the daily figures a D/W/M/Y query will read, 256 days at a time in slices, so that the
 * query itself (synchronous) only reads them: 50 yearly bars are 12,650 days (docs/sandbox.md
 * "Performance").
 */
export async function prefetchDaily(
  paths: PricePaths,
  info: UniverseSeed,
  q: BarQuery,
  now: number,
): Promise<void> {
  if (isIntraday(q.timespan)) return;
  const span = dailySpan(q, now);
  if (!span) return;
  const model = paths.model(info);
  const starts: number[] = [];
  for (let i = span.toIndex; i >= span.fromIndex; i -= 256) starts.push(Math.max(span.fromIndex, i - 255));
  await mapInSlices(starts, (from) => model.rangeBetween(from, Math.min(span.toIndex, from + 255)));
}

/** The wire bar (records/market.ts). */
export type BarRecord = Bar;

export const barRecord = (b: NumericBar): BarRecord => ({
  time: b.time,
  open: centsText(b.open),
  high: centsText(b.high),
  low: centsText(b.low),
  close: centsText(b.close),
  volume: String(b.volume),
  ...(b.session ? { trading_session: b.session } : {}),
});
