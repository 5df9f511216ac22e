import { useMutation, useQuery } from '@tanstack/react-query';
import {
  DockviewReact,
  type DockviewApi,
  type DockviewReadyEvent,
  type IDockviewPanelProps,
  type SerializedDockview,
} from 'dockview-react';
import { useEffect, useLayoutEffect, useRef, useState, type FunctionComponent } from 'react';
import { PANEL_IDS, type PanelId } from '../../../shared/ui/panels';
import type { WorkspaceInfo, WorkspaceState } from '../../../shared/ui/workspace';
import { invoke } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import { PanelHost } from '../panels/PanelHost';
import { buildDefaultLayout } from './default-layout';
import { DockGroupActions, DockTab } from './DockTab';
import { useDockControl } from './dock-control';
import { useWorkspaceStore } from './workspace-store';

/** Layout and store changes are sent to main at most this often; main debounces the disk write. */
const SAVE_DELAY_MS = 250;

function DockPanel({ panel, instanceId }: { panel: PanelId; instanceId: string }) {
  // Panels hold ids of the active environment (a chosen watchlist…): a switch remounts their content.
  const envs = useQuery(apiQuery('environments.list', {}));
  return <PanelHost key={envs.data?.activeId ?? 'unknown'} instanceId={instanceId} panel={panel} inDock />;
}

const components: Record<string, FunctionComponent<IDockviewPanelProps>> = Object.fromEntries(
  PANEL_IDS.map((panel) => [
    panel,
    function DockPanelFor(props: IDockviewPanelProps) {
      return <DockPanel panel={panel} instanceId={props.api.id} />;
    },
  ]),
);

/** Restores the dock from a workspace, or builds the default one when it has no (usable) layout. */
function restore(api: DockviewApi, state: WorkspaceState): void {
  try {
    if (state.layout) api.fromJSON(state.layout as unknown as SerializedDockview);
    else buildDefaultLayout(api);
  } catch (error) {
    console.error('saved layout could not be restored; using the default', error);
    api.clear();
    buildDefaultLayout(api);
  }
  if (api.panels.length === 0) buildDefaultLayout(api);
}

function snapshot(api: DockviewApi): WorkspaceState {
  const { panels, groups } = useWorkspaceStore.getState();
  const open = new Set(api.panels.map((p) => p.id));
  return {
    layout: api.toJSON() as unknown as Record<string, unknown>,
    panels: Object.fromEntries(Object.entries(panels).filter(([id]) => open.has(id))),
    groups,
  };
}

/** The docking workspace of the main window: every panel from the registry, laid out by dockview. */
export function Dock({ info }: { info: WorkspaceInfo }) {
  // The store must hold the workspace's settings and groups before the first panel renders.
  useState(() => useWorkspaceStore.getState().load(info.state));
  const apiRef = useRef<DockviewApi | undefined>(undefined);
  const disposed = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The save is a mutation like every other write. Its refusal stays on the banner below until a
  // later save succeeds (not only while no save is under way: a retry would make it flicker).
  // main validates the state and debounces the disk write.
  const [saveError, setSaveError] = useState<string | undefined>();
  const saveLayout = useMutation({
    mutationFn: (state: WorkspaceState) => invoke('workspace.set', { state }),
    onSuccess: () => setSaveError(undefined),
    onError: (error) => setSaveError(error.message),
  });
  // mutateAsync is stable for the component's life, so the debounced save made once can hold it.
  const { mutateAsync } = saveLayout;
  const save = useRef(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const api = apiRef.current;
    if (!api || disposed.current) return;
    // A refusal is shown by the mutation's onError; flush() callers carry on either way.
    await mutateAsync(snapshot(api)).catch(() => undefined);
  }).current;
  const schedule = useRef(() => {
    if (disposed.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
  }).current;

  // Layout effect: its cleanup runs before dockview disposes, so no removal during teardown is saved.
  useLayoutEffect(() => {
    disposed.current = false;
    return () => {
      disposed.current = true;
      clearTimeout(timer.current);
    };
  }, []);

  const cleanups = useRef<Array<() => void>>([]);
  useEffect(
    () => () => {
      for (const off of cleanups.current) off();
      cleanups.current = [];
      useDockControl.getState().attach(undefined);
    },
    [],
  );

  const onReady = (event: DockviewReadyEvent) => {
    const api = event.api;
    apiRef.current = api;
    restore(api, info.state);
    // Each panel frame is a labelled region of its own; dockview's group container repeats the
    // active tab's name as a second region, which screen readers would announce twice.
    const unlandmark = (el: HTMLElement) => {
      for (const node of [el, ...el.querySelectorAll<HTMLElement>('.dv-groupview[role="region"]')])
        if (node.getAttribute('role') === 'region') node.removeAttribute('role');
    };
    for (const g of api.groups) unlandmark(g.element);
    const addedGroup = api.onDidAddGroup((g) => unlandmark(g.element));
    const layout = api.onDidLayoutChange(schedule);
    const removed = api.onDidRemovePanel((p) => {
      if (!disposed.current) useWorkspaceStore.getState().removePanel(p.id);
    });
    const offStore = useWorkspaceStore.subscribe(schedule);
    const onHide = () => void save();
    window.addEventListener('pagehide', onHide);
    cleanups.current.push(
      () => layout.dispose(),
      () => addedGroup.dispose(),
      () => removed.dispose(),
      offStore,
      () => window.removeEventListener('pagehide', onHide),
    );
    useDockControl.getState().attach(api, save);
  };

  return (
    <div className="dock" data-testid="dock" data-save-error={saveError ? 'true' : undefined}>
      {saveError && (
        <div className="banner" role="alert">
          The workspace could not be saved: {saveError}
        </div>
      )}
      <DockviewReact
        className="dockview-theme-dark bullpen-dock"
        components={components}
        defaultTabComponent={DockTab}
        rightHeaderActionsComponent={DockGroupActions}
        onReady={onReady}
        disableFloatingGroups
      />
    </div>
  );
}
