import { TIMESPANS, type Timespan } from '../../../shared/openapi/wire-constants';

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

export { INTRADAY_SPAN_MS, isIntraday } from '../../../shared/market/timespans';
