import { createContext, useContext } from 'react';
import type { PanelId } from '../../../shared/ui/panels';

/** Which instance a `Panel` frame belongs to, so the frame can offer linking and pop-out itself. */
export interface PanelInstance {
  instanceId: string;
  panel: PanelId;
  linkable: boolean;
  /** In the dock the tab already shows the title; a popped-out window shows it in the frame. */
  inDock: boolean;
}

export const PanelInstanceContext = createContext<PanelInstance | undefined>(undefined);

export function usePanelInstance(): PanelInstance | undefined {
  return useContext(PanelInstanceContext);
}
