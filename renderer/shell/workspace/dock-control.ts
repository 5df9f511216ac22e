import type { DockviewApi } from 'dockview-react';
import { create } from 'zustand';
import type { PanelId } from '../../../shared/ui/panels';
import { provideShowPanel } from '../../lib/show-panel';
import { PANEL_REGISTRY } from '../panels/registry';
import { LAYOUT_TEMPLATES, type LayoutTemplateId } from './default-layout';
import { placeNewPanel } from './placement';

/**
 * The live dock, for the shell's menus: add a panel, and save what is pending before a workspace
 * switch so the old layout never lands in the new workspace.
 */
interface DockControl {
  api: DockviewApi | undefined;
  flush: () => Promise<void>;
  /** Bumped to remount the dock from `workspace.get` (after switch / reset). */
  generation: number;
  attach(api: DockviewApi | undefined, flush?: () => Promise<void>): void;
  reload(): void;
}

export const useDockControl = create<DockControl>((set) => ({
  api: undefined,
  flush: () => Promise.resolve(),
  generation: 0,
  attach: (api, flush) => {
    set({ api, flush: flush ?? (() => Promise.resolve()) });
    // Features bring panels forward through this port (lib/show-panel.ts): this dock while it lives.
    provideShowPanel(api && ((panel) => showPanelIn(api, panel)));
  },
  reload: () => set((s) => ({ generation: s.generation + 1 })),
}));

/** A fresh instance id for `panel` that no panel in the dock uses. */
export function newInstanceId(api: DockviewApi, panel: PanelId): string {
  const taken = new Set(api.panels.map((p) => p.id));
  if (!taken.has(panel)) return panel;
  for (let n = 2; n < 10_000; n++) if (!taken.has(`${panel}-${n}`)) return `${panel}-${n}`;
  return `${panel}-${Date.now()}`;
}

/** Open `panel` where it squeezes nobody (./placement.ts), or alone when the dock is empty. */
export function openPanel(api: DockviewApi, panel: PanelId): void {
  const id = newInstanceId(api, panel);
  const place = placeNewPanel(api.groups);
  api.addPanel({
    id,
    component: panel,
    title: PANEL_REGISTRY[panel].title,
    ...(place ? { position: { referenceGroup: place.group, direction: place.direction } } : {}),
  });
}

/** Bring the dock's `panel` forward, or open one (`openPanel`) when the dock has none. */
function showPanelIn(api: DockviewApi, panel: PanelId): void {
  const existing = api.panels.find((p) => p.view.contentComponent === panel);
  if (existing) existing.api.setActive();
  else openPanel(api, panel);
}

/**
 * Replace the active workspace's layout with a template (./default-layout.ts). Pending changes are
 * saved first; link groups and their instruments stay; the new layout is saved like any change.
 */
export async function applyLayoutTemplate(id: LayoutTemplateId): Promise<void> {
  const { api, flush } = useDockControl.getState();
  const template = LAYOUT_TEMPLATES.find((t) => t.id === id);
  if (!api || !template) return;
  await flush();
  api.clear();
  template.build(api);
}
