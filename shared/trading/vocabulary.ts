/**
 * The order vocabulary of the Webull Open API's unified order endpoints, declared once. Values are
 * the wire's own spellings (case-sensitive): the broker's current SDK enums (OrderSide, OrderTIF,
 * TrailingType, ComboType) and its stock order reference (docs/trading-domain.md).
 */

/** What an order trades. */
export const INSTRUMENT_TYPES = ['EQUITY', 'OPTION'] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];

/**
 * BUY, SELL, and SHORT: a sale of shares the account does not hold (the SDK's OrderSide and the
 * stock reference list it for US equities only; options open short with SELL + SELL_TO_OPEN).
 */
export const SIDES = ['BUY', 'SELL', 'SHORT'] as const;
export type Side = (typeof SIDES)[number];
/** What a trader reads for each side. */
export const SIDE_LABELS: Readonly<Record<Side, string>> = { BUY: 'Buy', SELL: 'Sell', SHORT: 'Sell short' };
/** The sides an option order (and its leg) may take. */
export const OPTION_SIDES = ['BUY', 'SELL'] as const satisfies readonly Side[];
export type OptionSide = (typeof OPTION_SIDES)[number];
/** Whether a side adds to (+1) or takes from (−1) the position. */
export const sideSign = (side: Side): 1 | -1 => (side === 'BUY' ? 1 : -1);

/**
 * Time in force. The reference also lists GTD (US, with an expiry date) and the SDK IOC; Bullpen
 * offers neither, so the wire schema refuses them rather than send a form nobody tested.
 */
export const TIME_IN_FORCE = ['DAY', 'GTC'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];

/**
 * `support_trading_session`, required on US equity orders (observed: 417 without it; the SDK sends
 * CORE). The stock reference lists CORE, ALL, NIGHT and ALL_DAY.
 */
export const TRADING_SESSIONS = {
  /** Regular hours only, 09:30–16:00 ET. */
  CORE: { label: 'Regular hours' },
  /** Regular plus pre-market and after-hours (extended). */
  ALL: { label: 'Extended hours' },
  /** The overnight session only. */
  NIGHT: { label: 'Overnight' },
  /** Every session, overnight included. */
  ALL_DAY: { label: '24 hours' },
} as const;
export type TradingSession = keyof typeof TRADING_SESSIONS;
export const TRADING_SESSION_VALUES = Object.keys(TRADING_SESSIONS) as [TradingSession, ...TradingSession[]];

/** `trailing_type`: whether `trailing_stop_step` is a price distance or a fraction (0.01 = 1 %). */
export const TRAILING_TYPES = ['AMOUNT', 'PERCENTAGE'] as const;
export type TrailingType = (typeof TRAILING_TYPES)[number];

/** `position_intent` on option orders, where the environment's rules use it. */
export const POSITION_INTENTS = ['BUY_TO_OPEN', 'BUY_TO_CLOSE', 'SELL_TO_OPEN', 'SELL_TO_CLOSE'] as const;

export const OPTION_TYPES = ['CALL', 'PUT'] as const;
