import { PANEL_IDS, type PanelId } from '../../../shared/ui/panels';
import { PANEL_REGISTRY } from '../panels/registry';
import { useDockControl } from '../workspace/dock-control';
import { useWorkspaceStore } from '../workspace/workspace-store';

/**
 * Which panel instance a palette command acts on. The dock's active panel when it fits, otherwise
 * the first fitting panel in the dock's order; in a pop-out window (no dock) the window's panels.
 */
function openInstances(): string[] {
  const api = useDockControl.getState().api;
  if (api) return api.panels.map((p) => p.id);
  return Object.keys(useWorkspaceStore.getState().panels);
}

function activeInstance(): string | undefined {
  return useDockControl.getState().api?.activePanel?.id;
}

function kindOf(instanceId: string): PanelId | undefined {
  const kind = useWorkspaceStore.getState().panels[instanceId]?.panel;
  return (PANEL_IDS as readonly string[]).includes(kind ?? '') ? (kind as PanelId) : undefined;
}

function pick(fits: (panel: PanelId) => boolean): string | undefined {
  const active = activeInstance();
  const activeKind = active ? kindOf(active) : undefined;
  if (active && activeKind && fits(activeKind)) return active;
  return openInstances().find((id) => {
    const kind = kindOf(id);
    return kind !== undefined && fits(kind);
  });
}

/** The instance whose link group a chosen symbol goes to: the active panel when it is linkable. */
export const symbolTarget = (): string | undefined => pick((p) => PANEL_REGISTRY[p].linkable);

/** The instance of `panel` a command for that kind of panel acts on (the active one first). */
export const instanceOf = (panel: PanelId): string | undefined => pick((p) => p === panel);

/** Settings of an instance with the registry's defaults under them (as PanelHost does). */
export function settingsOf<S extends object>(instanceId: string): S {
  const kind = kindOf(instanceId);
  const defaults = kind ? PANEL_REGISTRY[kind].defaultSettings : {};
  return { ...defaults, ...useWorkspaceStore.getState().panels[instanceId]?.settings } as S;
}
