import {
  nyInstant,
  nyLocal,
  RTH_OPEN_MIN,
  sessionWindows,
  tradingDayAt,
  tradingIndexOnOrBefore,
} from '../../shared/market/calendar';
import { INTRADAY_SPAN_MS, isIntraday } from '../../shared/market/timespans';
import type { BarQuery, NumericBar, TradingSession } from './bar-types';
import { BUCKET_STEPS, STEP_MS, type PricePaths } from './price-path';
import type { UniverseSeed } from './universe';
/**
 * Intraday bars (S5 … M240) of the one 5-second path (price-path.ts), buckets aligned to 09:30 New
 * York of their trading day so M60 bars start at 09:30, 10:30 … like the session-aligned hourly bars
 * traders expect. Timespans of whole 5-minute buckets read the bucket level of the path.
 */

/** How far back an intraday query may walk looking for bars (M240, RTH-only, 1200 bars ≈ 600 days). */
const MAX_INTRADAY_DAYS = 1_300;

export { isIntraday };

export function inRange(t: number, q: BarQuery): boolean {
  return (q.startTime === undefined || t >= q.startTime) && (q.endTime === undefined || t <= q.endTime);
}

function addStep(
  bars: NumericBar[],
  time: number,
  o: number,
  c: number,
  v: number,
  session: TradingSession,
): void {
  // A 5-second step moves straight from its open to its close: those are its high and low.
  addBar(bars, time, o, o > c ? o : c, o < c ? o : c, c, v, session);
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
function intradayBarsOfDay(
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
    const done = paths.stepsDone(info, day, bp.start, bp.steps, now);
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

export function intradayBars(
  paths: PricePaths,
  info: UniverseSeed,
  q: BarQuery,
  now: number,
  count: number,
): NumericBar[] {
  const spanMs = INTRADAY_SPAN_MS[q.timespan] ?? 60_000;
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
