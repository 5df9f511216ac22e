import { TIMESPANS, type Timespan } from '../../../shared/openapi/primitives';

/** Every timespan the bars operation offers, with the short label on the button and its spoken name. */
export const CHART_TIMESPANS: readonly Timespan[] = TIMESPANS;

export const TIMESPAN_LABEL: Record<Timespan, { short: string; name: string }> = {
  S5: { short: '5s', name: '5 seconds' },
  S15: { short: '15s', name: '15 seconds' },
  M1: { short: '1m', name: '1 minute' },
  M5: { short: '5m', name: '5 minutes' },
  M15: { short: '15m', name: '15 minutes' },
  M30: { short: '30m', name: '30 minutes' },
  M60: { short: '1h', name: '1 hour' },
  M120: { short: '2h', name: '2 hours' },
  M240: { short: '4h', name: '4 hours' },
  D: { short: '1D', name: 'Daily' },
  W: { short: '1W', name: 'Weekly' },
  M: { short: '1M', name: 'Monthly' },
  Y: { short: '1Y', name: 'Yearly' },
};

/** Length of an intraday bucket in ms; undefined for D, W, M and Y (calendar periods). */
export const INTRADAY_SPAN_MS: Partial<Record<Timespan, number>> = {
  S5: 5_000,
  S15: 15_000,
  M1: 60_000,
  M5: 300_000,
  M15: 900_000,
  M30: 1_800_000,
  M60: 3_600_000,
  M120: 7_200_000,
  M240: 14_400_000,
};

export const isIntraday = (t: Timespan): boolean => INTRADAY_SPAN_MS[t] !== undefined;
