import { z } from 'zod';
import { decimal, record, timestampMs } from '../primitives';
import { fraction } from './units';

/** The market snapshot record (docs/streaming.md, "Field meanings"); extended-hours (ext_) and overnight (ovn_) fields when asked for. */
export const snapshot = record({
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

export const ticks = record({
  symbol: z.string(),
  instrument_id: z.string(),
  ticks: z.array(tick),
});

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

export const bars = record({
  symbol: z.string(),
  instrument_id: z.string(),
  timespan: z.string(),
  bars: z.array(bar),
});

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
  // The four margin requirements (added to the API on 2026-06-06), decimal strings.
  intraday_margin_long: fraction('Intraday margin requirement of a long position'),
  intraday_margin_short: fraction('Intraday margin requirement of a short position'),
  maintenance_margin_long: fraction('Maintenance margin requirement of a long position'),
  maintenance_margin_short: fraction('Maintenance margin requirement of a short position'),
});

export const optionSnapshot = snapshot.extend({
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
});

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
