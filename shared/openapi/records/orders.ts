import { z } from 'zod';
import { dateText, decimal, record, symbol, timestampMs } from '../primitives';

export const ORDER_TYPES = ['MARKET', 'LIMIT', 'STOP_LOSS', 'STOP_LOSS_LIMIT'] as const;
export const ORDER_SIDES = ['BUY', 'SELL'] as const;
export const TIME_IN_FORCE = ['DAY', 'GTC'] as const;
export const ORDER_STATUSES = ['SUBMITTED', 'PARTIAL_FILLED', 'FILLED', 'CANCELLED', 'FAILED'] as const;
export const POSITION_INTENTS = ['BUY_TO_OPEN', 'BUY_TO_CLOSE', 'SELL_TO_OPEN', 'SELL_TO_CLOSE'] as const;
export const CLIENT_ORDER_ID_PATTERN = /^[0-9a-f]{32}$/;
/**
 * What the service accepts as a `client_order_id`: 10 to 40 characters (observed; the documented
 * text says at most 32). Bullpen makes 32 lower-case hex (CLIENT_ORDER_ID_PATTERN).
 */
export const clientOrderId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{10,40}$/, 'expected 10 to 40 letters, digits, _ or -');
/** Which sessions a US equity order may work in; the real service requires it on equity orders. */
export const SUPPORT_TRADING_SESSIONS = ['CORE', 'ALL', 'NIGHT'] as const;

/** A positive decimal quantity or price, as text (money never goes through float). */
const positiveDecimal = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'expected a positive decimal string')
  .refine((s) => /[1-9]/.test(s), 'must be greater than zero');

export const optionLeg = z.object({
  side: z.enum(ORDER_SIDES),
  quantity: positiveDecimal,
  /** The underlying's symbol. */
  symbol,
  strike_price: positiveDecimal,
  option_expire_date: dateText,
  option_type: z.enum(['CALL', 'PUT']),
  instrument_type: z.literal('OPTION'),
  market: z.literal('US'),
});

/**
 * One element of `new_orders`. Stock orders carry `symbol` + `instrument_type: EQUITY`; single-leg
 * option orders carry `combo_type`, `option_strategy: SINGLE` and one leg (docs/openapi-client.md). The rules that
 * depend on the order type (limit/stop price required) are checked by whoever receives it.
 */
export const newOrder = z.object({
  client_order_id: clientOrderId,
  combo_type: z.literal('NORMAL').optional(),
  option_strategy: z.literal('SINGLE').optional(),
  instrument_type: z.enum(['EQUITY', 'OPTION']).optional(),
  symbol: symbol.optional(),
  market: z.literal('US').optional(),
  order_type: z.enum(ORDER_TYPES),
  limit_price: positiveDecimal.optional(),
  stop_price: positiveDecimal.optional(),
  quantity: positiveDecimal,
  side: z.enum(ORDER_SIDES),
  time_in_force: z.enum(TIME_IN_FORCE),
  entrust_type: z.literal('QTY').optional(),
  extended_hours_trading: z.boolean().optional(),
  /** Whether an option order opens or closes a position (the real service's rules, environments.ts). */
  position_intent: z.enum(POSITION_INTENTS).optional(),
  support_trading_session: z.enum(SUPPORT_TRADING_SESSIONS).optional(),
  legs: z.array(optionLeg).length(1, 'a single-leg order has exactly one leg').optional(),
});

export const modifyOrder = z.object({
  client_order_id: clientOrderId,
  quantity: positiveDecimal.optional(),
  limit_price: positiveDecimal.optional(),
  stop_price: positiveDecimal.optional(),
  time_in_force: z.enum(TIME_IN_FORCE).optional(),
});

export const orderAck = record({
  client_order_id: z.string(),
  order_id: z.string(),
  status: z.string().optional(),
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
  limit_price: decimal.optional(),
  stop_price: decimal.optional(),
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
export type OrderStatus = (typeof ORDER_STATUSES)[number];
