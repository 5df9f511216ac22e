import type { PanelId } from '../../shared/ui/panels';
import { invoke } from './bridge';

/**
 * Brings a panel forward on behalf of a feature (a watchlist row's "Set alert", a position's
 * "Close"): a port, so features reach the dock without importing the shell, which imports them. The
 * shell fills it in when its dock is ready (`useDockControl.attach`, shell/workspace/dock-control.ts)
 * and empties it when the dock goes. Without a dock (a pop-out window) the panel opens in a window
 * of its own.
 */
export type ShowPanel = (panel: PanelId) => void;

const inOwnWindow: ShowPanel = (panel) => {
  void invoke('window.openPanel', { panel }).catch(() => undefined);
};

let current: ShowPanel = inOwnWindow;

/** Brings `panel` forward: the dock's own when it has one, else a new one (see the port above). */
export function showPanel(panel: PanelId): void {
  current(panel);
}

/** The shell's implementation, or `undefined` when its dock is gone. */
export function provideShowPanel(show: ShowPanel | undefined): void {
  current = show ?? inOwnWindow;
}
