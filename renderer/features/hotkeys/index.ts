/** Trading hotkeys: what the shell and the settings use (docs/ui.md "Trading hotkeys"). */
export { HotkeysToggle } from './HotkeysToggle';
export { useTradingHotkeys } from './use-trading-hotkeys';
export { HotkeySettings } from './HotkeySettings';
