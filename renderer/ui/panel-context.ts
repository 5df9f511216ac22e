import { createContext, useContext, type ReactNode } from 'react';

/**
 * Which instance a `Panel` frame belongs to. The shell provides it (shell/panels/PanelInstance.tsx)
 * with the header controls only the shell can draw (link group, pop-out), so the kit never imports
 * the shell that imports it.
 */
export interface PanelInstance {
  /** In the dock the tab already shows the title; a popped-out window shows it in the frame. */
  inDock: boolean;
  /** The shell's controls for the frame's header, given the title the frame shows. */
  headerControls?: (title: string) => ReactNode;
}

export const PanelInstanceContext = createContext<PanelInstance | undefined>(undefined);

export function usePanelInstance(): PanelInstance | undefined {
  return useContext(PanelInstanceContext);
}
