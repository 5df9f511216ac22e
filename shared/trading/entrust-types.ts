import { Decimal } from '../decimal';
import type { OrderType } from './order-types';
import type { InstrumentType, Side, TimeInForce, TradingSession } from './vocabulary';

/**
 * `entrust_type`: how an order is sized. QTY by `quantity` (shares or contracts); AMOUNT by
 * `total_cash_amount`, the dollars to trade, which the broker turns into fractional shares (the
 * SDK's OrderEntrustType; Webull's stock trading guide: "by cash amount, US fractional shares
 * only"). The two size fields are exclusive. docs/trading-domain.md "Orders by amount".
 */
export const ENTRUST_TYPES = ['QTY', 'AMOUNT'] as const;
export type EntrustType = (typeof ENTRUST_TYPES)[number];

/** The size field an entrust type sends; the other one is not sent. */
type SizeField = 'quantity' | 'total_cash_amount';

export interface EntrustTypeSpec {
  /** What a trader reads on the ticket's toggle. */
  label: string;
  field: SizeField;
  /** What an order of this entrust type may be; `undefined`: no restriction of its own. */
  instruments?: readonly InstrumentType[];
  orderTypes?: readonly OrderType[];
  timeInForce?: readonly TimeInForce[];
  sessions?: readonly TradingSession[];
  sides?: readonly Side[];
  /** May be one order of a linked group (bracket, OTO, OCO). */
  linked: boolean;
}

/**
 * The rules of each entrust type. AMOUNT: Webull's guide shows one form, a MARKET DAY order in the
 * CORE session; the SDKs and the reference list no other, so Bullpen sends no other (a careful
 * client keeps to the form the service documents). A short sale borrows whole shares; a linked
 * group's exits are sized in shares, so an amount order is never part of one.
 */
export const ENTRUST_TYPE_RULES: Readonly<Record<EntrustType, EntrustTypeSpec>> = {
  QTY: { label: 'Shares', field: 'quantity', linked: true },
  AMOUNT: {
    label: 'Dollars',
    field: 'total_cash_amount',
    instruments: ['EQUITY'],
    orderTypes: ['MARKET'],
    timeInForce: ['DAY'],
    sessions: ['CORE'],
    sides: ['BUY', 'SELL'],
    linked: false,
  },
};

/**
 * A QTY order for a fraction of a share (`0.5`, `2.65`) keeps the rules the ticket always had for
 * fractions: market or limit, regular session, day, no short sale, no group. The sources say
 * nothing of fractional quantities; Webull's app takes them so.
 */
const FRACTIONAL_QUANTITY_RULES: EntrustTypeSpec = {
  label: 'Shares',
  field: 'quantity',
  instruments: ['EQUITY'],
  orderTypes: ['MARKET', 'LIMIT'],
  timeInForce: ['DAY'],
  sessions: ['CORE'],
  sides: ['BUY', 'SELL'],
  linked: false,
};

/** `total_cash_amount` goes in cents (the guide's "500.00", the SDK sample's "100.20"). */
export const AMOUNT_PLACES = 2;
/** A fractional quantity's decimal places (Webull's fractional shares: 0.00001 of a share). */
export const FRACTION_PLACES = 5;

/**
 * Fractional orders in one environment (shared/environments.ts `fractionalRulesOf`): whether they
 * are offered, and the smallest buy by amount. Neither is in the interface text.
 */
export interface FractionalRules {
  allowed: boolean;
  /** The least `total_cash_amount` of a buy, dollars as decimal text (a sell has no minimum). */
  minimumBuy: string;
}
/** Webull's app takes fractional buys from $5; Bullpen asks for that much unless told otherwise. */
export const DEFAULT_FRACTIONAL_RULES: FractionalRules = { allowed: true, minimumBuy: '5' };

/** The order fields the entrust rules read (the wire's `new_orders` element). */
export interface EntrustFields {
  entrust_type?: EntrustType;
  instrument_type?: InstrumentType;
  order_type: OrderType;
  side: Side;
  time_in_force: TimeInForce;
  support_trading_session?: TradingSession;
  combo_type?: string;
  quantity?: string;
  total_cash_amount?: string;
  legs?: readonly unknown[];
}

export interface EntrustProblem {
  field:
    | 'entrust_type'
    | SizeField
    | 'order_type'
    | 'side'
    | 'time_in_force'
    | 'support_trading_session'
    | 'combo_type';
  message: string;
}

const POSITIVE = /^\d+(\.\d+)?$/;

/**
 * The size rules of one order: exactly the size field its entrust type sends (absent entrust type:
 * QTY), positive, in its places; for AMOUNT the order type, side, time in force, session and group
 * its rules allow and, for a buy, at least the environment's minimum. First problem first.
 */
export function checkEntrust(
  o: EntrustFields,
  rules: FractionalRules = DEFAULT_FRACTIONAL_RULES,
): EntrustProblem[] {
  const type = o.entrust_type ?? 'QTY';
  const sizing = ENTRUST_TYPE_RULES[type];
  const other: SizeField = sizing.field === 'quantity' ? 'total_cash_amount' : 'quantity';
  const problems: EntrustProblem[] = [];
  const size = o[sizing.field];
  if (o[other] !== undefined)
    problems.push({
      field: other,
      message: `${type} orders take no ${other}: they are sized by ${sizing.field}`,
    });
  if (size === undefined || size === '') {
    problems.push({ field: sizing.field, message: `${type} orders need ${sizing.field}` });
    return problems;
  }
  if (!POSITIVE.test(size) || !new Decimal(size).gt(0)) {
    problems.push({ field: sizing.field, message: `${sizing.field} must be a positive decimal` });
    return problems;
  }
  const value = new Decimal(size);
  const fractionalQuantity = type === 'QTY' && o.legs === undefined && !value.isInteger();
  if (type === 'QTY' && !fractionalQuantity) return problems;
  const what = type === 'AMOUNT' ? 'an order by amount' : 'a fractional order';
  if (!rules.allowed)
    return [
      {
        field: sizing.field,
        message: `this environment takes no ${type === 'AMOUNT' ? 'orders by amount' : 'fractions of a share'}`,
      },
    ];
  if (type === 'AMOUNT') {
    if (value.decimalPlaces() > AMOUNT_PLACES)
      problems.push({
        field: 'total_cash_amount',
        message: `total_cash_amount goes in cents: at most ${AMOUNT_PLACES} decimal places`,
      });
    else if (o.side === 'BUY' && value.lt(rules.minimumBuy))
      problems.push({
        field: 'total_cash_amount',
        message: `a buy by amount is at least ${new Decimal(rules.minimumBuy).toFixed(2)}`,
      });
  } else if (value.decimalPlaces() > FRACTION_PLACES) {
    problems.push({
      field: 'quantity',
      message: `a fraction of a share goes to at most ${FRACTION_PLACES} decimal places`,
    });
  }
  return [...problems, ...restrictions(type === 'AMOUNT' ? sizing : FRACTIONAL_QUANTITY_RULES, o, what)];
}

/** Where an order by amount or a fractional order breaks its rules: order type, side, term, session or group. */
function restrictions(rules: EntrustTypeSpec, o: EntrustFields, what: string): EntrustProblem[] {
  const problems: EntrustProblem[] = [];
  if (
    (o.instrument_type !== undefined && !rules.instruments?.includes(o.instrument_type)) ||
    o.legs !== undefined
  )
    problems.push({ field: 'entrust_type', message: `only stocks take ${what}` });
  if (rules.orderTypes && !rules.orderTypes.includes(o.order_type))
    problems.push({ field: 'order_type', message: `${what} is a ${rules.orderTypes.join(' or ')} order` });
  if (rules.sides && !rules.sides.includes(o.side))
    problems.push({
      field: 'side',
      message: `${what} is a ${rules.sides.join(' or ')}: a short sale is in whole shares`,
    });
  if (rules.timeInForce && !rules.timeInForce.includes(o.time_in_force))
    problems.push({ field: 'time_in_force', message: `${what} is good for the day only` });
  if (rules.sessions && !rules.sessions.includes(o.support_trading_session ?? 'CORE'))
    problems.push({
      field: 'support_trading_session',
      message: `${what} trades in the regular session only`,
    });
  if (!rules.linked && o.combo_type !== undefined && o.combo_type !== 'NORMAL')
    problems.push({ field: 'combo_type', message: `${what} cannot be part of a linked group` });
  return problems;
}

/** The shares `amount` dollars buy at `price`, down to the fractional step: never more than the amount. */
export function sharesForAmount(amount: Decimal.Value, price: Decimal.Value): Decimal {
  const p = new Decimal(price);
  if (p.lte(0)) throw new Error('no price to turn the amount into shares');
  return new Decimal(amount).dividedBy(p).toDecimalPlaces(FRACTION_PLACES, Decimal.ROUND_DOWN);
}
