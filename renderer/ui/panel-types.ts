import type { ComponentType } from 'react';
import type { PanelId } from '../../shared/ui/panels';
import type { Instrument } from '../../shared/ui/workspace';

/** The instrument categories a link group can carry (the shared API enum). */
type InstrumentCategory = Instrument['category'];
export interface LinkedInstrument {
  symbol: string;
  category: InstrumentCategory;
}

/** What every panel component receives (docs/ui.md: "Adding a panel"). */
export interface PanelProps<S extends object = Record<string, unknown>> {
  instanceId: string; // this panel instance (dock panel id)
  settings: S; // persisted per instance (workspace file)
  updateSettings(patch: Partial<S>): void;
  instrument: LinkedInstrument | undefined; // the link group's instrument (or the panel's own when unlinked)
  setInstrument(next: LinkedInstrument): void; // drives every panel of the same group
}

/** A command a panel offers (the command palette lists them; the shell runs them). */
export interface PanelCommand {
  id: string;
  title: string;
  run(context: { instanceId: string }): void;
}

/** One registry entry: the only place a panel is declared in the renderer. */
export interface PanelDefinition<S extends object = Record<string, unknown>> {
  id: PanelId;
  title: string;
  /** `lazyPanel`: the panel's code loads when it is first shown (or preloaded). */
  component: ComponentType<PanelProps<S>>;
  /** Takes part in link groups (follows and drives the group's instrument). */
  linkable: boolean;
  defaultSettings: S;
  commands?: readonly PanelCommand[];
}
