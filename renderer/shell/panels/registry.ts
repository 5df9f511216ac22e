import { PANEL_IDS, type PanelId } from '../../../shared/ui/panels';
import { DEFAULT_CHART_SETTINGS, type ChartSettings } from '../../features/chart/chart-panel-props';
import type { WatchlistSettings } from '../../features/watchlist/watchlist-settings';
import type { FundamentalsSettings } from '../../features/fundamentals/fundamentals-settings';
import { DEFAULT_SCREENER_SETTINGS, type ScreenerSettings } from '../../features/screeners/screener-kinds';
import { CHART_COMMANDS, MOVERS_COMMANDS, ORDERS_COMMANDS } from './panel-commands';
import { lazyPanel, preloadPanelComponent } from './lazy-panel';
import type { PanelDefinition } from '../../ui/panel-types';

/**
 * THE panel registry: the one place a panel is added (with its id in shared/ui/panels.ts). The
 * dock, pop-out windows, the "Add panel" menu and the command palette read it. Components load
 * lazily, so a panel nobody opened costs nothing at start.
 */
function definePanel<S extends object>(def: PanelDefinition<S>): PanelDefinition {
  // Each entry is typed against its own settings; the registry holds them side by side.
  return def as unknown as PanelDefinition;
}

/**
 * The alerts form opens through the dock, which reads this registry: loaded on use, so the registry
 * and the dock do not import each other.
 */
async function openAlertForm(): Promise<void> {
  (await import('../../features/alerts/request-alert')).requestAlert({});
}

export const PANEL_REGISTRY: Record<PanelId, PanelDefinition> = {
  watchlist: definePanel<WatchlistSettings>({
    id: 'watchlist',
    title: 'Watchlist',
    component: lazyPanel(
      async () => (await import('../../features/watchlist/WatchlistPanel')).WatchlistPanel,
    ),
    linkable: true,
    defaultSettings: {},
  }),
  movers: definePanel<{ rank: 'GAINERS' | 'LOSERS' }>({
    id: 'movers',
    title: 'Movers',
    component: lazyPanel(async () => (await import('../../features/movers/MoversPanel')).MoversPanel),
    linkable: true,
    defaultSettings: { rank: 'GAINERS' },
    commands: MOVERS_COMMANDS,
  }),
  chart: definePanel<ChartSettings>({
    id: 'chart',
    title: 'Chart',
    component: lazyPanel(async () => (await import('../../features/chart/ChartPanel')).ChartPanel),
    linkable: true,
    defaultSettings: DEFAULT_CHART_SETTINGS,
    commands: CHART_COMMANDS,
  }),
  quote: definePanel({
    id: 'quote',
    title: 'Quote',
    component: lazyPanel(
      async () => (await import('../../features/quote-detail/QuoteDetailPanel')).QuoteDetailPanel,
    ),
    linkable: true,
    defaultSettings: {},
  }),
  activity: definePanel({
    id: 'activity',
    title: 'Activity',
    component: lazyPanel(async () => (await import('../../features/activity/ActivityPanel')).ActivityPanel),
    linkable: false,
    defaultSettings: {},
  }),
  screeners: definePanel<ScreenerSettings>({
    id: 'screeners',
    title: 'Screeners',
    component: lazyPanel(
      async () => (await import('../../features/screeners/ScreenersPanel')).ScreenersPanel,
    ),
    linkable: true,
    defaultSettings: DEFAULT_SCREENER_SETTINGS,
  }),
  fundamentals: definePanel<FundamentalsSettings>({
    id: 'fundamentals',
    title: 'Fundamentals',
    component: lazyPanel(
      async () => (await import('../../features/fundamentals/FundamentalsPanel')).FundamentalsPanel,
    ),
    linkable: true,
    defaultSettings: { tab: 'profile', period: 'QUARTERLY' },
  }),
  optionTicket: definePanel<{ accountId?: string }>({
    id: 'optionTicket',
    title: 'Options ticket',
    component: lazyPanel(
      async () => (await import('../../features/order-ticket/OptionTicketPanel')).OptionTicketPanel,
    ),
    linkable: true,
    defaultSettings: {},
  }),
  orders: definePanel<{ tab?: 'open' | 'today' | 'history' }>({
    id: 'orders',
    title: 'Orders',
    component: lazyPanel(async () => (await import('../../features/orders/OrdersPanel')).OrdersPanel),
    linkable: false,
    defaultSettings: { tab: 'open' },
    commands: ORDERS_COMMANDS,
  }),
  positions: definePanel({
    id: 'positions',
    title: 'Positions',
    component: lazyPanel(async () => (await import('../../features/orders/PositionsPanel')).PositionsPanel),
    linkable: true,
    defaultSettings: {},
  }),
  balances: definePanel({
    id: 'balances',
    title: 'Balances',
    component: lazyPanel(async () => (await import('../../features/orders/BalancesPanel')).BalancesPanel),
    linkable: false,
    defaultSettings: {},
  }),
  alerts: definePanel({
    id: 'alerts',
    title: 'Alerts',
    component: lazyPanel(async () => (await import('../../features/alerts/AlertsPanel')).AlertsPanel),
    linkable: false,
    defaultSettings: {},
    commands: [{ id: 'alerts.new', title: 'New price alert…', run: () => void openAlertForm() }],
  }),
};

export const PANELS: readonly PanelDefinition[] = PANEL_IDS.map((id) => PANEL_REGISTRY[id]);

/**
 * Starts loading the code of these panels (registry ids; unknown ones are skipped), so the dock's
 * first render does not wait for each chunk in turn (docs/ui.md). A failure is left to the render.
 */
export function preloadPanels(ids: Iterable<string>): void {
  for (const id of ids) {
    const def = (PANEL_REGISTRY as Record<string, PanelDefinition | undefined>)[id];
    if (def) preloadPanelComponent(def.component);
  }
}
