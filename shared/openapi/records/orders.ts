import { z } from 'zod';
import {
  CLIENT_ORDER_ID_RULE,
  CLIENT_ORDER_ID_RULE_TEXT,
  COMBO_TYPES,
  ENTRUST_TYPES,
  INSTRUMENT_TYPES,
  OPTION_SIDES,
  OPTION_TYPES,
  ORDER_TYPE_VALUES,
  POSITION_INTENTS,
  SIDES,
  TIME_IN_FORCE,
  TRADING_SESSION_VALUES,
  TRAILING_TYPES,
} from '../../trading';
import { dateText, decimal, record, symbol, timestampMs } from '../primitives';

/**
 * The order records on the wire. Every enumeration and the client-order-id rule come from the
 * trading domain (shared/trading, docs/trading-domain.md); this file only says how they are written.
 */
/** What the service accepts as a `client_order_id` (shared/trading/client-order-id.ts). */
export const clientOrderId = z.string().regex(CLIENT_ORDER_ID_RULE, CLIENT_ORDER_ID_RULE_TEXT);

/** A positive decimal quantity or price, as text (money never goes through float). */
const positiveDecimal = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'expected a positive decimal string')
  .refine((s) => /[1-9]/.test(s), 'must be greater than zero');

export const optionLeg = z.object({
  side: z.enum(OPTION_SIDES),
  quantity: positiveDecimal,
  /** The underlying's symbol. */
  symbol,
  strike_price: positiveDecimal,
  option_expire_date: dateText,
  option_type: z.enum(OPTION_TYPES),
  instrument_type: z.literal('OPTION'),
  market: z.literal('US'),
});

/**
 * One element of `new_orders`. Stock orders carry `symbol` + `instrument_type: EQUITY`; single-leg
 * option orders carry `option_strategy: SINGLE` and one leg (docs/openapi-client.md); an order of a
 * linked group carries its role as `combo_type` (shared/trading/groups.ts). Which price fields an
 * order type needs (`checkOrderFields`) and which types an instrument takes are the domain's rules,
 * checked by whoever receives the order: this schema checks shapes.
 */
export const newOrder = z.object({
  client_order_id: clientOrderId,
  combo_type: z.enum(COMBO_TYPES).optional(),
  option_strategy: z.literal('SINGLE').optional(),
  instrument_type: z.enum(INSTRUMENT_TYPES).optional(),
  symbol: symbol.optional(),
  market: z.literal('US').optional(),
  order_type: z.enum(ORDER_TYPE_VALUES),
  limit_price: positiveDecimal.optional(),
  stop_price: positiveDecimal.optional(),
  /** Trailing stops: whether the step is a price distance or a fraction (0.01 = 1 %). Case-sensitive. */
  trailing_type: z.enum(TRAILING_TYPES).optional(),
  trailing_stop_step: positiveDecimal.optional(),
  /** The size: `quantity` for QTY (the default), `total_cash_amount` dollars for AMOUNT, never both (`checkEntrust`). */
  quantity: positiveDecimal.optional(),
  total_cash_amount: positiveDecimal.optional(),
  side: z.enum(SIDES),
  time_in_force: z.enum(TIME_IN_FORCE),
  entrust_type: z.enum(ENTRUST_TYPES).optional(),
  extended_hours_trading: z.boolean().optional(),
  /** Whether an option order opens or closes a position (the real service's rules, environments.ts). */
  position_intent: z.enum(POSITION_INTENTS).optional(),
  /** Which sessions a US equity order may work in; the real service requires it on equity orders. */
  support_trading_session: z.enum(TRADING_SESSION_VALUES).optional(),
  legs: z.array(optionLeg).length(1, 'a single-leg order has exactly one leg').optional(),
});

/** A replace: the changed fields only (a trailing stop changes only its step, the reference says). */
export const modifyOrder = z.object({
  client_order_id: clientOrderId,
  quantity: positiveDecimal.optional(),
  limit_price: positiveDecimal.optional(),
  stop_price: positiveDecimal.optional(),
  trailing_stop_step: positiveDecimal.optional(),
  time_in_force: z.enum(TIME_IN_FORCE).optional(),
});

export const orderAck = record({
  client_order_id: z.string(),
  order_id: z.string(),
  status: z.string().optional(),
  /** A linked group's id, on each order of a group placement. */
  combo_order_id: z.string().optional(),
});

export const orderPreview = record({
  client_order_id: z.string(),
  estimated_cost: decimal,
  estimated_commission: decimal,
  estimated_fees: decimal.optional(),
  buying_power_after: decimal.optional(),
  currency: z.string().optional(),
  warnings: z.array(z.string()).optional(),
});

export const orderRecord = record({
  client_order_id: z.string(),
  order_id: z.string(),
  account_id: z.string(),
  symbol: z.string(),
  instrument_type: z.string(),
  side: z.string(),
  order_type: z.string(),
  time_in_force: z.string(),
  quantity: decimal,
  filled_quantity: decimal,
  /**
   * An order by amount (shared/trading/entrust-types.ts): its dollars, as text or, as the
   * broker's own tools send it, a bare number (read and the repair noted, `decimal`).
   */
  entrust_type: z.string().optional(),
  total_cash_amount: decimal.optional(),
  limit_price: decimal.optional(),
  stop_price: decimal.optional(),
  trailing_type: z.string().optional(),
  trailing_stop_step: decimal.optional(),
  avg_fill_price: decimal.optional(),
  status: z.string(),
  place_time: timestampMs,
  update_time: timestampMs,
  filled_time: timestampMs.optional(),
  reason: z.string().optional(),
  option_strategy: z.string().optional(),
  legs: z
    .array(
      record({
        symbol: z.string(),
        strike_price: decimal,
        option_expire_date: z.string(),
        option_type: z.string(),
        side: z.string(),
        quantity: decimal,
      }),
    )
    .optional(),
  option_symbol: z.string().optional(),
  /** The order's role in a linked group (absent or NORMAL: none), and the group's id. */
  combo_type: z.string().optional(),
  combo_order_id: z.string().optional(),
  client_combo_order_id: z.string().optional(),
});

export const orderCancelled = record({
  client_order_id: z.string(),
  order_id: z.string(),
  status: z.string(),
});

export type NewOrder = z.output<typeof newOrder>;
export type ModifyOrder = z.output<typeof modifyOrder>;
export type OrderAck = z.output<typeof orderAck>;
export type OrderPreview = z.output<typeof orderPreview>;
export type OrderRecord = z.output<typeof orderRecord>;
