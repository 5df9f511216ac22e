import type { Timespan } from '../openapi/primitives';

/**
 * Length of an intraday bar in ms; undefined for D, W, M and Y, which are calendar periods (a
 * trading day, week, month or year) rather than fixed lengths. Buckets start at 09:30 New York of
 * their trading day in both the sandbox and the chart.
 */
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
