import { z } from 'zod';

/**
 * What `trading.json` holds: accounts with cash and positions (as lots, so position details can
 * list them), and every order ever placed. Quantities are signed decimal text (negative = short);
 * money is decimal text, never float.
 */
const lotState = z.object({
  lot_id: z.string(),
  quantity: z.string(),
  cost_price: z.string(),
  open_time: z.number(),
});

const positionState = z.object({
  instrument_id: z.string(),
  symbol: z.string(),
  instrument_type: z.enum(['EQUITY', 'OPTION']),
  multiplier: z.number().int(),
  underlying_symbol: z.string().optional(),
  option_type: z.enum(['CALL', 'PUT']).optional(),
  strike_price: z.string().optional(),
  option_expire_date: z.string().optional(),
  lots: z.array(lotState),
});

const accountState = z.object({
  account_id: z.string(),
  account_type: z.enum(['MARGIN', 'CASH']),
  account_label: z.string(),
  cash: z.string(),
  realized: z.string(),
  positions: z.array(positionState),
});

const legState = z.object({
  symbol: z.string(),
  strike_price: z.string(),
  option_expire_date: z.string(),
  option_type: z.enum(['CALL', 'PUT']),
  side: z.enum(['BUY', 'SELL']),
  quantity: z.string(),
});

const orderState = z.object({
  client_order_id: z.string(),
  order_id: z.string(),
  account_id: z.string(),
  /** Stock symbol, or the underlying's for an option order. */
  symbol: z.string(),
  instrument_id: z.string(),
  instrument_type: z.enum(['EQUITY', 'OPTION']),
  option_symbol: z.string().optional(),
  option_strategy: z.string().optional(),
  legs: z.array(legState).optional(),
  multiplier: z.number().int(),
  side: z.enum(['BUY', 'SELL']),
  order_type: z.enum(['MARKET', 'LIMIT', 'STOP_LOSS', 'STOP_LOSS_LIMIT']),
  time_in_force: z.enum(['DAY', 'GTC']),
  quantity: z.string(),
  filled_quantity: z.string(),
  limit_price: z.string().optional(),
  stop_price: z.string().optional(),
  avg_fill_price: z.string().optional(),
  /** Σ quantity × price of the fills so far, exact: the average is derived from it, not from a rounded average. */
  filled_value: z.string().optional(),
  status: z.enum(['SUBMITTED', 'PARTIAL_FILLED', 'FILLED', 'CANCELLED', 'FAILED']),
  place_time: z.number(),
  update_time: z.number(),
  filled_time: z.number().optional(),
  reason: z.string().optional(),
  extended_hours_trading: z.boolean(),
  /** A stop order whose stop price was reached (a stop-limit then works as a limit). */
  triggered: z.boolean(),
  /** DAY orders: the regular close at which they expire. */
  expires_at: z.number().optional(),
  seq: z.number().int(),
});

export const tradingFileSchema = z.object({
  nextOrderSeq: z.number().int(),
  nextLotSeq: z.number().int(),
  accounts: z.array(accountState),
  orders: z.array(orderState),
});

export type PositionState = z.output<typeof positionState>;
export type AccountState = z.output<typeof accountState>;
export type OrderState = z.output<typeof orderState>;
export type TradingFile = z.output<typeof tradingFileSchema>;

const OPEN_STATUSES: ReadonlySet<OrderState['status']> = new Set(['SUBMITTED', 'PARTIAL_FILLED']);
export const isOpen = (o: OrderState) => OPEN_STATUSES.has(o.status);
