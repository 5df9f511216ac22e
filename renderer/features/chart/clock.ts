import { DAY_MS, MIN, nyInstant, nyOffsetMinutes } from '../../../shared/market/calendar';
import type { Timespan } from '../../../shared/openapi/primitives';
import { isIntraday } from './timespan-labels';

/**
 * One clock: the chart shows exchange time (America/New_York). lightweight-charts formats a
 * UTCTimestamp as UTC, so every bar's time is shifted to New York wall-clock seconds ("chart
 * time") once, at conversion; the axis, the crosshair label and the legend then read New York time
 * with the library's own formatting, and a chart day is simply `floor(chartTime / 86400)`. The
 * shift is undone only where a real instant is needed (paging's `end_time`, local time on hover).
 */
export function toChartTime(ms: number): number {
  return (ms + nyOffsetMinutes(ms) * MIN) / 1000;
}

/** The real instant (Unix ms) of a chart time. */
export function fromChartTime(seconds: number): number {
  const day = Math.floor(seconds / 86_400);
  return nyInstant(day, (seconds * 1000 - day * DAY_MS) / MIN);
}

const utc = (opts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...opts, timeZone: 'UTC' });
const dateFmt = utc({ weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
const timeFmt = utc({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const secFmt = utc({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const monthFmt = utc({ year: 'numeric', month: 'short' });
const localFmt = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** The legend's label of a bar's time, in exchange time and labelled ET where a clock time shows. */
export function formatBarTime(chartSeconds: number, timespan: Timespan): string {
  const d = new Date(chartSeconds * 1000);
  if (timespan === 'Y') return String(d.getUTCFullYear());
  if (timespan === 'M') return monthFmt.format(d);
  if (timespan === 'W') return `Week of ${dateFmt.format(d)}`;
  if (timespan === 'D') return dateFmt.format(d);
  const clock = timespan === 'S5' || timespan === 'S15' ? secFmt : timeFmt;
  return `${dateFmt.format(d)} ${clock.format(d)} ET`;
}

/** The same instant on the user's own clock, for the hover hint (intraday only; a date has no clock). */
export function localTimeHint(chartSeconds: number, timespan: Timespan): string | undefined {
  if (!isIntraday(timespan)) return undefined;
  return localFmt.format(new Date(fromChartTime(chartSeconds)));
}
