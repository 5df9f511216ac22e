import { create } from 'zustand';

/** Which overlay is open: the command palette or the keyboard-shortcut help (one at a time). */
interface OverlayStore {
  palette: boolean;
  help: boolean;
  showPalette(): void;
  togglePalette(): void;
  showHelp(): void;
  hide(): void;
}

export const useOverlays = create<OverlayStore>((set) => ({
  palette: false,
  help: false,
  showPalette: () => set({ palette: true, help: false }),
  togglePalette: () => set((s) => ({ palette: !s.palette, help: false })),
  showHelp: () => set({ help: true, palette: false }),
  hide: () => set({ palette: false, help: false }),
}));
