import { create } from 'zustand';

/**
 * Whether this window's trading hotkeys are armed. Per window and never stored: a window opens
 * disarmed, so no key trades until the trader arms it in that window (the top bar shows it).
 */
interface HotkeyArming {
  armed: boolean;
  setArmed(armed: boolean): void;
}

export const useHotkeyArming = create<HotkeyArming>((set) => ({
  armed: false,
  setArmed: (armed) => set({ armed }),
}));
