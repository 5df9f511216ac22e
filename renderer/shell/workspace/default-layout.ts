import type { DockviewApi } from 'dockview-react';
import type { PanelId } from '../../../shared/ui/panels';
import type { WorkspaceState } from '../../../shared/ui/workspace';
import { PANEL_REGISTRY } from '../panels/registry';

type Extra = { position?: { referencePanel: PanelId; direction: 'left' | 'right' | 'below' | 'within' } } & {
  initialWidth?: number;
  initialHeight?: number;
};

function adder(api: DockviewApi) {
  return (id: PanelId, extra: Extra = {}) =>
    api.addPanel({ id, component: id, title: PANEL_REGISTRY[id].title, ...extra });
}

/** The panels of the first-run layout below (what a workspace with no saved layout opens), watchlist first. */
export const DEFAULT_LAYOUT_PANELS: readonly PanelId[] = [
  'watchlist',
  'chart',
  'quote',
  'movers',
  'activity',
];

/**
 * The panels a workspace opens at start: its saved panels, or those of the default layout when it
 * has no saved layout (Dock.tsx restores it the same way). The watchlist comes first: their code
 * is fetched in this order, and the first price on screen is a watchlist's (docs/ui.md "Start").
 */
export function panelsOpenedBy(state: WorkspaceState): string[] {
  if (state.layout === null) return [...DEFAULT_LAYOUT_PANELS];
  const ids = new Set(Object.values(state.panels).map((p) => p.panel));
  return ids.has('watchlist') ? ['watchlist', ...[...ids].filter((id) => id !== 'watchlist')] : [...ids];
}

/**
 * The first-run layout ("Markets"): watchlist over movers on the left, the chart in the middle,
 * the quote over the activity feed on the right. Instance ids equal panel ids for the first of each.
 */
export function buildDefaultLayout(api: DockviewApi): void {
  const add = adder(api);
  add('chart');
  add('watchlist', { position: { referencePanel: 'chart', direction: 'left' }, initialWidth: 560 });
  add('quote', { position: { referencePanel: 'chart', direction: 'right' }, initialWidth: 280 });
  add('movers', { position: { referencePanel: 'watchlist', direction: 'below' }, initialHeight: 300 });
  add('activity', { position: { referencePanel: 'quote', direction: 'below' }, initialHeight: 260 });
  api.getPanel('chart')?.api.setActive();
}

/**
 * "Trading": watchlist over the quote on the left, the chart over the blotter (orders, positions,
 * balances and activity as tabs) in the middle, the stock ticket at full height on the right with
 * the options ticket as a tab behind it.
 */
function buildTradingLayout(api: DockviewApi): void {
  const add = adder(api);
  add('chart');
  add('watchlist', { position: { referencePanel: 'chart', direction: 'left' }, initialWidth: 420 });
  add('stockTicket', { position: { referencePanel: 'chart', direction: 'right' }, initialWidth: 380 });
  add('optionTicket', { position: { referencePanel: 'stockTicket', direction: 'within' } });
  add('quote', { position: { referencePanel: 'watchlist', direction: 'below' }, initialHeight: 400 });
  add('orders', { position: { referencePanel: 'chart', direction: 'below' }, initialHeight: 340 });
  for (const id of ['positions', 'balances', 'activity'] as const)
    add(id, { position: { referencePanel: 'orders', direction: 'within' } });
  api.getPanel('orders')?.api.setActive();
  api.getPanel('stockTicket')?.api.setActive();
  api.getPanel('chart')?.api.setActive();
}

/** The layouts a workspace can be reset to (the workspace menu and the palette). */
export const LAYOUT_TEMPLATES = [
  { id: 'markets', title: 'Markets', build: buildDefaultLayout },
  { id: 'trading', title: 'Trading', build: buildTradingLayout },
] as const;
export type LayoutTemplateId = (typeof LAYOUT_TEMPLATES)[number]['id'];
