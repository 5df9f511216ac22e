import { z } from 'zod';
import {
  COMBO_TYPES,
  ENTRUST_TYPES,
  GROUP_KIND_VALUES,
  OPEN_STATUSES,
  OPTION_SIDES,
  ORDER_STATUSES,
  ORDER_TYPE_VALUES,
  SIDES,
  TIME_IN_FORCE,
  TRAILING_TYPES,
} from '../../shared/trading';

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
  side: z.enum(OPTION_SIDES),
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
  side: z.enum(SIDES),
  order_type: z.enum(ORDER_TYPE_VALUES),
  time_in_force: z.enum(TIME_IN_FORCE),
  /**
   * Shares. For an order by amount (`entrust_type` AMOUNT), what the amount buys at the price now
   * until it fills, then the shares it filled (shared/trading/entrust-types.ts).
   */
  quantity: z.string(),
  filled_quantity: z.string(),
  entrust_type: z.enum(ENTRUST_TYPES).optional(),
  /** An order by amount: its dollars, decimal text. */
  total_cash_amount: z.string().optional(),
  limit_price: z.string().optional(),
  stop_price: z.string().optional(),
  trailing_type: z.enum(TRAILING_TYPES).optional(),
  trailing_stop_step: z.string().optional(),
  /** A trailing stop's best price so far (the high for a sell, the low for a buy): its stop follows it. */
  trail_anchor: z.string().optional(),
  avg_fill_price: z.string().optional(),
  /** Σ quantity × price of the fills so far, exact: the average is derived from it, not from a rounded average. */
  filled_value: z.string().optional(),
  /** Changed only through the domain's transition table (order-lifecycle.ts). */
  status: z.enum(ORDER_STATUSES),
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
  /** A linked order's role, its group's id and kind (shared/trading/groups.ts). */
  combo_type: z.enum(COMBO_TYPES).optional(),
  combo_order_id: z.string().optional(),
  client_combo_order_id: z.string().optional(),
  group_kind: z.enum(GROUP_KIND_VALUES).optional(),
  /** A group's child that starts working when its master fills: not matched, nothing reserved. */
  waiting: z.boolean().optional(),
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

/** Open as the domain's transition table says (a status with a way out). */
export const isOpen = (o: OrderState) => OPEN_STATUSES.has(o.status);
