import type { QueryClient } from '@tanstack/react-query';
import type { WorkspaceInfo } from '../../../shared/ui/workspace';
import { invoke } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import { PANEL_REGISTRY } from '../panels/registry';
import { newInstanceId, openPanel, useDockControl } from '../workspace/dock-control';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { listsKey } from '../../features/watchlist/use-watchlist-mutations';
import { instanceOf } from './targets';

export type WorkspaceAction = { op: 'switch' | 'saveAs'; name: string } | { op: 'reset' };

/**
 * Switch, save-as or reset the workspace as the top bar's workspace menu does: pending layout
 * changes are saved first (so they land in the workspace they were made in), then the dock is
 * rebuilt from the answer.
 */
export async function changeWorkspace(queryClient: QueryClient, action: WorkspaceAction): Promise<void> {
  await useDockControl.getState().flush();
  const info: WorkspaceInfo =
    action.op === 'reset'
      ? await invoke('workspace.reset')
      : await invoke(action.op === 'switch' ? 'workspace.switch' : 'workspace.saveAs', { name: action.name });
  queryClient.setQueryData(apiQuery('workspace.get', {}).queryKey, info);
  useDockControl.getState().reload();
}

/**
 * Create a watchlist and show it in the watchlist panel (the active one, else the first; a new
 * one is opened when the dock has none).
 */
export async function createWatchlist(queryClient: QueryClient, name: string): Promise<void> {
  const created = await invoke('api.watchlistCreate', { name });
  await queryClient.invalidateQueries({ queryKey: listsKey });
  const store = useWorkspaceStore.getState();
  let target = instanceOf('watchlist');
  const api = useDockControl.getState().api;
  if (!target && api) {
    target = newInstanceId(api, 'watchlist');
    openPanel(api, 'watchlist');
    store.ensurePanel(target, 'watchlist', PANEL_REGISTRY.watchlist.defaultSettings);
  }
  if (target) store.updateSettings(target, { watchlistId: created.watchlist_id });
}
