/**
 * Every panel the workstation knows, named once. The renderer's panel registry has one entry per id
 * (a test checks it), `window.openPanel` accepts any of them, and workspace files refer to them.
 * Add a panel: its id here, its entry in `renderer/shell/panels/registry.ts` (see docs/ui.md).
 */
export const PANEL_IDS = [
  'watchlist',
  'movers',
  'chart',
  'quote',
  'activity',
  'screeners',
  'fundamentals',
  'optionTicket',
  'stockTicket',
  'orders',
  'positions',
  'balances',
  'alerts',
  'journal',
] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/** What a window shows: the docking workspace, or one panel popped out on its own. */
export const WINDOW_VIEWS = ['workstation', ...PANEL_IDS] as const;
export type WindowView = (typeof WINDOW_VIEWS)[number];
