import { HOTKEY_ACTIONS, type HotkeyAction } from '../../../shared/ui/hotkeys';

/** The parts of a key event a hotkey is read from. */
export type KeyPress = Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>;

/**
 * A key press as the settings write it ("Shift+B"), or undefined for a key that cannot be a hotkey
 * (a modifier alone, punctuation). Read from the physical key (`code`), so Shift or Alt changing
 * the character typed (Alt+B is "∫" on a Mac) changes nothing.
 */
export function comboOf(e: KeyPress): string | undefined {
  const key =
    /^Key([A-Z])$/.exec(e.code)?.[1] ??
    /^Digit([0-9])$/.exec(e.code)?.[1] ??
    /^F(?:[1-9]|1[0-2])$/.exec(e.code)?.[0];
  if (!key) return undefined;
  const mods = [e.ctrlKey && 'Ctrl', e.altKey && 'Alt', e.shiftKey && 'Shift', e.metaKey && 'Meta'].filter(
    Boolean,
  );
  return [...mods, key].join('+');
}

/** The action bound to `combo`, if any. */
export function actionFor(
  combo: string | undefined,
  keys: Record<HotkeyAction, string>,
): HotkeyAction | undefined {
  if (!combo) return undefined;
  return HOTKEY_ACTIONS.find((a) => keys[a] === combo);
}

/** Actions sharing a key with another: the settings refuse to save them (one key, one action). */
export function clashes(keys: Record<HotkeyAction, string>): HotkeyAction[] {
  return HOTKEY_ACTIONS.filter(
    (a) => keys[a] !== '' && HOTKEY_ACTIONS.some((b) => b !== a && keys[b] === keys[a]),
  );
}

/**
 * One keypress, one order: a key fires when it goes down and not again until it has come up. The
 * key's auto-repeat (`repeat`) never fires, and neither does a second keydown without a keyup (some
 * systems repeat without saying so). Losing the window's focus forgets what was held.
 */
export class PressGate {
  private readonly held = new Set<string>();

  /** True when this keydown may fire. */
  down(code: string, repeat: boolean): boolean {
    if (repeat || this.held.has(code)) return false;
    this.held.add(code);
    return true;
  }

  up(code: string): void {
    this.held.delete(code);
  }

  reset(): void {
    this.held.clear();
  }
}
