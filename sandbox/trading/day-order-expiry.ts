import { dateText, nyInstant, nyLocal, RTH_CLOSE_MIN } from '../../shared/market/calendar';
import type { MarketView } from '../market/market-view';

/**
 * New York dates and the DAY-order expiry, on the one New York time zone of the app
 * (shared/market/calendar.ts). DAY orders expire at the 16:00 ET regular close; the market's own
 * calendar (MarketView.session) decides which days have a regular session, so weekends and
 * exchange holidays are skipped without a second copy of the calendar here.
 */

/** `YYYY-MM-DD` of the New York calendar day containing `ms`. */
export const etDate = (ms: number): string => dateText(nyLocal(ms).day);

/** The first 16:00 ET regular close strictly after `ms` on a day that has a regular session. */
export function nextRegularClose(ms: number, market: Pick<MarketView, 'session'>): number {
  const today = nyLocal(ms).day;
  for (let i = 0; i < 15; i++) {
    const close = nyInstant(today + i, RTH_CLOSE_MIN);
    if (close <= ms) continue;
    if (market.session(close - 60_000) === 'RTH') return close;
  }
  // No regular session found in two weeks (a broken calendar): expire at the next 16:00 anyway.
  return nyInstant(today + 1, RTH_CLOSE_MIN);
}
