import { sessionAt, type Session } from './calendar';
import { marketTimeAt, type MarketClock } from './market-clock';

/**
 * The one staleness rule (docs/ui.md "Live and stale quotes"), applied in main (electron/streaming/
 * staleness.ts), which marks each quote record `stale`; the renderer shows what main says. A quote
 * is stale when it was received longer ago than the threshold of the session the MARKET is in.
 * Liquid symbols print every few seconds in regular hours; the extended sessions are thin, so they
 * get longer. While the market is closed nothing trades, so an old quote is the last price, not a
 * stale one. The session is read from the market clock, not the wall clock: a replayed or pinned
 * session is in regular hours while the wall clock is at night, and its feed ticks, so a feed that
 * stops there is stale too.
 */
export const STALE_AFTER_MS: Record<Exclude<Session, 'CLOSED'>, number> = {
  RTH: 15_000,
  PRE: 120_000,
  ATH: 120_000,
  OVN: 120_000,
};

/** The threshold at wall instant `nowMs` (market session from `clock`); undefined while the market is closed. */
export function staleAfterMsAt(nowMs: number, clock?: MarketClock): number | undefined {
  const session = sessionAt(marketTimeAt(clock, nowMs));
  return session === 'CLOSED' ? undefined : STALE_AFTER_MS[session];
}

/**
 * `quoteTimeMs`: main's receive time (wall clock, shared/ipc/streams.ts `time`); `nowMs`: the wall
 * clock now; `clock`: the market clock (absent: the wall clock).
 */
export function isQuoteStale(quoteTimeMs: number | undefined, nowMs: number, clock?: MarketClock): boolean {
  if (quoteTimeMs === undefined || quoteTimeMs <= 0) return false;
  const limit = staleAfterMsAt(nowMs, clock);
  return limit !== undefined && nowMs - quoteTimeMs > limit;
}
