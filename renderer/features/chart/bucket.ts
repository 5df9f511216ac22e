import {
  dateParts,
  dayNumber,
  nyInstant,
  nyLocal,
  RTH_OPEN_MIN,
  sessionAt,
  tradingDayAt,
  tradingIndexOnOrBefore,
  weekday,
} from '../../../shared/market/calendar';
import type { QuoteRecord } from '../../../shared/ipc/streams';
import type { Timespan } from '../../../shared/openapi/primitives';
import { INTRADAY_SPAN_MS } from './timespan-labels';

/**
 * Which bar a trade belongs to, by the same rule the bars the API returns follow (see docs/ui.md,
 * "Chart"): intraday buckets are aligned to 09:30 New York of the trade's trading day (so M60 bars
 * start 09:30, 10:30 …, and a pre-market trade at 09:10 falls in the 08:30 hourly bucket); D is the
 * regular session and starts at its 09:30 open; W, M and Y start at 09:30 of the first trading day
 * of their week, month or year. Holidays, weekends, early closes and DST come from the one market
 * calendar. Returns the bucket's start (Unix ms), or undefined when the trade belongs to no bar the
 * chart shows: outside the regular session (or outside pre-market/regular/after-hours with
 * extended hours on; overnight trades are never charted), or on a closed day.
 */
export function bucketStart(ms: number, timespan: Timespan, extendedHours: boolean): number | undefined {
  const session = sessionAt(ms);
  const span = INTRADAY_SPAN_MS[timespan];
  if (span !== undefined) {
    const charted = session === 'RTH' || (extendedHours && (session === 'PRE' || session === 'ATH'));
    if (!charted) return undefined;
    const origin = nyInstant(nyLocal(ms).day, RTH_OPEN_MIN);
    return origin + Math.floor((ms - origin) / span) * span;
  }
  // D/W/M/Y bars are made of the regular session only, as the API's daily bars are.
  if (session !== 'RTH') return undefined;
  return nyInstant(firstTradingDayOfPeriod(nyLocal(ms).day, timespan), RTH_OPEN_MIN);
}

/** First trading day of the day's week (Monday-based), month or year; the day itself for D. */
function firstTradingDayOfPeriod(day: number, timespan: Timespan): number {
  const { y, m } = dateParts(day);
  const start =
    timespan === 'W'
      ? day - ((weekday(day) + 6) % 7)
      : timespan === 'M'
        ? dayNumber(y, m, 1)
        : timespan === 'Y'
          ? dayNumber(y, 1, 1)
          : day;
  return tradingDayAt(tradingIndexOnOrBefore(start - 1) + 1);
}

/**
 * The instant a streamed quote's price was traded. The exchange's trade time (`tradeTime`) when
 * the stream carries it; otherwise `time`, the newest message's time, which is later than the
 * trade by the feed's delay and can push a trade made at 15:59:59.9 into a bar after the close.
 * This is the only place that choice is made.
 */
export function quoteTradeTime(q: Pick<QuoteRecord, 'time'> & { tradeTime?: number }): number {
  return q.tradeTime ?? q.time;
}
