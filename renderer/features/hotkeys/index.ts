/**
 * Trading hotkeys: what the shell's first screen uses (docs/ui.md "Trading hotkeys"). The settings
 * section (`HotkeySettings.tsx`, which validates with zod) is imported by the settings dialog on its
 * own, so the first screen loads no zod (test/integration/first-screen-imports.test.ts).
 */
export { HotkeysToggle } from './HotkeysToggle';
export { useTradingHotkeys } from './use-trading-hotkeys';
