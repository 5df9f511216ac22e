import { z } from 'zod';
import { decimal, record, rows, timestampMs } from '../primitives';
import { fraction, money } from './units';

export const account = record({
  account_id: z.string(),
  account_type: z.string(),
  account_number: z.string().optional(),
  account_label: z.string().optional(),
  currency: z.string().optional(),
});

export const currencyAssets = record({
  currency: z.string(),
  cash_balance: decimal,
  buying_power: decimal.optional(),
  market_value: decimal.optional(),
});

export const balance = record({
  account_id: z.string(),
  total_asset_currency: z.string(),
  total_asset: decimal,
  total_cash: decimal,
  total_market_value: decimal,
  buying_power: decimal,
  cash_buying_power: decimal.optional(),
  option_buying_power: decimal.optional(),
  unrealized_profit_loss: decimal.optional(),
  realized_profit_loss: decimal.optional(),
  day_profit_loss: decimal.optional(),
  maintenance_margin: money('Maintenance margin the positions require').optional(),
  account_currency_assets: z.array(currencyAssets).optional(),
  updated_at: timestampMs.optional(),
});

export const position = record({
  instrument_id: z.string(),
  symbol: z.string(),
  instrument_type: z.string(),
  /** `US_STOCK`, `US_ETF` or `US_OPTION`. */
  category: z.string().optional(),
  quantity: decimal,
  cost_price: decimal,
  last_price: decimal.optional(),
  market_value: decimal.optional(),
  unrealized_profit_loss: decimal.optional(),
  unrealized_profit_loss_ratio: fraction('Unrealised P/L over the cost basis').optional(),
  currency: z.string().optional(),
  underlying_symbol: z.string().optional(),
  option_type: z.string().optional(),
  strike_price: decimal.optional(),
  option_expire_date: z.string().optional(),
  multiplier: decimal.optional(),
});

export const positionLot = record({
  lot_id: z.string(),
  quantity: decimal,
  cost_price: decimal,
  open_time: timestampMs,
});

export const positionDetails = record({
  instrument_id: z.string(),
  symbol: z.string().optional(),
  items: rows(positionLot),
  last_id: z.string().optional(),
  has_more: z.boolean().optional(),
});

export type Account = z.output<typeof account>;
export type Balance = z.output<typeof balance>;
export type Position = z.output<typeof position>;
export type PositionDetails = z.output<typeof positionDetails>;
