import { sessionAt, type Session } from '../../../shared/market/calendar';

/**
 * When a quote counts as stale (docs/ui.md, "Stale quotes"): its own time is older than the
 * session's threshold. Liquid symbols print every few seconds in regular hours; the extended
 * sessions are thin, so they get longer. While the market is closed nothing trades, so an old quote
 * is the last price, not a stale one; the same while the sandbox replays a past session (its quote
 * times are the replayed day's).
 */
export const STALE_AFTER_MS: Record<Exclude<Session, 'CLOSED'>, number> = {
  RTH: 15_000,
  PRE: 120_000,
  ATH: 120_000,
  OVN: 120_000,
};

export function isQuoteStale(quoteTimeMs: number | undefined, nowMs: number, replaying = false): boolean {
  if (replaying || quoteTimeMs === undefined || quoteTimeMs <= 0) return false;
  const session = sessionAt(nowMs);
  if (session === 'CLOSED') return false;
  return nowMs - quoteTimeMs > STALE_AFTER_MS[session];
}
