/** Bullpen's four US equity sessions (pre-market, regular, after-hours, overnight) and the gap. */
export type Session = 'PRE' | 'RTH' | 'ATH' | 'OVN' | 'CLOSED';

/**
 * The US equity calendar in America/New_York, rule-based (no external data): NYSE holidays with
 * their observed-day shifts, 13:00 early closes, and Bullpen's four sessions. Days are "day numbers"
 * (days since 1970-01-01 of the New York calendar date); instants are Unix ms. DST is resolved with
 * Intl.DateTimeFormat per UTC hour, so switch days get their real 23 or 25 hours.
 */

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
export const MIN = 60_000;

const PRE_START_MIN = 4 * 60;
export const RTH_OPEN_MIN = 9 * 60 + 30;
export const RTH_CLOSE_MIN = 16 * 60;
const EARLY_CLOSE_MIN = 13 * 60;
/** After-hours lasts four hours after the close (to 20:00, or 17:00 on an early-close day). */
const ATH_LENGTH_MIN = 4 * 60;
const OVN_START_MIN = 20 * 60;

export const dayNumber = (y: number, m: number, d: number): number =>
  Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export const weekday = (day: number): number => (((day + 4) % 7) + 7) % 7;

export function dateParts(day: number): { y: number; m: number; d: number } {
  const dt = new Date(day * DAY_MS);
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() };
}

export const dateText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function parseDateText(text: string): number {
  const [y, m, d] = text.split('-').map(Number);
  return dayNumber(y ?? 1970, m ?? 1, d ?? 1);
}

// ---- time zone ----

/**
 * Made on first use, not when the module loads: a thread's first time-zone formatter loads ICU's
 * zone data (about 26 ms on the build machine, more on a busy start), and every process that
 * imports the calendar would pay it on its start whether or not it asks for a New York time then.
 */
let nyFormat: Intl.DateTimeFormat | undefined;
const newYorkFormat = () =>
  (nyFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }));

/** Offset at an exact instant, straight from Intl (slow: used only to find each year's switches). */
function intlOffsetMinutes(ms: number): number {
  const parts = newYorkFormat().formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - Math.floor(ms / MIN) * MIN) / MIN);
}

interface YearZone {
  standard: number;
  daylight: number;
  /** First instant of daylight time, and first instant back on standard time (hour-aligned). */
  springAt: number;
  fallAt: number;
}
const zones = new Map<number, YearZone>();

/** First hour in [lo, hi) whose offset equals `target` (offsets change on the hour, once per half-year). */
function findSwitch(lo: number, hi: number, target: number): number {
  let a = Math.floor(lo / HOUR_MS);
  let b = Math.floor(hi / HOUR_MS);
  while (a < b) {
    const mid = Math.floor((a + b) / 2);
    if (intlOffsetMinutes(mid * HOUR_MS) === target) b = mid;
    else a = mid + 1;
  }
  return a * HOUR_MS;
}

function zoneOf(y: number): YearZone {
  const cached = zones.get(y);
  if (cached) return cached;
  const jan = Date.UTC(y, 0, 1, 12);
  const jul = Date.UTC(y, 6, 1, 12);
  const standard = intlOffsetMinutes(jan);
  const daylight = intlOffsetMinutes(jul);
  const zone =
    standard === daylight
      ? { standard, daylight, springAt: Infinity, fallAt: Infinity }
      : {
          standard,
          daylight,
          springAt: findSwitch(jan, jul, daylight),
          fallAt: findSwitch(jul, Date.UTC(y, 11, 31, 12), standard),
        };
  zones.set(y, zone);
  return zone;
}

const lastYear: { from: number; to: number; zone?: YearZone } = { from: 0, to: 0 };

/** New York's UTC offset in minutes (−300 EST, −240 EDT) at an instant; each year's DST switches come from Intl. */
export function nyOffsetMinutes(ms: number): number {
  // The UTC year of the previous call is usually this one's (a bar query walks day by day).
  let z = lastYear.zone;
  if (!(ms >= lastYear.from && ms < lastYear.to) || !z) {
    const y = new Date(ms).getUTCFullYear();
    z = zoneOf(y);
    lastYear.from = Date.UTC(y, 0, 1);
    lastYear.to = Date.UTC(y + 1, 0, 1);
    lastYear.zone = z;
  }
  return ms >= z.springAt && ms < z.fallAt ? z.daylight : z.standard;
}

/** The instant of a New York wall-clock time (minutes may exceed 1440 or be negative). */
export function nyInstant(day: number, minutes: number): number {
  const local = day * DAY_MS + minutes * MIN;
  const guess = local - nyOffsetMinutes(local + 5 * HOUR_MS) * MIN;
  return local - nyOffsetMinutes(guess) * MIN;
}

/** New York calendar day and minute of day of an instant. */
export function nyLocal(ms: number): { day: number; minute: number } {
  const local = ms + nyOffsetMinutes(ms) * MIN;
  const day = Math.floor(local / DAY_MS);
  return { day, minute: Math.floor((local - day * DAY_MS) / MIN) };
}

// ---- holidays ----

export interface DayRule {
  kind: 'holiday' | 'early';
  name: string;
}

/** Anonymous Gregorian computus (Meeus/Jones/Butcher): Easter Sunday of a year. */
export function easterSunday(y: number): number {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(y, month, dayOfMonth);
}

/** The n-th given weekday of a month (n = −1: the last). */
function nthWeekday(y: number, m: number, wd: number, n: number): number {
  if (n > 0) {
    const first = dayNumber(y, m, 1);
    return first + ((wd - weekday(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = dayNumber(y, m + 1, 1) - 1;
  return last - ((weekday(last) - wd + 7) % 7);
}

/** A fixed-date holiday on a weekend moves to Friday (Saturday) or Monday (Sunday). */
function observed(day: number): number {
  const wd = weekday(day);
  return wd === 6 ? day - 1 : wd === 0 ? day + 1 : day;
}

const rulesByYear = new Map<number, Map<number, DayRule>>();

function yearRules(y: number): Map<number, DayRule> {
  const cached = rulesByYear.get(y);
  if (cached) return cached;
  const rules = new Map<number, DayRule>();
  const holiday = (day: number, name: string) => rules.set(day, { kind: 'holiday', name });
  const early = (day: number, name: string) => {
    const wd = weekday(day);
    if (wd >= 1 && wd <= 5 && !rules.has(day)) rules.set(day, { kind: 'early', name });
  };
  // NYSE Rule 7.2: a Saturday New Year's Day is not moved to the Friday (that Friday ends a year).
  const newYear = dayNumber(y, 1, 1);
  if (weekday(newYear) !== 6) holiday(observed(newYear), "New Year's Day");
  if (y >= 1998) holiday(nthWeekday(y, 1, 1, 3), 'Martin Luther King Jr. Day');
  holiday(nthWeekday(y, 2, 1, 3), "Washington's Birthday");
  holiday(easterSunday(y) - 2, 'Good Friday');
  holiday(nthWeekday(y, 5, 1, -1), 'Memorial Day');
  if (y >= 2022) holiday(observed(dayNumber(y, 6, 19)), 'Juneteenth');
  holiday(observed(dayNumber(y, 7, 4)), 'Independence Day');
  holiday(nthWeekday(y, 9, 1, 1), 'Labor Day');
  const thanksgiving = nthWeekday(y, 11, 4, 4);
  holiday(thanksgiving, 'Thanksgiving Day');
  holiday(observed(dayNumber(y, 12, 25)), 'Christmas Day');
  // Early closes: only on weekdays that are not themselves holidays (a Friday July 3 is the
  // observed Independence Day, not an early close).
  early(thanksgiving + 1, 'Day after Thanksgiving');
  early(dayNumber(y, 12, 24), 'Christmas Eve');
  if (weekday(dayNumber(y, 7, 4)) !== 1) early(dayNumber(y, 7, 3), 'Independence Day eve');
  rulesByYear.set(y, rules);
  return rules;
}

export function dayRule(day: number): DayRule | undefined {
  return yearRules(dateParts(day).y).get(day);
}

export function isTradingDay(day: number): boolean {
  const wd = weekday(day);
  return wd !== 0 && wd !== 6 && dayRule(day)?.kind !== 'holiday';
}

/** Minute of day the regular session closes (16:00, or 13:00 on an early-close day). */
export const closeMinute = (day: number): number =>
  dayRule(day)?.kind === 'early' ? EARLY_CLOSE_MIN : RTH_CLOSE_MIN;

// ---- trading-day index (for daily random walks addressed by trading day) ----

const FIRST_YEAR = 1990;
const LAST_YEAR = 2100;
let tradingDays: Int32Array | undefined;

function allTradingDays(): Int32Array {
  if (tradingDays) return tradingDays;
  const list: number[] = [];
  for (let d = dayNumber(FIRST_YEAR, 1, 1); d <= dayNumber(LAST_YEAR, 12, 31); d++)
    if (isTradingDay(d)) list.push(d);
  tradingDays = Int32Array.from(list);
  return tradingDays;
}

/** Index of the last trading day on or before `day` (−1 before the table starts). */
export function tradingIndexOnOrBefore(day: number): number {
  const days = allTradingDays();
  let lo = 0;
  let hi = days.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((days[mid] ?? 0) <= day) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export function tradingDayAt(index: number): number {
  const days = allTradingDays();
  const i = Math.max(0, Math.min(days.length - 1, index));
  return days[i] ?? 0;
}

export const previousTradingDay = (day: number): number => tradingDayAt(tradingIndexOnOrBefore(day - 1));
export const nextTradingDay = (day: number): number => tradingDayAt(tradingIndexOnOrBefore(day) + 1);

// ---- sessions ----

export interface SessionWindow {
  session: Exclude<Session, 'CLOSED'>;
  /** The trading day the window belongs to (an overnight window belongs to the morning it ends in). */
  day: number;
  start: number;
  end: number;
}

/** The four windows of a trading day, in time order: OVN (evening before), PRE, RTH, ATH. */
export function sessionWindows(day: number): SessionWindow[] {
  const close = closeMinute(day);
  return [
    { session: 'OVN', day, start: nyInstant(day - 1, OVN_START_MIN), end: nyInstant(day, PRE_START_MIN) },
    { session: 'PRE', day, start: nyInstant(day, PRE_START_MIN), end: nyInstant(day, RTH_OPEN_MIN) },
    { session: 'RTH', day, start: nyInstant(day, RTH_OPEN_MIN), end: nyInstant(day, close) },
    { session: 'ATH', day, start: nyInstant(day, close), end: nyInstant(day, close + ATH_LENGTH_MIN) },
  ];
}

export function sessionWindow(day: number, session: SessionWindow['session']): SessionWindow {
  const w = sessionWindows(day).find((s) => s.session === session);
  if (!w) throw new Error(`no ${session} window`);
  return w;
}

/** Which session an instant falls in. Overnight runs 20:00–04:00 on nights before a trading day. */
export function sessionAt(ms: number): Session {
  const { day, minute } = nyLocal(ms);
  if (minute >= OVN_START_MIN) return isTradingDay(day + 1) ? 'OVN' : 'CLOSED';
  if (!isTradingDay(day)) return 'CLOSED';
  if (minute < PRE_START_MIN) return 'OVN';
  if (minute < RTH_OPEN_MIN) return 'PRE';
  const close = closeMinute(day);
  if (minute < close) return 'RTH';
  if (minute < close + ATH_LENGTH_MIN) return 'ATH';
  return 'CLOSED';
}

/** The latest trading day whose regular session has opened at `ms` (the "current" day of a quote). */
export function regularDayAt(ms: number): number {
  const { day } = nyLocal(ms);
  let d = tradingDayAt(tradingIndexOnOrBefore(day));
  if (nyInstant(d, RTH_OPEN_MIN) > ms) d = previousTradingDay(d);
  return d;
}
