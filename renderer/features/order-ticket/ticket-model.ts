import { Decimal } from '../../../shared/decimal';
import type { OptionRules } from '../../../shared/environments';
import type { NewOrder } from '../../../shared/openapi/records/orders';
import {
  ORDER_TYPES,
  type OptionOrderType,
  type OrderType,
  type OrderPriceField,
  type TimeInForce,
  isOrderTypeAllowed,
} from '../../../shared/trading';
import type { OptionType, Side } from './ticket-math';

/** What the ticket's form holds: text as typed, checked by `validateTicket` before anything is sent. */
export interface TicketDraft {
  accountId: string;
  underlying: string;
  /** YYYY-MM-DD */
  expiry: string;
  strike: string;
  optionType: OptionType;
  side: Side;
  orderType: OptionOrderType;
  limitPrice: string;
  stopPrice: string;
  quantity: string;
  timeInForce: TimeInForce;
  /** The leg's symbol when the contract's OCC root differs from the underlying (SPX → SPXW). */
  legSymbol?: string;
  /** Sent as `position_intent` (`BUY_TO_OPEN` …) where the environment's rules use it. */
  positionEffect?: 'OPEN' | 'CLOSE';
}

export type TicketField =
  'accountId' | 'expiry' | 'strike' | 'limitPrice' | 'stopPrice' | 'quantity' | 'orderType' | 'timeInForce';
export type FieldErrors = Partial<Record<TicketField, string>>;

/** The ticket's field for each price field of the wire (the option ticket has no trailing stop). */
const TICKET_FIELD: Partial<Record<OrderPriceField, 'limitPrice' | 'stopPrice'>> = {
  limit_price: 'limitPrice',
  stop_price: 'stopPrice',
};
/** Which of the ticket's price fields an order type takes (and needs): the domain's table (shared/trading). */
export const priceFields = (type: OrderType): ReadonlyArray<'limitPrice' | 'stopPrice'> =>
  ORDER_TYPES[type].fields.flatMap((f) => TICKET_FIELD[f] ?? []);

export interface ValidationContext {
  /** The chain's expirations and the strikes listed for the chosen expiry and type. */
  expirations: readonly string[];
  strikes: readonly string[];
  /** Today in New York, YYYY-MM-DD. */
  today: string;
  /** The contract's current bid/ask, when known (for the stop's side of the market). */
  bid?: string;
  ask?: string;
  /** The environment's option rules (shared/environments.ts); absent: the interface text's. */
  rules?: OptionRules;
}

const DECIMAL = /^\d+(\.\d+)?$/;
/** Decimal places an option price may have. */
const PRICE_PLACES = 2;

function price(text: string, label: string): string | undefined {
  if (text.trim() === '') return `Enter a ${label}.`;
  if (!DECIMAL.test(text.trim()) || new Decimal(text.trim()).lte(0))
    return `The ${label} must be a positive number.`;
  // The service refuses an option price with more than two decimal places (a cent is the tick).
  if (new Decimal(text.trim()).decimalPlaces() > PRICE_PLACES)
    return `The ${label} goes in cents: at most ${PRICE_PLACES} decimal places.`;
  return undefined;
}

/**
 * The ticket's field rules. A stop triggers when the market reaches it, so a buy stop below the
 * ask or a sell stop above the bid would trigger at once: that is refused as "wrong side".
 */
export function validateTicket(d: TicketDraft, ctx: ValidationContext): FieldErrors {
  const errors: FieldErrors = {};
  if (!d.accountId) errors.accountId = 'Choose an account.';
  if (!d.expiry) errors.expiry = 'Choose an expiry.';
  else if (d.expiry < ctx.today) errors.expiry = `The expiry ${d.expiry} has passed.`;
  else if (!ctx.expirations.includes(d.expiry)) errors.expiry = `${d.expiry} is not a listed expiry.`;
  if (!d.strike) errors.strike = 'Choose a strike.';
  else if (!ctx.strikes.some((s) => DECIMAL.test(d.strike) && new Decimal(s).eq(d.strike)))
    errors.strike = `${d.strike} is not a listed strike for this expiry.`;
  const q = d.quantity.trim();
  if (!/^\d+(\.\d+)?$/.test(q) || new Decimal(q).lte(0))
    errors.quantity = 'Enter a quantity of at least 1 contract.';
  else if (!new Decimal(q).isInteger()) errors.quantity = 'Options trade in whole contracts.';
  if (!isOrderTypeAllowed(d.orderType, 'OPTION', { optionMarketOrders: ctx.rules?.marketOrders }))
    errors.orderType =
      d.orderType === 'MARKET'
        ? 'Options take no market orders here: use a limit order.'
        : `Options take no ${ORDER_TYPES[d.orderType].label.toLowerCase()} orders.`;
  if (ctx.rules?.sellDayOnly && d.side === 'SELL' && d.timeInForce !== 'DAY')
    errors.timeInForce = 'An option sell is good for the day only here.';
  const needs = priceFields(d.orderType);
  if (needs.includes('limitPrice')) {
    const e = price(d.limitPrice, 'limit price');
    if (e) errors.limitPrice = e;
  }
  if (needs.includes('stopPrice')) {
    const e = price(d.stopPrice, 'stop price');
    if (e) errors.stopPrice = e;
    else if (d.side === 'BUY' && ctx.ask && new Decimal(d.stopPrice).lte(ctx.ask))
      errors.stopPrice = `A buy stop must be above the ask (${ctx.ask}).`;
    else if (d.side === 'SELL' && ctx.bid && new Decimal(d.stopPrice).gte(ctx.bid))
      errors.stopPrice = `A sell stop must be below the bid (${ctx.bid}).`;
  }
  return errors;
}

/** The `new_orders` element of a valid draft (single leg, strategy SINGLE, whole contracts). */
export function toNewOrder(d: TicketDraft, clientOrderId: string): NewOrder {
  const needs = priceFields(d.orderType);
  const quantity = new Decimal(d.quantity.trim()).toFixed();
  return {
    client_order_id: clientOrderId,
    combo_type: 'NORMAL',
    option_strategy: 'SINGLE',
    instrument_type: 'OPTION',
    market: 'US',
    order_type: d.orderType,
    // Sent as the value, not the text typed: "1.230" goes as "1.23".
    ...(needs.includes('limitPrice') ? { limit_price: new Decimal(d.limitPrice.trim()).toFixed() } : {}),
    ...(needs.includes('stopPrice') ? { stop_price: new Decimal(d.stopPrice.trim()).toFixed() } : {}),
    quantity,
    side: d.side,
    time_in_force: d.timeInForce,
    entrust_type: 'QTY',
    ...(d.positionEffect ? { position_intent: `${d.side}_TO_${d.positionEffect}` as const } : {}),
    legs: [
      {
        side: d.side,
        quantity,
        symbol: d.legSymbol ?? d.underlying,
        strike_price: d.strike,
        option_expire_date: d.expiry,
        option_type: d.optionType,
        instrument_type: 'OPTION',
        market: 'US',
      },
    ],
  };
}

/** Everything that makes the order what it is: a change here is a new intent (a new client_order_id). */
export function intentKey(d: TicketDraft): string {
  return JSON.stringify([
    d.accountId,
    d.underlying,
    d.expiry,
    d.strike,
    d.optionType,
    d.side,
    d.orderType,
    priceFields(d.orderType).includes('limitPrice') ? d.limitPrice.trim() : '',
    priceFields(d.orderType).includes('stopPrice') ? d.stopPrice.trim() : '',
    d.quantity.trim(),
    d.timeInForce,
    d.legSymbol ?? '',
    d.positionEffect ?? '',
  ]);
}

/**
 * The form as the environment's option rules allow it: MARKET becomes LIMIT where options take no
 * market orders, a sell is DAY where sells are DAY-only, and the open/close choice is kept only
 * where orders carry `position_intent` (default: open).
 */
export function underRules<
  T extends Pick<TicketDraft, 'orderType' | 'side' | 'timeInForce' | 'positionEffect'>,
>(d: T, rules: OptionRules): T {
  return {
    ...d,
    orderType: !rules.marketOrders && d.orderType === 'MARKET' ? 'LIMIT' : d.orderType,
    timeInForce: rules.sellDayOnly && d.side === 'SELL' ? 'DAY' : d.timeInForce,
    positionEffect: rules.positionIntent ? (d.positionEffect ?? 'OPEN') : undefined,
  };
}
