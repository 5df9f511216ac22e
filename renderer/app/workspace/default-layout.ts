import type { DockviewApi } from 'dockview-react';
import { PANEL_REGISTRY } from '../panels/registry';

/**
 * The first-run layout: watchlist over movers on the left, the chart in the middle, the quote over
 * the activity feed on the right. Instance ids equal panel ids for the first of each.
 */
export function buildDefaultLayout(api: DockviewApi): void {
  const add = (id: keyof typeof PANEL_REGISTRY, extra: object = {}) =>
    api.addPanel({ id, component: id, title: PANEL_REGISTRY[id].title, ...extra });
  add('chart');
  add('watchlist', { position: { referencePanel: 'chart', direction: 'left' }, initialWidth: 540 });
  add('quote', { position: { referencePanel: 'chart', direction: 'right' }, initialWidth: 280 });
  add('movers', { position: { referencePanel: 'watchlist', direction: 'below' }, initialHeight: 300 });
  add('activity', { position: { referencePanel: 'quote', direction: 'below' }, initialHeight: 260 });
  api.getPanel('chart')?.api.setActive();
}
