import type { MarketClock } from '../market/market-clock';
import { z } from 'zod';
import { environmentSettings, printableText, REGIONS, type EnvironmentSettings } from '../environments';
import { category, symbol } from '../openapi/primitives';
import { HOTKEY_ACTIONS, HOTKEY_COMBO_PATTERN } from '../ui/hotkeys';
import { WINDOW_VIEWS } from '../ui/panels';
import { LINK_GROUP_IDS, LINK_GROUPS, type LinkGroup } from '../ui/workspace-rules';
import { DEFAULT_SETTINGS as PLAIN_DEFAULT_SETTINGS, THEMES } from './settings-defaults';

/**
 * Inputs and outputs of the app operations (everything that is not an API call). Inputs are zod
 * schemas because main validates them; outputs are plain types because main produces them.
 */

/** A positive decimal amount as text (money and quantities stay decimal, shared/decimal.ts). */
const positiveAmount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,4})?$/, 'expected a decimal amount such as 25000 or 0.5')
  .refine((v) => Number(v) > 0, 'must be more than 0');

/**
 * Precautionary order limits, enforced in main before an order or replacement leaves for a broker
 * (as TWS's precautionary settings do; docs/security.md "Order guards"). Beyond one, main asks in a
 * native dialog naming it.
 */
const orderGuardsSchema = z.object({
  /** Largest order value (quantity × price × multiplier), in the account's currency. */
  maxOrderValue: positiveAmount,
  /** Largest quantity (shares or contracts). */
  maxQuantity: positiveAmount,
  /** Largest distance of a limit or stop price from the last price, in percent. */
  maxPriceDistancePct: z.number().min(0.1).max(100),
});
export type OrderGuards = z.output<typeof orderGuardsSchema>;

export const settingsSchema = z.object({
  theme: z.enum(THEMES),
  /** Quote conflation interval (frame-sized, default 16 ms). */
  quoteFlushMs: z.number().int().min(8).max(1000),
  /**
   * Ask before an order is sent: the renderer's own dialog, and main's native confirmation of
   * every order outside the Sandbox. Off, main still asks for orders beyond `orderGuards`.
   */
  confirmOrders: z.boolean(),
  orderGuards: orderGuardsSchema,
  /** The quantity a new options ticket starts with: a whole number of contracts, 1 to 9,999. */
  defaultQuantity: z.string().regex(/^[1-9]\d{0,3}$/, 'a whole number from 1 to 9999'),
  /** Which order events raise a toast and an OS notification. */
  orderNotifications: z.object({ filled: z.boolean(), partial: z.boolean(), rejected: z.boolean() }),
  /**
   * Trading hotkeys' keys and size (shared/ui/hotkeys.ts). Arming is per window and never stored:
   * every window starts with its hotkeys off.
   */
  tradingHotkeys: z.object({
    quantity: z.string().regex(/^[1-9]\d{0,5}$/, 'a whole number of shares from 1 to 999999'),
    keys: z.record(z.enum(HOTKEY_ACTIONS), z.string().regex(HOTKEY_COMBO_PATTERN, 'a key such as Shift+B')),
  }),
  /** Play a short sound when a price alert fires (off by default; docs/ui.md "Alerts"). */
  sounds: z.boolean(),
});
export type Settings = z.output<typeof settingsSchema>;

/**
 * Settings that weaken a guard: only main's own UI changes them (`settings.openOrderGuards` opens
 * it), never the main window's IPC, so script injected into the page cannot switch them off.
 */
const GUARD_SETTINGS = ['confirmOrders', 'orderGuards'] as const;

/**
 * A settings change from the renderer: any subset of the fields but the guards' (refused by name).
 * A field sent as `undefined` is refused by name too (an optional field would let it through, and
 * merged over the current value it would erase it).
 */
export const settingsPatchSchema = z
  .strictObject(settingsSchema.omit({ confirmOrders: true, orderGuards: true }).partial().shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${issue.keys.join(', ')}: ${issue.keys.some((k) => (GUARD_SETTINGS as readonly string[]).includes(k)) ? "only main's own order-guard settings change this (settings.openOrderGuards)" : 'not a setting'}`
        : undefined,
  })
  .superRefine((patch, ctx) => {
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined)
        ctx.addIssue({ code: 'custom', path: [key], message: 'a value is required (undefined given)' });
    }
  });
/** The defaults (settings-defaults.ts, read by the renderer's first screen), typed by the schema. */
export const DEFAULT_SETTINGS: Settings = PLAIN_DEFAULT_SETTINGS;

const regionIds = REGIONS;

/** The user-editable fields of an environment (id and kind are the app's). */
export const customEnvironmentFields = environmentSettings.omit({ id: true, kind: true });

/** Add a region preset (docs/shell.md) or a fully custom host set. */
export const addEnvironmentInput = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('region'),
    region: z.enum(regionIds),
    name: z
      .string()
      .regex(printableText, 'control characters are not allowed')
      .trim()
      .min(1)
      .max(64)
      .optional(),
  }),
  z.object({ source: z.literal('custom'), settings: customEnvironmentFields }),
]);

export const updateEnvironmentInput = z.object({
  id: z.string().min(1),
  patch: customEnvironmentFields.partial(),
});

export const environmentRef = z.object({ id: z.string().min(1) });

export interface EnvironmentsState {
  environments: EnvironmentSettings[];
  activeId: string;
}

/** App key and secret. The secret is write-only: no reply ever carries it (docs/shell.md). */
export const setCredentialsInput = z.object({
  environmentId: z.string().min(1).optional(),
  // Both travel in headers or HMAC keys: a CR, LF or NUL would split a header or fail the request
  // inside Node, so only printable ASCII is taken (spaces around the key are trimmed).
  appKey: z
    .string()
    .regex(/^ *[\x21-\x7e]* *$/, 'only printable ASCII characters without spaces')
    .trim()
    .min(1, 'app key is required')
    .max(256),
  appSecret: z
    .string()
    .min(1, 'app secret is required')
    .max(512)
    .regex(/^[\x21-\x7e]+$/, 'only printable ASCII characters without spaces'),
});

export const credentialsRef = z.object({ environmentId: z.string().min(1).optional() });

export interface CredentialsStatus {
  environmentId: string;
  /** The app key with all but its last 4 characters masked; null when none is stored. */
  appKeyHint: string | null;
  hasSecret: boolean;
  /** False when OS encryption is unavailable and the secret lives only for this session. */
  persisted: boolean;
  /** The embedded sandbox's key pair made for this launch: not stored by design, nothing to fix. */
  ephemeral?: boolean;
  warning?: string;
  /** After `credentials.set`: whether the active session restarted to use them (false when unchanged). */
  restarted?: boolean;
  /** After `credentials.set`: the pair saved was the one already stored, so nothing changed. */
  unchanged?: boolean;
}

type TokenState = 'not-required' | 'none' | 'pending' | 'normal' | 'invalid' | 'expired' | 'unknown';
export interface TokenStatusInfo {
  environmentId: string;
  state: TokenState;
  /** Token expiry, Unix ms. */
  expiresAt?: number;
  persisted: boolean;
}

export interface RateBudget {
  /** Market Data requests allowed per window (300/min). */
  limit: number;
  remaining: number;
  windowMs: number;
  /** Requests waiting for budget. */
  queued: number;
  /** Until the oldest counted request leaves the window. */
  resetInMs: number;
  /**
   * Set while every Market Data call waits after the server's 429 (Unix ms): the top bar says why
   * calls wait and until when.
   */
  pausedUntil?: number;
}

export type LinkState = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'idle';
export interface ConnectionStatus {
  environmentId: string;
  /** The HTTP API: ready after the handshake. */
  api: LinkState;
  quotes: LinkState;
  events: LinkState;
  /** Subscribed symbols with no update for longer than the staleness threshold. */
  staleSymbols: string[];
  /** Subscribed symbols the service refused (unknown to it): not streamed, shown as such. */
  refusedSymbols?: string[];
  message?: string;
  /** Set while the embedded sandbox replays a past session because the market is shut: its label. */
  sandboxReplay?: string;
  /** The market clock every time on screen is read from (absent: the wall clock, mode live). */
  marketClock?: MarketClock;
}

/** A window with one view (shared/ui/panels.ts), optionally on one instrument. */
export const openPanelInput = z.object({
  panel: z.enum(WINDOW_VIEWS),
  symbol: symbol.optional(),
  category: category.optional(),
  /** The link group the new window's panel joins (it then follows, and drives, that group). */
  group: z.enum(LINK_GROUP_IDS).optional(),
});

/** A link group's instrument chosen in one window, for every other window (`links.publish`). */
export const linkPublishInput = z.object({
  group: z.enum(LINK_GROUPS),
  symbol,
  category,
});

/** What the `links` stream delivers: a group's instrument as another window chose it. */
export interface LinkMessage {
  group: LinkGroup;
  instrument: { symbol: string; category: z.infer<typeof category> };
}

export const openExternalInput = z.object({
  url: z
    .string()
    .url()
    .refine((u) => u.startsWith('https://'), 'only https links are opened'),
});

/** A desktop notification (an order filled, partly filled or was rejected). Plain text only. */
export const notifyInput = z.object({
  title: z.string().trim().min(1).max(120),
  body: z.string().max(500).default(''),
});
