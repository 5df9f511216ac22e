import { z } from 'zod';
import { decimal, record, rows, timestampMs, withAliases } from '../primitives';
import { fraction } from './units';

/** The market snapshot record (docs/streaming.md, "Field meanings"); extended-hours (ext_) and overnight (ovn_) fields when asked for. */
const snapshotFields = record({
  symbol: z.string(),
  instrument_id: z.string(),
  price: decimal,
  open: decimal,
  high: decimal,
  low: decimal,
  volume: decimal,
  change: decimal,
  change_ratio: fraction('Regular-session change since the previous close'),
  pre_close: decimal,
  last_trade_time: timestampMs,
  bid: decimal.optional(),
  ask: decimal.optional(),
  bid_size: decimal.optional(),
  ask_size: decimal.optional(),
  trading_session: z.string().optional(),
  ext_trade_time: timestampMs.optional(),
  ext_price: decimal.optional(),
  ext_high: decimal.optional(),
  ext_low: decimal.optional(),
  ext_volume: decimal.optional(),
  ext_change: decimal.optional(),
  ext_change_ratio: fraction('Extended-hours change since the regular close').optional(),
  ovn_trade_time: timestampMs.optional(),
  ovn_price: decimal.optional(),
  ovn_high: decimal.optional(),
  ovn_low: decimal.optional(),
  ovn_volume: decimal.optional(),
  ovn_change: decimal.optional(),
  ovn_change_ratio: fraction('Overnight change since the regular close').optional(),
});

/**
 * The extended-hours names the real service sends (`extend_hour_last_price` …, `ovn_last_trade_time`)
 * beside the undocumented snapshot fields it adds (`quote_time`, `pe_ratio`, `market_value`, … kept
 * as unknown fields).
 */
const SNAPSHOT_ALIASES = {
  extend_hour_last_price: 'ext_price',
  extend_hour_change: 'ext_change',
  extend_hour_change_ratio: 'ext_change_ratio',
  extend_hour_volume: 'ext_volume',
  extend_hour_last_trade_time: 'ext_trade_time',
  extend_hour_high: 'ext_high',
  extend_hour_low: 'ext_low',
  ovn_last_trade_time: 'ovn_trade_time',
} as const;

export const snapshot = withAliases(snapshotFields, SNAPSHOT_ALIASES);

export const depthOrder = record({ mpid: z.string(), size: decimal });
export const depthBroker = record({ bid: z.string(), name: z.string() });
export const depthLevel = record({
  price: decimal,
  size: decimal,
  orders: z.array(depthOrder).optional(),
  brokers: z.array(depthBroker).optional(),
});

export const quoteDepth = record({
  symbol: z.string(),
  instrument_id: z.string(),
  quote_time: timestampMs.optional(),
  asks: z.array(depthLevel),
  bids: z.array(depthLevel),
});

export const tick = record({
  time: timestampMs,
  price: decimal,
  volume: decimal,
  /** `B` buy-side, `S` sell-side, `N` neutral. */
  side: z.string(),
  trading_session: z.string().optional(),
});

/** The real service lists the ticks under `result`. */
export const ticks = withAliases(
  record({
    symbol: z.string(),
    instrument_id: z.string(),
    ticks: rows(tick),
  }),
  { result: 'ticks' },
);

/** Bar fields are not published; these are the ones the SDKs read (docs/openapi-client.md). */
export const bar = record({
  time: timestampMs,
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal,
  trading_session: z.string().optional(),
});

/**
 * The real service's batch bars list each symbol's bars under `result`, without the timespan; the
 * interface text's single-symbol example is a bare list of bars (read-reply.ts completes its symbol),
 * so nothing names the instrument id there.
 */
export const bars = withAliases(
  record({
    symbol: z.string(),
    instrument_id: z.string().optional(),
    timespan: z.string().optional(),
    bars: rows(bar),
  }),
  { result: 'bars' },
);

export const instrument = record({
  symbol: z.string(),
  instrument_id: z.string(),
  name: z.string(),
  exchange: z.string(),
  currency: z.string(),
  status: z.string(),
  category: z.string().optional(),
  lot_size: decimal.optional(),
  shortable: z.boolean().optional(),
  marginable: z.boolean().optional(),
  // The four margin requirements (added to the API on 2026-06-06), decimal strings; some instruments
  // on the real service come without them (docs/openapi-client.md "Reading replies").
  intraday_margin_long: fraction('Intraday margin requirement of a long position').optional(),
  intraday_margin_short: fraction('Intraday margin requirement of a short position').optional(),
  maintenance_margin_long: fraction('Maintenance margin requirement of a long position').optional(),
  maintenance_margin_short: fraction('Maintenance margin requirement of a short position').optional(),
});

export const optionSnapshot = withAliases(
  snapshotFields.extend({
    underlying_symbol: z.string(),
    option_type: z.string(),
    strike_price: decimal,
    option_expire_date: z.string(),
    multiplier: decimal.optional(),
    open_interest: decimal.optional(),
    implied_volatility: decimal.optional(),
    delta: decimal.optional(),
    gamma: decimal.optional(),
    theta: decimal.optional(),
    vega: decimal.optional(),
  }),
  SNAPSHOT_ALIASES,
);

export const optionContract = record({
  symbol: z.string(),
  underlying_symbol: z.string(),
  option_type: z.string(),
  strike_price: decimal,
  option_expire_date: z.string(),
  bid: decimal.optional(),
  ask: decimal.optional(),
  /** Price of the contract's last trade today; absent when it has not traded. */
  last: decimal.optional(),
  implied_volatility: decimal.optional(),
  delta: decimal.optional(),
  gamma: decimal.optional(),
  theta: decimal.optional(),
  vega: decimal.optional(),
  /** Contracts traded today. */
  volume: decimal.optional(),
  open_interest: decimal.optional(),
});

/**
 * One row of the list-option-contracts operation (Webull reference `option-contract-list`): static
 * contract facts, no prices (those come from the option snapshot). `symbol` is the OCC symbol;
 * `root_symbol` may differ from the underlying (index weeklies: SPX → SPXW) and is the leg's symbol.
 */
export const listedOptionContract = record({
  instrument_id: z.string().optional(),
  symbol: z.string(),
  status: z.string().optional(),
  tradable_status: z.string().optional(),
  expiration_date: z.string(),
  root_symbol: z.string().optional(),
  underlying_symbol: z.string(),
  underlying_instrument_id: z.string().optional(),
  option_type: z.string(),
  style: z.string().optional(),
  strike_price: decimal,
  multiplier: decimal.optional(),
  settlement_method: z.string().optional(),
  expired_cycle: z.string().optional(),
  ppind: z.boolean().optional(),
  currency: z.string().optional(),
});

/** A page of contracts; `pagination_key` is absent on the last page. */
export const optionContractPage = record({
  data: z.array(listedOptionContract),
  pagination_key: z.string().optional(),
});

export const optionChain = record({
  underlying_symbol: z.string(),
  underlying_price: decimal,
  expirations: z.array(z.string()),
  contracts: z.array(optionContract),
});

export type Snapshot = z.output<typeof snapshot>;
export type QuoteDepth = z.output<typeof quoteDepth>;
export type Tick = z.output<typeof tick>;
export type Bar = z.output<typeof bar>;
export type Bars = z.output<typeof bars>;
export type Instrument = z.output<typeof instrument>;
export type OptionSnapshot = z.output<typeof optionSnapshot>;
export type OptionChain = z.output<typeof optionChain>;
export type ListedOptionContract = z.output<typeof listedOptionContract>;
export type OptionContractPage = z.output<typeof optionContractPage>;
