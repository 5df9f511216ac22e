import { create } from 'zustand';
import type { PanelId } from '../../../shared/ui/panels';
import type { LinkGroup, LinkGroupId, PanelState, WorkspaceState } from '../../../shared/ui/workspace';
import type { LinkedInstrument } from '../../ui/panel-types';

/**
 * The renderer's half of the workspace: every panel instance's settings and link group, and each
 * colour group's instrument (the link-group store). A panel in a colour group reads and drives the
 * group's instrument; an unlinked panel (`none`) keeps its own. The dock layout itself lives in
 * dockview; `Dock` saves both together through `workspace.set`.
 */
const DEFAULT_GROUP: LinkGroupId = 'red';

interface WorkspaceStore {
  panels: Record<string, PanelState>;
  groups: Partial<Record<LinkGroup, LinkedInstrument>>;
  /** Replace everything (a workspace was loaded or switched). */
  load(state: Pick<WorkspaceState, 'panels' | 'groups'>): void;
  /** Register an instance if it is new (settings from the registry's defaults). */
  ensurePanel(instanceId: string, panel: PanelId, defaults: object): void;
  removePanel(instanceId: string): void;
  updateSettings(instanceId: string, patch: object): void;
  setGroup(instanceId: string, group: LinkGroupId): void;
  setInstrument(instanceId: string, next: LinkedInstrument): void;
  /** A group's instrument as another window chose it (./link-bus.ts). */
  setGroupInstrument(group: LinkGroup, next: LinkedInstrument): void;
  /** Forget every instrument (another environment: the watchlist chooses its first row again). */
  clearInstruments(): void;
}

export const useWorkspaceStore = create<WorkspaceStore>((set) => ({
  panels: {},
  groups: {},
  load: ({ panels, groups }) => set({ panels, groups }),
  ensurePanel: (instanceId, panel, defaults) =>
    set((s) =>
      s.panels[instanceId]
        ? s
        : {
            panels: {
              ...s.panels,
              [instanceId]: { panel, settings: { ...defaults }, group: DEFAULT_GROUP },
            },
          },
    ),
  removePanel: (instanceId) =>
    set((s) => {
      if (!s.panels[instanceId]) return s;
      const panels = { ...s.panels };
      delete panels[instanceId];
      return { panels };
    }),
  updateSettings: (instanceId, patch) =>
    set((s) => {
      const p = s.panels[instanceId];
      if (!p) return s;
      return { panels: { ...s.panels, [instanceId]: { ...p, settings: { ...p.settings, ...patch } } } };
    }),
  setGroup: (instanceId, group) =>
    set((s) => {
      const p = s.panels[instanceId];
      if (!p || p.group === group) return s;
      // Leaving a group keeps what the panel showed; joining one adopts the group's instrument
      // (or lends it the panel's own when the group has none yet).
      const current = instrumentIn(s, instanceId);
      const next: PanelState = { ...p, group, instrument: group === 'none' ? current : undefined };
      const groups =
        group !== 'none' && !s.groups[group] && current ? { ...s.groups, [group]: current } : s.groups;
      return { panels: { ...s.panels, [instanceId]: next }, groups };
    }),
  setInstrument: (instanceId, next) =>
    set((s) => {
      const p = s.panels[instanceId];
      if (!p) return s;
      if (p.group === 'none') return { panels: { ...s.panels, [instanceId]: { ...p, instrument: next } } };
      return { groups: { ...s.groups, [p.group]: next } };
    }),
  setGroupInstrument: (group, next) => set((s) => ({ groups: { ...s.groups, [group]: next } })),
  clearInstruments: () =>
    set((s) => ({
      groups: {},
      panels: Object.fromEntries(
        Object.entries(s.panels).map(([id, p]) => [id, { ...p, instrument: undefined }]),
      ),
    })),
}));

type Snapshot = Pick<WorkspaceStore, 'panels' | 'groups'>;

/** The instrument an instance shows: its group's, or its own when unlinked. */
export function instrumentIn(s: Snapshot, instanceId: string): LinkedInstrument | undefined {
  const p = s.panels[instanceId];
  if (!p) return undefined;
  return p.group === 'none' ? p.instrument : s.groups[p.group];
}

export function useInstrument(instanceId: string): LinkedInstrument | undefined {
  return useWorkspaceStore((s) => instrumentIn(s, instanceId));
}
