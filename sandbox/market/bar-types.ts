import type { Timespan } from '../../shared/openapi/primitives';
import type { Session } from './market-view';

/** The bar shapes shared by the daily and intraday aggregations (bars.ts, intraday-bars.ts). */
export type TradingSession = Exclude<Session, 'CLOSED'>;

export interface NumericBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  session?: TradingSession;
}

export interface BarQuery {
  timespan: Timespan;
  /** Latest N bars (default 200). */
  count?: number;
  startTime?: number;
  endTime?: number;
  /** Intraday only; default RTH. */
  sessions?: readonly TradingSession[];
}
