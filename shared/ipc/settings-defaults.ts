/**
 * The app settings' plain values, without a schema library: the renderer's first screen falls
 * back on the defaults (order notifications before settings.get answers) without evaluating zod
 * (docs/ui.md "Start"). shared/ipc/app-types.ts builds settingsSchema from THEMES and types
 * DEFAULT_SETTINGS by that schema, so a default that no longer fits it fails the typecheck.
 */
import { DEFAULT_TRADING_HOTKEYS } from '../ui/hotkeys';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const DEFAULT_SETTINGS = {
  theme: 'system' as Theme,
  quoteFlushMs: 16,
  confirmOrders: true,
  orderGuards: { maxOrderValue: '25000', maxQuantity: '1000', maxPriceDistancePct: 5 },
  /** The quantity a new ticket starts with (contracts), a whole number as a decimal string. */
  defaultQuantity: '1',
  orderNotifications: { filled: true, partial: true, rejected: true },
  tradingHotkeys: DEFAULT_TRADING_HOTKEYS,
  /** A chime when a price alert fires: off, as Bullpen decides (docs/ui.md "Alerts"). */
  sounds: false,
};
