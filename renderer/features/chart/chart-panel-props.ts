import type { Timespan } from '../../../shared/openapi/primitives';

/**
 * The chart panel's props. Structurally identical to the workspace's `PanelProps<ChartSettings>`
 * (the docking registry passes these to every panel), declared here so the chart does not depend
 * on the workspace while both are built.
 */
export interface LinkedInstrument {
  symbol: string;
  category: 'US_STOCK' | 'US_ETF';
}

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

export interface ChartPanelProps {
  instanceId: string;
  settings: ChartSettings;
  updateSettings(patch: Partial<ChartSettings>): void;
  instrument: LinkedInstrument | undefined;
  setInstrument(next: LinkedInstrument): void;
}
