import type { Timespan } from '../../../shared/openapi/primitives';
import type { PanelProps } from '../../ui/panel-types';

export type { LinkedInstrument } from '../../ui/panel-types';

export interface ChartIndicators {
  sma: boolean;
  ema: boolean;
  vwap: boolean;
  bollinger: boolean;
}

/** Persisted per chart panel. */
export interface ChartSettings {
  timespan: Timespan;
  indicators: ChartIndicators;
  scale: 'linear' | 'log';
  /** Intraday timespans also request and show pre-market and after-hours bars (shaded). */
  extendedHours: boolean;
}

export const DEFAULT_CHART_SETTINGS: ChartSettings = {
  timespan: 'D',
  indicators: { sma: false, ema: false, vwap: false, bollinger: false },
  scale: 'linear',
  extendedHours: false,
};

/** What the workspace hands every chart panel instance. */
export type ChartPanelProps = PanelProps<ChartSettings>;
