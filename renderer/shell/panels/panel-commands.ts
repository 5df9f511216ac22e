import { DEFAULT_CHART_SETTINGS, type ChartSettings } from '../../features/chart/chart-panel-props';
import { useWorkspaceStore } from '../workspace/workspace-store';
import type { PanelCommand } from '../../ui/panel-types';

/**
 * Commands panels offer to the command palette (the registry's `commands`). Each changes the
 * instance's persisted settings through the workspace store, exactly as the panel's own controls
 * do, so the panel re-renders from the same source of truth.
 */
function update(instanceId: string, patch: object): void {
  useWorkspaceStore.getState().updateSettings(instanceId, patch);
}

function chartSettings(instanceId: string): ChartSettings {
  const stored = useWorkspaceStore.getState().panels[instanceId]?.settings as
    Partial<ChartSettings> | undefined;
  return { ...DEFAULT_CHART_SETTINGS, ...stored };
}

const INDICATORS: ReadonlyArray<[keyof ChartSettings['indicators'], string]> = [
  ['sma', 'SMA'],
  ['ema', 'EMA'],
  ['vwap', 'VWAP'],
  ['bollinger', 'Bollinger bands'],
];

export const CHART_COMMANDS: readonly PanelCommand[] = [
  ...INDICATORS.map(([key, name]) => ({
    id: `chart.toggle-${key}`,
    title: `Show or hide ${name}`,
    run: ({ instanceId }: { instanceId: string }) => {
      const s = chartSettings(instanceId);
      update(instanceId, { indicators: { ...s.indicators, [key]: !s.indicators[key] } });
    },
  })),
  {
    id: 'chart.toggle-scale',
    title: 'Switch between linear and log scale',
    run: ({ instanceId }) =>
      update(instanceId, { scale: chartSettings(instanceId).scale === 'log' ? 'linear' : 'log' }),
  },
  {
    id: 'chart.toggle-extended',
    title: 'Show or hide extended hours',
    run: ({ instanceId }) => update(instanceId, { extendedHours: !chartSettings(instanceId).extendedHours }),
  },
];

export const MOVERS_COMMANDS: readonly PanelCommand[] = [
  {
    id: 'movers.gainers',
    title: 'Show gainers',
    run: ({ instanceId }) => update(instanceId, { rank: 'GAINERS' }),
  },
  {
    id: 'movers.losers',
    title: 'Show losers',
    run: ({ instanceId }) => update(instanceId, { rank: 'LOSERS' }),
  },
];

export const ORDERS_COMMANDS: readonly PanelCommand[] = [
  {
    id: 'orders.open',
    title: 'Show open orders',
    run: ({ instanceId }) => update(instanceId, { tab: 'open' }),
  },
  {
    id: 'orders.today',
    title: "Show today's orders",
    run: ({ instanceId }) => update(instanceId, { tab: 'today' }),
  },
  {
    id: 'orders.history',
    title: 'Show order history',
    run: ({ instanceId }) => update(instanceId, { tab: 'history' }),
  },
];
