import { Decimal } from '../decimal';
import type { InstrumentType, TrailingType } from './vocabulary';
import { TRAILING_TYPES } from './vocabulary';

/** The fields an order type may need beyond quantity, side and time in force (wire names). */
const ORDER_PRICE_FIELDS = ['limit_price', 'stop_price', 'trailing_type', 'trailing_stop_step'] as const;
export type OrderPriceField = (typeof ORDER_PRICE_FIELDS)[number];

/** Where an order type is allowed for one instrument type. */
type Availability =
  | 'allowed'
  | 'refused'
  /** Allowed where the environment's option rules allow market orders (the real service refuses them). */
  | 'where-market-orders-allowed';

/**
 * How an order of the type works once placed: what makes it start working (nothing, the last price
 * reaching `stop_price`, or reaching a stop that trails the price), then whether it trades at the
 * market or only at its `limit_price` or better. One fill rule per type, read by the sandbox.
 */
type Trigger = 'none' | 'stop' | 'trailing-stop';
type Execution = 'market' | 'limit';

export interface OrderTypeSpec {
  /** What a trader reads. */
  label: string;
  /** Every field the type needs; it takes no other price field. */
  fields: readonly OrderPriceField[];
  trigger: Trigger;
  executes: Execution;
  /** Whether an equity order of the type may work outside regular hours (only limits may). */
  extendedHours: boolean;
  equity: Availability;
  option: Availability;
}

/**
 * The order types, each with the fields it needs and where it is allowed (the stock order reference
 * and the broker's SDK; options: no trailing stops, and no MARKET on the real service). One row per
 * type: adding a type is a row here and the screens that offer it (docs/where-a-change-goes.md).
 */
export const ORDER_TYPES = {
  MARKET: {
    label: 'Market',
    fields: [],
    trigger: 'none',
    executes: 'market',
    extendedHours: false,
    equity: 'allowed',
    option: 'where-market-orders-allowed',
  },
  LIMIT: {
    label: 'Limit',
    fields: ['limit_price'],
    trigger: 'none',
    executes: 'limit',
    extendedHours: true,
    equity: 'allowed',
    option: 'allowed',
  },
  STOP_LOSS: {
    label: 'Stop loss',
    fields: ['stop_price'],
    trigger: 'stop',
    executes: 'market',
    extendedHours: false,
    equity: 'allowed',
    option: 'allowed',
  },
  STOP_LOSS_LIMIT: {
    label: 'Stop loss limit',
    fields: ['stop_price', 'limit_price'],
    trigger: 'stop',
    executes: 'limit',
    extendedHours: false,
    equity: 'allowed',
    option: 'allowed',
  },
  TRAILING_STOP_LOSS: {
    label: 'Trailing stop',
    fields: ['trailing_type', 'trailing_stop_step'],
    trigger: 'trailing-stop',
    executes: 'market',
    extendedHours: false,
    equity: 'allowed',
    option: 'refused',
  },
} as const satisfies Record<string, OrderTypeSpec>;

export type OrderType = keyof typeof ORDER_TYPES;
export const ORDER_TYPE_VALUES = Object.keys(ORDER_TYPES) as [OrderType, ...OrderType[]];
/** The types an option order may be (on some environment): a screen for options handles each. */
export type OptionOrderType = {
  [K in OrderType]: (typeof ORDER_TYPES)[K]['option'] extends 'refused' ? never : K;
}[OrderType];
/** The types an equity order may be. */
export type EquityOrderType = {
  [K in OrderType]: (typeof ORDER_TYPES)[K]['equity'] extends 'refused' ? never : K;
}[OrderType];

export const needsField = (type: OrderType, field: OrderPriceField): boolean =>
  (ORDER_TYPES[type].fields as readonly OrderPriceField[]).includes(field);

/** What decides the per-environment rows: whether the environment takes option market orders. */
export interface OrderTypeContext {
  optionMarketOrders?: boolean;
}

/** Whether `type` may be placed for `instrument` (absent context: the interface text, which allows it). */
export function isOrderTypeAllowed(type: OrderType, instrument: InstrumentType, ctx: OrderTypeContext = {}) {
  const a = instrument === 'EQUITY' ? ORDER_TYPES[type].equity : ORDER_TYPES[type].option;
  return a === 'allowed' || (a === 'where-market-orders-allowed' && ctx.optionMarketOrders !== false);
}

/** The types a ticket for `instrument` offers, in table order. */
export function orderTypesFor(instrument: 'OPTION', ctx?: OrderTypeContext): OptionOrderType[];
export function orderTypesFor(instrument: 'EQUITY', ctx?: OrderTypeContext): EquityOrderType[];
export function orderTypesFor(instrument: InstrumentType, ctx: OrderTypeContext = {}): OrderType[] {
  return ORDER_TYPE_VALUES.filter((t) => isOrderTypeAllowed(t, instrument, ctx));
}

/** The price fields of an order as sent: decimal text, `trailing_type` its enum. */
export type OrderPriceFields = Partial<Record<Exclude<OrderPriceField, 'trailing_type'>, string>> & {
  trailing_type?: TrailingType;
};

export interface FieldProblem {
  field: OrderPriceField;
  message: string;
}

const POSITIVE = /^\d+(\.\d+)?$/;
const isPositive = (s: string) => POSITIVE.test(s) && new Decimal(s).gt(0);

/**
 * The field rules of one order: every field its type needs is there and valid, and no price field
 * it does not take is sent. A percentage trail is a fraction at most 1 (0.01 = 1 %, the reference).
 */
export function checkOrderFields(type: OrderType, o: OrderPriceFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of ORDER_PRICE_FIELDS) {
    const value = o[field];
    const needed = needsField(type, field);
    if (!needed) {
      if (value !== undefined) problems.push({ field, message: `${type} orders take no ${field}` });
      continue;
    }
    if (value === undefined || value === '') {
      problems.push({ field, message: `${type} orders need ${field}` });
    } else if (field === 'trailing_type') {
      if (!(TRAILING_TYPES as readonly string[]).includes(value))
        problems.push({ field, message: `trailing_type is AMOUNT or PERCENTAGE` });
    } else if (!isPositive(value)) {
      problems.push({ field, message: `${field} must be a positive decimal` });
    } else if (
      field === 'trailing_stop_step' &&
      o.trailing_type === 'PERCENTAGE' &&
      new Decimal(value).gt(1)
    ) {
      problems.push({ field, message: 'a percentage trail is a fraction at most 1 (0.01 = 1 %)' });
    }
  }
  return problems;
}
