import { sessionAt, type Session } from '../../../shared/market/calendar';
import { marketTimeAt, type MarketClock } from '../../../shared/market/market-clock';

/**
 * When a quote counts as stale (docs/ui.md "Live and stale quotes"): it was received longer ago than
 * the threshold of the session the MARKET is in. Liquid symbols print every few seconds in regular
 * hours; the extended sessions are thin, so they get longer. While the market is closed nothing
 * trades, so an old quote is the last price, not a stale one. The session is read from the market
 * clock main reports, not the wall clock: a replayed or pinned session is in regular hours while the
 * wall clock is at night, and its feed ticks, so a feed that stops there is stale too.
 */
export const STALE_AFTER_MS: Record<Exclude<Session, 'CLOSED'>, number> = {
  RTH: 15_000,
  PRE: 120_000,
  ATH: 120_000,
  OVN: 120_000,
};

/**
 * `quoteTimeMs`: main's receive time (wall clock, shared/ipc/streams.ts `time`); `nowMs`: the wall
 * clock now; `clock`: the market clock (absent: the wall clock).
 */
export function isQuoteStale(quoteTimeMs: number | undefined, nowMs: number, clock?: MarketClock): boolean {
  if (quoteTimeMs === undefined || quoteTimeMs <= 0) return false;
  const session = sessionAt(marketTimeAt(clock, nowMs));
  if (session === 'CLOSED') return false;
  return nowMs - quoteTimeMs > STALE_AFTER_MS[session];
}
