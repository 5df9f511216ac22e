/**
 * Typing in a field: single-key shortcuts must not steal the character, and trading hotkeys never
 * fire (the shell's shortcuts and the hotkeys feature both ask).
 */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
  }
  const role = target.getAttribute('role');
  return role === 'combobox' || role === 'textbox' || role === 'searchbox';
}
