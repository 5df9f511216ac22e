import { showPanel } from '../../lib/show-panel';
import { useAlertDraft, type AlertDraft } from './alert-draft';

/**
 * Set an alert from anywhere (watchlist row, chart, command palette): fill the Alerts panel's form
 * with `draft` and bring the panel forward (lib/show-panel.ts), opening it beside the active panel
 * when the dock has none. A pop-out window has no dock: it opens the Alerts panel in a window of its
 * own (the draft stays in this window, so that form starts empty).
 */
export function requestAlert(draft: AlertDraft): void {
  useAlertDraft.getState().request(draft);
  showPanel('alerts');
}
