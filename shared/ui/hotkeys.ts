/**
 * Trading hotkeys (docs/ui.md "Trading hotkeys"): what a key may do, the keys written as the
 * settings store them ("Shift+B", "Alt+1", "F5"), and the defaults. Plain values without a schema
 * library, like settings-defaults.ts: shared/ipc/app-types.ts builds the setting's schema from them.
 */
export const HOTKEY_ACTIONS = [
  'buyBid',
  'buyAsk',
  'buyLast',
  'sellBid',
  'sellAsk',
  'sellLast',
  'cancelAll',
  'flatten',
  'reverse',
] as const;
export type HotkeyAction = (typeof HOTKEY_ACTIONS)[number];

/** Modifiers in this order, then a letter, a digit or F1–F12; empty: no key. */
export const HOTKEY_COMBO_PATTERN =
  /^(?:(?:Ctrl\+)?(?:Alt\+)?(?:Shift\+)?(?:Meta\+)?(?:[A-Z0-9]|F(?:[1-9]|1[0-2])))?$/;

/** What each action is called on screen. */
export const HOTKEY_ACTION_LABEL: Record<HotkeyAction, string> = {
  buyBid: 'Buy at the bid',
  buyAsk: 'Buy at the ask',
  buyLast: 'Buy at the last price',
  sellBid: 'Sell at the bid',
  sellAsk: 'Sell at the ask',
  sellLast: 'Sell at the last price',
  cancelAll: 'Cancel all orders for the symbol',
  flatten: 'Flatten the position',
  reverse: 'Reverse the position',
};

/**
 * Keys with a modifier, so a stray letter never trades; nothing is armed by default anyway (each
 * window starts disarmed). `quantity` is the hotkeys' default size in shares.
 */
export const DEFAULT_TRADING_HOTKEYS: { quantity: string; keys: Record<HotkeyAction, string> } = {
  quantity: '100',
  keys: {
    buyBid: 'Alt+B',
    buyAsk: 'Shift+B',
    buyLast: '',
    sellBid: 'Shift+S',
    sellAsk: 'Alt+S',
    sellLast: '',
    cancelAll: 'Shift+X',
    flatten: 'Shift+F',
    reverse: 'Shift+R',
  },
};
