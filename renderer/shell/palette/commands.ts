import type { QueryClient } from '@tanstack/react-query';
import type { Timespan } from '../../../shared/openapi/primitives';
import type { WorkspaceInfo } from '../../../shared/ui/workspace';
import { PANELS } from '../panels/registry';
import { LAYOUT_TEMPLATES } from '../workspace/default-layout';
import { applyLayoutTemplate, openPanel, useDockControl } from '../workspace/dock-control';
import type { DockviewApi } from 'dockview-react';
import type { PanelId } from '../../../shared/ui/panels';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { useSettingsPanel } from '../../features/settings/settings-store';
import { CHART_TIMESPANS, TIMESPAN_LABEL } from '../../features/chart/timespan-labels';
import { changeWorkspace } from './actions';
import { useOverlays } from './palette-store';
import { instanceOf, settingsOf } from './targets';

/** One palette entry: what it says, where it is grouped, what it does. */
export interface PaletteCommand {
  id: string;
  group: string;
  label: string;
  /** Extra words it is found by. */
  keywords?: string[];
  /** Shown on the right (the current state, a shortcut). */
  hint?: string;
  /** Runs the command; a returned promise keeps the palette open until it settles. */
  run(): void | Promise<void>;
  /** Keep the palette open (the command opens a page of its own). */
  keepOpen?: boolean;
}

export type PalettePage = 'root' | 'new-watchlist' | 'save-workspace';

/**
 * Every command the palette offers right now (not symbols, which come from the search): open a
 * panel, the panels' own commands, the chart's timespan, watchlists, workspaces, help.
 */
export function buildCommands(
  queryClient: QueryClient,
  workspace: WorkspaceInfo | undefined,
  setPage: (page: PalettePage) => void,
): PaletteCommand[] {
  const out: PaletteCommand[] = [];
  const api = useDockControl.getState().api;
  if (api)
    for (const p of PANELS)
      out.push({
        id: `open:${p.id}`,
        group: 'Panels',
        label: `Open ${p.title}`,
        keywords: ['panel', 'add'],
        run: () => openPanel(api, p.id),
      });

  const panels = useWorkspaceStore.getState().panels;
  const kinds = new Set(Object.values(panels).map((p) => p.panel));
  for (const p of PANELS) {
    if (!p.commands || !kinds.has(p.id)) continue;
    const instanceId = instanceOf(p.id);
    if (!instanceId) continue;
    for (const c of p.commands)
      out.push({
        id: `cmd:${c.id}`,
        group: p.title,
        label: `${p.title}: ${c.title}`,
        run: () => c.run({ instanceId }),
      });
  }

  if (api) out.push(...tradingCommands(api));

  const chart = instanceOf('chart');
  if (chart) {
    const current = settingsOf<{ timespan: Timespan }>(chart).timespan;
    for (const t of CHART_TIMESPANS)
      out.push({
        id: `timespan:${t}`,
        group: 'Chart timespan',
        label: `Chart timespan: ${TIMESPAN_LABEL[t].name}`,
        keywords: [TIMESPAN_LABEL[t].short, 'interval', 'period'],
        hint: t === current ? 'current' : TIMESPAN_LABEL[t].short,
        run: () => useWorkspaceStore.getState().updateSettings(chart, { timespan: t }),
      });
  }

  out.push({
    id: 'watchlist:new',
    group: 'Watchlists',
    label: 'New watchlist…',
    keywords: ['create', 'list'],
    keepOpen: true,
    run: () => setPage('new-watchlist'),
  });

  if (api && workspace) {
    for (const name of workspace.names)
      if (name !== workspace.active)
        out.push({
          id: `workspace:switch:${name}`,
          group: 'Workspaces',
          label: `Switch to workspace ${name}`,
          keywords: ['layout'],
          run: () => changeWorkspace(queryClient, { op: 'switch', name }),
        });
    out.push({
      id: 'workspace:save',
      group: 'Workspaces',
      label: 'Save workspace as…',
      keywords: ['layout', 'name'],
      keepOpen: true,
      run: () => setPage('save-workspace'),
    });
    out.push({
      id: 'workspace:reset',
      group: 'Workspaces',
      label: 'Reset workspace to the default layout',
      keywords: ['layout', 'default'],
      run: () => changeWorkspace(queryClient, { op: 'reset' }),
    });
    for (const t of LAYOUT_TEMPLATES)
      out.push({
        id: `workspace:layout:${t.id}`,
        group: 'Workspaces',
        label: `Use the ${t.title} layout`,
        keywords: ['layout', 'template', t.id],
        run: () => applyLayoutTemplate(t.id),
      });
  }

  out.push(
    {
      id: 'help:shortcuts',
      group: 'Help',
      label: 'Keyboard shortcuts',
      hint: '?',
      keywords: ['help', 'keys'],
      keepOpen: true,
      run: () => useOverlays.getState().showHelp(),
    },
    {
      id: 'help:settings',
      group: 'Help',
      label: 'Settings',
      hint: 'Ctrl+,',
      keywords: ['environment', 'credentials', 'preferences'],
      run: () => useSettingsPanel.getState().show(),
    },
  );
  return out;
}

/** Group order in the list; commands keep their order within a group. */
export function groupsOf(commands: readonly PaletteCommand[]): Array<[string, PaletteCommand[]]> {
  const map = new Map<string, PaletteCommand[]>();
  for (const c of commands) map.set(c.group, [...(map.get(c.group) ?? []), c]);
  return [...map];
}

/** The panel of that kind brought forward (opened when the dock has none), with `settings` applied. */
function showPanel(api: DockviewApi, panel: PanelId, settings?: object): void {
  let id = instanceOf(panel);
  if (!id) {
    openPanel(api, panel);
    id = instanceOf(panel);
  }
  if (!id) return;
  if (settings) useWorkspaceStore.getState().updateSettings(id, settings);
  api.getPanel(id)?.api.setActive();
}

/** The trading desk's commands: the ticket, the blotter's tabs, positions and balances. */
function tradingCommands(api: DockviewApi): PaletteCommand[] {
  const trade = ['trade', 'order', 'buy', 'sell', 'place'];
  return [
    {
      id: 'trade:stock-ticket',
      group: 'Trading',
      label: 'Trade stocks and ETFs: open the stock ticket',
      keywords: [...trade, 'stock', 'etf', 'shares', 'short', 'bracket', 'ticket'],
      run: () => showPanel(api, 'stockTicket'),
    },
    {
      id: 'trade:ticket',
      group: 'Trading',
      label: 'Trade options: open the ticket',
      keywords: [...trade, 'option', 'call', 'put', 'ticket'],
      run: () => showPanel(api, 'optionTicket'),
    },
    {
      id: 'trade:open-orders',
      group: 'Trading',
      label: 'Cancel or replace an open order',
      keywords: ['cancel', 'replace', 'modify', 'open', 'orders', 'blotter', 'working'],
      run: () => showPanel(api, 'orders', { tab: 'open' }),
    },
    {
      id: 'trade:today',
      group: 'Trading',
      label: "Show today's orders",
      keywords: ['orders', 'fills', 'filled', 'blotter', 'executions'],
      run: () => showPanel(api, 'orders', { tab: 'today' }),
    },
    {
      id: 'trade:history',
      group: 'Trading',
      label: 'Show order history',
      keywords: ['orders', 'past', 'blotter'],
      run: () => showPanel(api, 'orders', { tab: 'history' }),
    },
    {
      id: 'trade:positions',
      group: 'Trading',
      label: 'Show positions',
      keywords: ['holdings', 'p&l', 'pnl', 'portfolio'],
      run: () => showPanel(api, 'positions'),
    },
    {
      id: 'trade:balances',
      group: 'Trading',
      label: 'Show balances',
      keywords: ['buying', 'power', 'cash', 'account'],
      run: () => showPanel(api, 'balances'),
    },
    {
      id: 'trade:journal',
      group: 'Trading',
      label: 'Show the trade journal',
      keywords: ['journal', 'fills', 'realized', 'p&l', 'pnl', 'csv', 'export'],
      run: () => showPanel(api, 'journal'),
    },
  ];
}
