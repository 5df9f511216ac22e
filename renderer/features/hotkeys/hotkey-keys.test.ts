import { describe, expect, it } from 'vitest';
import { DEFAULT_TRADING_HOTKEYS, HOTKEY_COMBO_PATTERN } from '../../../shared/ui/hotkeys';
import { actionFor, clashes, comboOf, PressGate } from './hotkey-keys';

const key = (
  code: string,
  mods: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {},
) => ({
  code,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
});

describe('hotkey keys', () => {
  it('writes a press as the settings store it, from the physical key', () => {
    expect(comboOf(key('KeyB', { shiftKey: true }))).toBe('Shift+B');
    expect(comboOf(key('Digit1', { ctrlKey: true, altKey: true }))).toBe('Ctrl+Alt+1');
    expect(comboOf(key('F5'))).toBe('F5');
    // A modifier alone or punctuation is no hotkey.
    expect(comboOf(key('ShiftLeft', { shiftKey: true }))).toBeUndefined();
    expect(comboOf(key('Slash', { shiftKey: true }))).toBeUndefined();
    for (const combo of ['Shift+B', 'Ctrl+Alt+1', 'F5', 'Ctrl+Alt+Shift+Meta+F12', ''])
      expect(HOTKEY_COMBO_PATTERN.test(combo)).toBe(true);
    expect(HOTKEY_COMBO_PATTERN.test('Shift+Ctrl+B')).toBe(false);
  });

  it('maps a press to its action; an unbound key to none', () => {
    const keys = DEFAULT_TRADING_HOTKEYS.keys;
    expect(actionFor('Shift+B', keys)).toBe('buyAsk');
    expect(actionFor('Shift+F', keys)).toBe('flatten');
    expect(actionFor('B', keys)).toBeUndefined();
    // An unbound action ('') is never matched by a press.
    expect(actionFor('', keys)).toBeUndefined();
    expect(clashes(keys)).toEqual([]);
    expect(clashes({ ...keys, buyLast: 'Shift+B' })).toEqual(['buyAsk', 'buyLast']);
  });

  it('fires once a keypress: not on auto-repeat, not again before the key comes up', () => {
    const gate = new PressGate();
    expect(gate.down('KeyB', false)).toBe(true);
    expect(gate.down('KeyB', true)).toBe(false);
    expect(gate.down('KeyB', false)).toBe(false);
    gate.up('KeyB');
    expect(gate.down('KeyB', false)).toBe(true);
    // The window lost focus with the key down: its keyup never comes.
    gate.reset();
    expect(gate.down('KeyB', false)).toBe(true);
  });
});
