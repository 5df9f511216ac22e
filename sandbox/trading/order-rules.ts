import { Decimal } from '../../shared/decimal';
import type { NewOrder } from '../../shared/openapi/records/orders';
import {
  DEFAULT_FRACTIONAL_RULES,
  type FractionalRules,
  ORDER_TYPES,
  checkEntrust,
  checkOrderFields,
  isOrderTypeAllowed,
  sharesForAmount,
} from '../../shared/trading';
import { badParameter } from '../http/route-types';
import type { MarketView } from '../market/market-view';
import { isShortable } from '../market/shortable';
import type { OrderState } from './trading-state';

/**
 * Business validation of one order, after the catalogue's schema has checked the shapes. Every
 * rejection is a 400 naming the parameter, e.g. `new_orders[0].limit_price` (docs/sandbox.md).
 */
export type OrderDraft = Pick<
  OrderState,
  | 'instrument_type'
  | 'symbol'
  | 'instrument_id'
  | 'option_symbol'
  | 'option_strategy'
  | 'legs'
  | 'multiplier'
  | 'side'
  | 'order_type'
  | 'time_in_force'
  | 'quantity'
  | 'entrust_type'
  | 'total_cash_amount'
  | 'limit_price'
  | 'stop_price'
  | 'trailing_type'
  | 'trailing_stop_step'
  | 'extended_hours_trading'
>;

/** US equity options cover 100 shares. */
const OPTION_MULTIPLIER = 100;

/** `AAPL261218C00150000`: underlying, YYMMDD, C/P, strike × 1000 in 8 digits. */
function occSymbol(
  underlying: string,
  expireDate: string,
  optionType: 'CALL' | 'PUT',
  strike: string,
  where: string,
): string {
  const thousandths = new Decimal(strike).times(1000);
  if (!thousandths.isInteger() || thousandths.gte(1e8))
    throw badParameter(`${where}.strike_price`, `strike ${strike} cannot be an option strike`);
  const yymmdd = expireDate.slice(2).replace(/-/g, '');
  return `${underlying}${yymmdd}${optionType === 'CALL' ? 'C' : 'P'}${thousandths.toFixed(0).padStart(8, '0')}`;
}

export function draftOrder(
  market: MarketView,
  order: NewOrder,
  where: string,
  optionEndpoint: boolean,
  fractional: FractionalRules = DEFAULT_FRACTIONAL_RULES,
): OrderDraft {
  // The size: one field, by the entrust type's rules (shared/trading/entrust-types.ts).
  const sizeProblem = checkEntrust(order, fractional)[0];
  if (sizeProblem) throw badParameter(`${where}.${sizeProblem.field}`, sizeProblem.message);
  const byAmount = order.entrust_type === 'AMOUNT' ? order.total_cash_amount : undefined;
  const common = {
    side: order.side,
    order_type: order.order_type,
    time_in_force: order.time_in_force,
    quantity: new Decimal(order.quantity ?? 0).toFixed(),
    limit_price: order.limit_price,
    stop_price: order.stop_price,
    trailing_type: order.trailing_type,
    trailing_stop_step: order.trailing_stop_step,
    // `support_trading_session: ALL` (the real service's spelling) asks for extended hours too.
    extended_hours_trading:
      order.extended_hours_trading ??
      (order.support_trading_session === 'ALL' || order.support_trading_session === 'ALL_DAY'),
  };
  const leg = order.legs?.[0];
  if (leg) {
    if (order.instrument_type === 'EQUITY')
      throw badParameter(`${where}.instrument_type`, 'an order with legs is an OPTION order');
    if (order.option_strategy !== undefined && order.option_strategy !== 'SINGLE')
      throw badParameter(`${where}.option_strategy`, 'only SINGLE is supported');
    if (order.side === 'SHORT')
      throw badParameter(`${where}.side`, 'SHORT sells shares; an option is sold to open with SELL');
    if (!isOrderTypeAllowed(order.order_type, 'OPTION'))
      throw badParameter(`${where}.order_type`, `options take no ${order.order_type} orders`);
    if (!new Decimal(common.quantity).isInteger())
      throw badParameter(`${where}.quantity`, 'option quantity must be a whole number of contracts');
    if (!new Decimal(leg.quantity).eq(common.quantity))
      throw badParameter(`${where}.legs[0].quantity`, `must equal the order quantity ${order.quantity}`);
    if (leg.side !== order.side)
      throw badParameter(`${where}.legs[0].side`, `must equal the order side ${order.side}`);
    if (common.extended_hours_trading)
      throw badParameter(`${where}.extended_hours_trading`, 'options trade in regular hours only');
    if (!market.lookup(leg.symbol))
      throw badParameter(`${where}.legs[0].symbol`, `unknown underlying '${leg.symbol}'`);
    const optionSymbol = occSymbol(
      leg.symbol,
      leg.option_expire_date,
      leg.option_type,
      leg.strike_price,
      `${where}.legs[0]`,
    );
    // An unlisted expiry or strike is named by its field.
    const problem = market.optionListingProblem?.(optionSymbol);
    if (problem?.part === 'expiry')
      throw badParameter(`${where}.legs[0].option_expire_date`, problem.message);
    if (problem?.part === 'strike') throw badParameter(`${where}.legs[0].strike_price`, problem.message);
    if (!market.optionQuote(optionSymbol)) {
      throw badParameter(
        `${where}.legs[0]`,
        `no such option contract ${optionSymbol} (expiry ${leg.option_expire_date}, strike ${leg.strike_price}) in the ${leg.symbol} chain`,
      );
    }
    const draft: OrderDraft = {
      ...common,
      instrument_type: 'OPTION',
      symbol: leg.symbol,
      instrument_id: optionSymbol,
      option_symbol: optionSymbol,
      option_strategy: 'SINGLE',
      legs: [
        {
          symbol: leg.symbol,
          strike_price: leg.strike_price,
          option_expire_date: leg.option_expire_date,
          option_type: leg.option_type,
          side: leg.side,
          quantity: common.quantity,
        },
      ],
      multiplier: OPTION_MULTIPLIER,
    };
    checkPrices(draft, where);
    return draft;
  }
  if (optionEndpoint || order.instrument_type === 'OPTION')
    throw badParameter(`${where}.legs`, 'an option order needs exactly one leg');
  if (!order.symbol) throw badParameter(`${where}.symbol`, 'symbol is required for a stock order');
  const entry = market.lookup(order.symbol);
  if (!entry) throw badParameter(`${where}.symbol`, `unknown symbol '${order.symbol}'`);
  if (order.side === 'SHORT' && !isShortable(entry.symbol))
    throw badParameter(`${where}.side`, `${entry.symbol} cannot be borrowed: it is not shortable`);
  if (common.extended_hours_trading && !ORDER_TYPES[order.order_type].extendedHours) {
    throw badParameter(`${where}.order_type`, 'extended-hours orders must be LIMIT orders');
  }
  const draft: OrderDraft = {
    ...common,
    instrument_type: 'EQUITY',
    symbol: entry.symbol,
    instrument_id: entry.instrument_id,
    multiplier: 1,
  };
  checkPrices(draft, where);
  return byAmount === undefined ? draft : amountDraft(market, draft, byAmount, where);
}

/**
 * An order by amount, sized for the book until it fills: the shares the amount trades at the side's
 * quote now (the ask for a buy, the bid for a sell), rounded down. It fills at the market whole,
 * sized again at the price then (trading-engine.ts, `evaluate`).
 */
function amountDraft(market: MarketView, draft: OrderDraft, amount: string, where: string): OrderDraft {
  const q = market.quote(draft.symbol);
  const price = q ? new Decimal(draft.side === 'BUY' ? q.ask : q.bid) : undefined;
  if (!price?.gt(0))
    throw badParameter(`${where}.symbol`, `no quote for ${draft.symbol} to size the amount by`);
  const shares = sharesForAmount(amount, price);
  if (shares.isZero())
    throw badParameter(
      `${where}.total_cash_amount`,
      `${amount} buys no 0.00001 of a share at ${price.toFixed()}`,
    );
  return { ...draft, entrust_type: 'AMOUNT', total_cash_amount: amount, quantity: shares.toFixed() };
}

/**
 * The price fields the order type needs, and no other (shared/trading/order-types.ts), each on a
 * valid tick.
 */
export function checkPrices(
  d: Pick<
    OrderDraft,
    'order_type' | 'limit_price' | 'stop_price' | 'trailing_type' | 'trailing_stop_step' | 'instrument_type'
  >,
  where: string,
): void {
  const problem = checkOrderFields(d.order_type, d)[0];
  if (problem) throw badParameter(`${where}.${problem.field}`, problem.message);
  for (const name of ['limit_price', 'stop_price'] as const) {
    const value = d[name];
    if (value === undefined) continue;
    const price = new Decimal(value);
    // Sub-penny prices are accepted only below $1 for stocks (Reg NMS 612); options trade in cents.
    const places = d.instrument_type === 'EQUITY' && price.lt(1) ? 4 : 2;
    if (price.decimalPlaces() > places)
      throw badParameter(`${where}.${name}`, `${value} has more than ${places} decimal places`);
  }
}
