import type { MarketView } from '../market/market-view';

/**
 * New York wall-clock helpers. DAY orders expire at the 16:00 ET regular close (docs/sandbox.md); the
 * simulator's own calendar (MarketView.session) decides which days have a regular session, so
 * weekends and exchange holidays are skipped without a second copy of the calendar here.
 */
const ET = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface EtParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function etParts(ms: number): EtParts {
  const parts = Object.fromEntries(ET.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const n = (k: string) => Number(parts[k] ?? 0);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
  };
}

/** `YYYY-MM-DD` of the New York calendar day containing `ms`. */
export function etDate(ms: number): string {
  const p = etParts(ms);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The UTC instant of a New York wall-clock time (DST-aware: the offset is read at that instant). */
export function etWallTime(year: number, month: number, day: number, hour: number, minute = 0): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (ms: number) => {
    const p = etParts(ms);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - ms;
  };
  const first = guess - offsetAt(guess);
  return guess - offsetAt(first);
}

/** The first 16:00 ET regular close strictly after `ms` on a day that has a regular session. */
export function nextRegularClose(ms: number, market: Pick<MarketView, 'session'>): number {
  const start = etParts(ms);
  for (let i = 0; i < 15; i++) {
    const day = new Date(Date.UTC(start.year, start.month - 1, start.day + i));
    const close = etWallTime(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 16);
    if (close <= ms) continue;
    if (market.session(close - 60_000) === 'RTH') return close;
  }
  // No regular session found in two weeks (a broken calendar): expire at the next 16:00 anyway.
  const tomorrow = new Date(Date.UTC(start.year, start.month - 1, start.day + 1));
  return etWallTime(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate(), 16);
}
