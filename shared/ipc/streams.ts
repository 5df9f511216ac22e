import { z } from 'zod';
import { category, symbol } from '../openapi/primitives';
import { QUOTE_SUB_TYPES } from '../proto/quotes';
import type { ConnectionStatus, LinkMessage, RateBudget } from './app-types';
import type { Position } from '../openapi/records/accounts';
import type { OrderRecord } from '../openapi/records/orders';
import type { AlertsState } from './alerts';

/**
 * The streams the renderer can subscribe to. Params are validated in main like operation inputs;
 * data is what main pushes, batched per flush on the one `bullpen:stream` channel.
 */

/**
 * A quote's shapes, by stage (docs/streaming.md "Quote pipeline"): the wire message main decodes
 * (`QuoteMessage`, electron/streaming/quote-state.ts), main's merged stream state (`QuoteState`,
 * same file), the record below (`QuoteRecord`: what main maps that state to and the renderer holds),
 * the IPC delta that carries it (`QuoteDelta`), and the renderer's `LiveQuote` (the record plus its
 * price flash).
 *
 * The newest streamed state of one symbol (merged from the Snapshot/Quote/Tick feeds, decimals as strings).
 * Field meanings match the snapshot endpoint at every hour (docs/streaming.md "Field meanings"):
 * `price`/`change`/`changeRatio`/`open`/`high`/`low`/`volume` are the REGULAR session's, also
 * before the open and after the close; pre-market/after-hours figures are the `ext*` fields and
 * overnight ones the `ovn*` fields. Bucket by `tradeTime` (exchange time), never by `time`.
 */
export interface QuoteRecord {
  symbol: string;
  /**
   * Main's local RECEIVE time of the newest message folded in, Unix ms: for ordering and staleness
   * only. It is not market time (in a replayed session it is days after the trades).
   */
  time: number;
  /**
   * Main's verdict: no message for longer than the market session's threshold, or the link is down
   * (shared/market/quote-staleness.ts). Absent until main first judges the symbol; the renderer
   * shows it and judges nothing itself.
   */
  stale?: boolean;
  /** Exchange time of the regular-session trade `price` is, Unix ms (the message's `trade_time`). */
  tradeTime?: number;
  /** Regular-session last price (the snapshot's `price`): it keeps this meaning outside regular hours. */
  price?: string;
  open?: string;
  high?: string;
  low?: string;
  preClose?: string;
  volume?: string;
  /** Regular-session change from `preClose`, and its ratio (a fraction: 0.0123 = +1.23 %). */
  change?: string;
  changeRatio?: string;
  /** Which extended session the `ext*` figures belong to: today's pre-market, or the latest after-hours. */
  extSession?: 'PRE' | 'ATH';
  /** Last price, change (from the regular close before it) and ratio of the `extSession` session. */
  extPrice?: string;
  extChange?: string;
  extChangeRatio?: string;
  /** Exchange time of the `extPrice` trade, Unix ms. */
  extTradeTime?: number;
  /** The overnight session's figures (only when the subscription asked for overnight data). */
  ovnPrice?: string;
  ovnChange?: string;
  ovnChangeRatio?: string;
  ovnTradeTime?: number;
  bid?: string;
  ask?: string;
  bidSize?: string;
  askSize?: string;
  tradingSession?: string;
  /** Depth levels when QUOTE was subscribed. */
  asks?: { price: string; size: string }[];
  bids?: { price: string; size: string }[];
  /** Ticks since the previous flush when TICK was subscribed (bounded). */
  ticks?: { time: number; price: string; volume: string; side: string }[];
}

/**
 * How much of the book a quotes subscriber needs: `top` (best bid/ask and the snapshot fields, for
 * rows and tickers) or `depth` (also the `asks`/`bids` ladder, for the quote-detail panel). A `top`
 * subscriber is never sent the ladder, and upstream the book is asked only as deep as some
 * subscriber needs (docs/streaming.md "Levels").
 */
const QUOTE_LEVELS = ['top', 'depth'] as const;
export type QuoteLevel = (typeof QUOTE_LEVELS)[number];

/**
 * One symbol's entry in a quotes batch: only the fields that changed since the previous batch to
 * the same subscription (`symbol` always; `time` with any other change, and once a second when a
 * message changed nothing else). Apply them in order over the previous record (`applyQuoteDelta`,
 * shared/ipc/quote-delta.ts): the result is main's latest `QuoteRecord`, without `asks`/`bids` for
 * a `top` subscription, its `time` at most a second behind.
 */
export type QuoteDelta = Pick<QuoteRecord, 'symbol'> & Partial<Omit<QuoteRecord, 'symbol'>>;

export interface TokenProgress {
  environmentId: string;
  /** `pending`: approve the login in the broker app before `deadline`. */
  state: 'idle' | 'pending' | 'approved' | 'failed';
  /** Unix ms when the client stops waiting for approval. */
  deadline?: number;
  message?: string;
}

/**
 * One trade event as main parsed it (shared/proto/trade-event-payload.ts): the order record whose
 * status changed, or the position record, for one account of one environment.
 */
export type TradeEventMessage = { environmentId: string; accountId: string; time: number } & (
  { kind: 'order'; payload: OrderRecord } | { kind: 'position'; payload: Position }
);

/** A command from the application menu to one window (e.g. File ▸ Settings…). */
export interface AppCommand {
  command: 'openSettings';
}

export interface ThemeInfo {
  dark: boolean;
  source: 'system' | 'light' | 'dark';
}

const none = z.object({}).default({});

export const streamParams = {
  quotes: z.object({
    symbols: z.array(symbol).min(1, 'at least one symbol').max(500),
    subTypes: z.array(z.enum(QUOTE_SUB_TYPES)).min(1).default(['SNAPSHOT']),
    /** The API routes quotes per category (docs/streaming.md); a mixed list is two subscriptions. */
    category: category.default('US_STOCK'),
    /** `depth` also sends the ladder (and implies QUOTE); default `top`. */
    level: z.enum(QUOTE_LEVELS).default('top'),
    /**
     * Keep the symbols streaming in main and send this subscription nothing: a list's rows off
     * screen. Main routes and tracks them; a row that scrolls into view subscribes itself and is
     * sent main's current state at once (docs/streaming.md "Rows off screen").
     */
    hold: z.boolean().default(false),
  }),
  connection: none,
  budget: none,
  tradeEvents: none,
  tokenProgress: none,
  theme: none,
  appCommands: none,
  /** The active environment's price alerts, pushed after every change (a fire included). */
  alerts: none,
  /** Link-group instruments chosen in the app's other windows (never the subscriber's own). */
  links: none,
} as const;

/**
 * What each stream delivers. `quotes` sends one compact batch per flush: per changed symbol, the
 * fields that changed since the previous batch to that subscription (`QuoteDelta`).
 */
export interface StreamData {
  quotes: QuoteDelta[];
  connection: ConnectionStatus;
  budget: RateBudget;
  tradeEvents: TradeEventMessage;
  tokenProgress: TokenProgress;
  theme: ThemeInfo;
  appCommands: AppCommand;
  alerts: AlertsState;
  links: LinkMessage;
}

export type StreamName = keyof typeof streamParams;
export type StreamParams<S extends StreamName> = z.input<(typeof streamParams)[S]>;
export type StreamParsedParams<S extends StreamName> = z.output<(typeof streamParams)[S]>;
