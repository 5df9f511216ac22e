import { dateText, nyLocal } from '../../shared/market/calendar';
import { marketNow } from './market-now';

/**
 * Every time the UI shows is exchange time (America/New_York), labelled "ET"; the local time is
 * offered on hover (a `title`).
 */
const ET = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const ET_DATE_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** Alerts outlive a day, so their times carry the date: "Nov 23, 14:03:07". */
const ET_DAY_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const LOCAL = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** "14:03:07" in New York; "—" for no time. */
export function formatEt(ms: number | undefined): string {
  if (!ms) return '—';
  return ET.format(ms);
}

/** "14:03:07 ET". */
export function formatEtLabelled(ms: number | undefined): string {
  return ms ? `${formatEt(ms)} ET` : '—';
}

/** The same instant in the machine's zone, for a hover title. */
export function formatLocal(ms: number | undefined): string {
  return ms ? `Local time ${LOCAL.format(ms)}` : '';
}

/** "Nov 25, 2026, 14:03 ET": for instants days away (an access token's expiry). */
export function formatEtDateTimeLabelled(ms: number | undefined): string {
  return ms ? `${ET_DATE_TIME.format(ms)} ET` : '—';
}

/** "Nov 23, 14:03:07 ET": an instant within the year that may be days ago (an alert's times). */
export function formatEtDayTimeLabelled(ms: number | undefined): string {
  return ms ? `${ET_DAY_TIME.format(ms)} ET` : '—';
}

/**
 * Today's exchange date, `YYYY-MM-DD` (expiries and order-history ranges are exchange dates), on the
 * market clock: in a replayed or pinned session "today" is the market's day, not the wall clock's.
 */
export function todayEt(now = marketNow()): string {
  return dateText(nyLocal(now).day);
}
