import { useCallback, useState } from 'react';
import { useSelection } from '../quotes/selection-store';
import { ChartPanel } from './ChartPanel';
import { DEFAULT_CHART_SETTINGS, type ChartSettings, type LinkedInstrument } from './chart-panel-props';

/**
 * Until the docking workspace hands the chart its props: settings in local state (not yet
 * persisted), the instrument from the workstation's one selection.
 */
export function SelectionChartPanel() {
  const symbol = useSelection((s) => s.symbol);
  const category = useSelection((s) => s.category);
  const select = useSelection((s) => s.select);
  const [settings, setSettings] = useState<ChartSettings>(DEFAULT_CHART_SETTINGS);
  const updateSettings = useCallback(
    (patch: Partial<ChartSettings>) => setSettings((s) => ({ ...s, ...patch })),
    [],
  );
  const setInstrument = useCallback((next: LinkedInstrument) => select(next.symbol, next.category), [select]);
  return (
    <ChartPanel
      instanceId="chart"
      settings={settings}
      updateSettings={updateSettings}
      instrument={symbol ? { symbol, category } : undefined}
      setInstrument={setInstrument}
    />
  );
}
