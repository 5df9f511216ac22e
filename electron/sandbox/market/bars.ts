import type { Timespan } from '../../../shared/openapi/primitives';
import type { Bar } from '../../../shared/openapi/records/market';
import {
  closeMinute,
  dateParts,
  nyInstant,
  nyLocal,
  RTH_OPEN_MIN,
  sessionWindows,
  tradingDayAt,
  tradingIndexOnOrBefore,
  weekday,
} from '../../../shared/market/calendar';
import type { Session } from './market-view';
import { BUCKET_STEPS, STEP_MS, type PricePaths } from './price-path';
import { centsText } from './prng';
import type { UniverseSeed } from './universe';

/**
 * Bars of every timespan, all aggregated from the one 5-second path (price-path.ts): intraday
 * buckets from its steps, D from the regular session (whose figures the path reproduces exactly),
 * W/M/Y from D. Buckets are aligned to 09:30 New York of their trading day, so M60 bars start at
 * 09:30, 10:30 … like the session-aligned hourly bars traders expect.
 */

export type TradingSession = Exclude<Session, 'CLOSED'>;

export interface NumericBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  session?: TradingSession;
}

export interface BarQuery {
  timespan: Timespan;
  /** Latest N bars (default 200). */
  count?: number;
  startTime?: number;
  endTime?: number;
  /** Intraday only; default RTH. */
  sessions?: readonly TradingSession[];
}

export const DEFAULT_BAR_COUNT = 200;
const SPAN_MS: Partial<Record<Timespan, number>> = {
  S5: 5_000,
  S15: 15_000,
  M1: 60_000,
  M5: 300_000,
  M15: 900_000,
  M30: 1_800_000,
  M60: 3_600_000,
  M120: 7_200_000,
  M240: 14_400_000,
};
/** How far back an intraday query may walk looking for bars (M240, RTH-only, 1200 bars ≈ 600 days). */
const MAX_INTRADAY_DAYS = 1_300;

export const isIntraday = (t: Timespan): boolean => SPAN_MS[t] !== undefined;

function addStep(
  bars: NumericBar[],
  time: number,
  o: number,
  c: number,
  v: number,
  session: TradingSession,
): void {
  const last = bars[bars.length - 1];
  const hi = o > c ? o : c;
  const lo = o < c ? o : c;
  if (last && last.time === time) {
    if (hi > last.high) last.high = hi;
    if (lo < last.low) last.low = lo;
    last.close = c;
    last.volume += v;
  } else bars.push({ time, open: o, high: hi, low: lo, close: c, volume: v, session });
}

function addBar(
  bars: NumericBar[],
  time: number,
  o: number,
  h: number,
  l: number,
  c: number,
  v: number,
  session: TradingSession,
): void {
  const last = bars[bars.length - 1];
  if (last && last.time === time) {
    if (h > last.high) last.high = h;
    if (l < last.low) last.low = l;
    last.close = c;
    last.volume += v;
  } else bars.push({ time, open: o, high: h, low: l, close: c, volume: v, session });
}

const BUCKET_MS = BUCKET_STEPS * STEP_MS;

/**
 * One trading day's intraday bars of the given sessions, only from steps completed by `now`.
 * A timespan of whole 5-minute buckets reads the completed buckets' figures (the same as
 * aggregating their steps) and the steps of the bucket under way only.
 */
export function intradayBarsOfDay(
  paths: PricePaths,
  info: UniverseSeed,
  day: number,
  spanMs: number,
  sessions: readonly TradingSession[],
  now: number,
): NumericBar[] {
  const bars: NumericBar[] = [];
  const origin = nyInstant(day, RTH_OPEN_MIN);
  const bucketwise = spanMs % BUCKET_MS === 0;
  const bucketOf = (t: number) => origin + Math.floor((t - origin) / spanMs) * spanMs;
  for (const w of sessionWindows(day)) {
    if (!sessions.includes(w.session) || w.start >= now) continue;
    const bp = paths.buckets(info, day, w.session);
    const done = Math.min(bp.steps, Math.floor((now - bp.start) / STEP_MS));
    if (bucketwise) {
      const full = Math.floor(done / BUCKET_STEPS);
      for (let b = 0; b < full; b++) {
        const t = bp.start + b * BUCKET_MS;
        addBar(
          bars,
          bucketOf(t),
          bp.price[b] ?? 0,
          bp.high[b] ?? 0,
          bp.low[b] ?? 0,
          bp.price[b + 1] ?? 0,
          bp.volume[b] ?? 0,
          w.session,
        );
      }
      const rest = done - full * BUCKET_STEPS;
      if (rest > 0) {
        const part = paths.bucketPath(info, bp, full);
        const t0 = bp.start + full * BUCKET_MS;
        for (let j = 0; j < rest; j++)
          addStep(
            bars,
            bucketOf(t0 + j * STEP_MS),
            part.price[j] ?? 0,
            part.price[j + 1] ?? 0,
            part.volume[j] ?? 0,
            w.session,
          );
      }
      continue;
    }
    const seg = paths.segment(info, day, w.session);
    for (let j = 0; j < done; j++) {
      const t = seg.start + j * STEP_MS;
      addStep(bars, bucketOf(t), seg.price[j] ?? 0, seg.price[j + 1] ?? 0, seg.volume[j] ?? 0, w.session);
    }
  }
  return bars;
}

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

function inRange(t: number, q: BarQuery): boolean {
  return (q.startTime === undefined || t >= q.startTime) && (q.endTime === undefined || t <= q.endTime);
}

function intradayBars(
  paths: PricePaths,
  info: UniverseSeed,
  q: BarQuery,
  now: number,
  count: number,
): NumericBar[] {
  const spanMs = SPAN_MS[q.timespan] ?? 60_000;
  const sessions = q.sessions && q.sessions.length > 0 ? q.sessions : (['RTH'] as const);
  const until = Math.min(now, q.endTime === undefined ? now : q.endTime + spanMs);
  // The trading day an instant belongs to: evenings after 20:00 belong to the next morning's overnight.
  const lastIndex = tradingIndexOnOrBefore(nyLocal(until).day + 1);
  if (lastIndex < 0) return [];
  let dayIndex = lastIndex;
  const chunks: NumericBar[][] = [];
  let collected = 0;
  // Bounded by the walk limit and by the first day of history (index 0).
  for (let walked = 0; walked < MAX_INTRADAY_DAYS && collected < count && dayIndex >= 0; walked++) {
    const day = tradingDayAt(dayIndex);
    const windows = sessionWindows(day);
    const last = windows[windows.length - 1];
    const first = windows[0];
    if (q.startTime !== undefined && last && last.end <= q.startTime) break;
    if (first && first.start < until) {
      const dayBars = intradayBarsOfDay(paths, info, day, spanMs, sessions, until).filter((b) =>
        inRange(b.time, q),
      );
      chunks.push(dayBars);
      collected += dayBars.length;
    }
    dayIndex--;
  }
  const all: NumericBar[] = [];
  for (let i = chunks.length - 1; i >= 0; i--) {
    for (const b of chunks[i] ?? []) {
      const prev = all[all.length - 1];
      // An evening bucket can be shared by one day's after-hours and the next day's overnight.
      if (prev && prev.time === b.time) {
        prev.high = Math.max(prev.high, b.high);
        prev.low = Math.min(prev.low, b.low);
        prev.close = b.close;
        prev.volume += b.volume;
      } else all.push({ ...b });
    }
  }
  return all.slice(-count);
}

/** Daily bars of the trading days with index in [fromIndex, toIndex] that have opened by `now`. */
export function dailyBarsBetween(
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
export function computeBars(paths: PricePaths, info: UniverseSeed, q: BarQuery, now: number): NumericBar[] {
  const count = q.count ?? DEFAULT_BAR_COUNT;
  if (isIntraday(q.timespan)) return intradayBars(paths, info, q, now, count);
  const until = q.endTime === undefined ? now : Math.min(now, q.endTime);
  const toIndex = tradingIndexOnOrBefore(nyLocal(until).day);
  // Before the first day of history there is nothing (tradingIndexOnOrBefore gives −1).
  if (toIndex < 0) return [];
  // Never before index 0: tradingDayAt clamps there, so an index below it would repeat day 0.
  let fromIndex = Math.max(0, toIndex - (count + 1) * (DAYS_PER[q.timespan] ?? 1));
  if (q.startTime !== undefined)
    fromIndex = Math.max(fromIndex, tradingIndexOnOrBefore(nyLocal(q.startTime).day) - 1);
  // W/M/Y: start at the first trading day of the oldest period so that its bar is complete (or at
  // the first day of history, whose period is the oldest there is).
  const key = periodKeyOfDay(q.timespan, tradingDayAt(fromIndex));
  while (fromIndex > 0 && periodKeyOfDay(q.timespan, tradingDayAt(fromIndex - 1)) === key) fromIndex--;
  const grouped =
    q.timespan === 'D'
      ? dailyBarsBetween(paths, info, fromIndex, toIndex, now)
      : periodBarsBetween(paths, info, q.timespan, fromIndex, toIndex, now);
  return grouped.filter((b) => inRange(b.time, q)).slice(-count);
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
