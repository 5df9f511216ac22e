import { useEffect } from 'react';
import { create } from 'zustand';
import { subscribe } from '../../lib/bridge';

/** Whether the Settings panel is open (client state: zustand). */
interface SettingsPanelStore {
  open: boolean;
  /** The environment the panel shows first (default: the active one). */
  focusEnvironmentId: string | undefined;
  show(environmentId?: string): void;
  hide(): void;
}

export const useSettingsPanel = create<SettingsPanelStore>((set) => ({
  open: false,
  focusEnvironmentId: undefined,
  show: (environmentId) => set({ open: true, focusEnvironmentId: environmentId }),
  hide: () => set({ open: false }),
}));

/**
 * Ctrl+, (Cmd+, on macOS) opens Settings, the platform convention for preferences — from the
 * keyboard here, and from the application menu (File ▸ Settings…) through main's `appCommands`.
 */
export function useSettingsShortcut(): void {
  useEffect(
    () =>
      subscribe('appCommands', {}, (c) => {
        if (c.command === 'openSettings') useSettingsPanel.getState().show();
      }),
    [],
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === ',' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        useSettingsPanel.getState().show();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
