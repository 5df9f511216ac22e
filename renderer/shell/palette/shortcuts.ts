import { useEffect } from 'react';
import type { Timespan } from '../../../shared/openapi/primitives';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { CHART_TIMESPANS } from '../../features/chart/timespan-labels';
import { useOverlays } from './palette-store';
import { instanceOf, settingsOf } from './targets';
import { isTyping } from '../../lib/typing';

/** Every keyboard shortcut, as the help overlay (`?`) lists them. `mod` is Ctrl, or Cmd on macOS. */
export const SHORTCUTS: ReadonlyArray<{ section: string; keys: string[]; what: string }> = [
  { section: 'Anywhere', keys: ['Ctrl+K', '⌘K'], what: 'Open or close the command palette' },
  { section: 'Anywhere', keys: ['/'], what: 'Open the command palette (jump to a symbol)' },
  { section: 'Anywhere', keys: ['?'], what: 'Show these keyboard shortcuts' },
  { section: 'Anywhere', keys: ['Ctrl+,', '⌘,'], what: 'Open Settings' },
  { section: 'Anywhere', keys: ['Esc'], what: 'Close the palette, this help or a dialog' },
  { section: 'Chart', keys: ['['], what: 'Shorter timespan on the active chart' },
  { section: 'Chart', keys: [']'], what: 'Longer timespan on the active chart' },
  { section: 'Chart', keys: ['Shift+F10'], what: 'Menu: stage an order or set an alert at a price' },
  { section: 'Chart', keys: ['↑', '↓', 'Enter'], what: "On an order's handle: move its price, replace it" },
  { section: 'Dock', keys: ['Delete'], what: 'Close the panel of the focused tab' },
  { section: 'Command palette', keys: ['↑', '↓'], what: 'Move through the results' },
  { section: 'Command palette', keys: ['Enter'], what: 'Run the chosen command' },
  { section: 'Watchlist', keys: ['Arrows', 'Home', 'End'], what: 'Move through the grid' },
  { section: 'Watchlist', keys: ['Enter'], what: "Show the row's symbol in its link group" },
  { section: 'Watchlist', keys: ['Alt+↑', 'Alt+↓'], what: 'Move the row up or down' },
  { section: 'Watchlist', keys: ['Delete'], what: 'Remove the row (Undo offered)' },
];

/** Step the active chart's timespan by one in the bars operation's order (clamped at the ends). */
function stepChartTimespan(by: -1 | 1): void {
  const chart = instanceOf('chart');
  if (!chart) return;
  const current = settingsOf<{ timespan: Timespan }>(chart).timespan;
  const i = CHART_TIMESPANS.indexOf(current);
  const next = CHART_TIMESPANS[Math.min(CHART_TIMESPANS.length - 1, Math.max(0, i + by))];
  if (next && next !== current) useWorkspaceStore.getState().updateSettings(chart, { timespan: next });
}

/**
 * The global shortcuts. Ctrl/Cmd+K works everywhere (it types nothing); single keys are ignored
 * while typing in a field and while another modal dialog (settings, a confirmation) is open.
 */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        useOverlays.getState().togglePalette();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const action: Record<string, () => void> = {
        '/': () => useOverlays.getState().showPalette(),
        '?': () => useOverlays.getState().showHelp(),
        '[': () => stepChartTimespan(-1),
        ']': () => stepChartTimespan(1),
      };
      const run = action[e.key];
      if (!run) return;
      e.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
