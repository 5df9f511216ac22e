import { Decimal } from '../../shared/decimal';
import { OPTION_COMMISSION_PER_CONTRACT, positionQuantity } from '../accounts/portfolio';
import { badParameter } from '../http/route-types';
import type { MarketView } from '../market/market-view';
import type { AccountState, OrderState, PositionState } from './trading-state';

/**
 * When and at what price an order fills against the simulated quotes (docs/sandbox.md): market orders at
 * once at the ask (buy) or bid (sell); limits when the quote crosses them; stops when the last price
 * reaches the stop (a stop-limit then works as a limit). Stocks trade in the regular session, and in
 * pre-market/after-hours only when the order asks for extended hours; options in regular hours only.
 */
export interface Touch {
  bid: Decimal;
  ask: Decimal;
  last: Decimal;
  /** Size shown at the bid/ask; absent (options) when the quote shows none, so nothing caps a fill. */
  bidSize?: Decimal;
  askSize?: Decimal;
}

export function touchOf(
  market: MarketView,
  o: Pick<OrderState, 'instrument_type' | 'symbol' | 'option_symbol'>,
  at?: number,
): Touch | undefined {
  if (o.instrument_type === 'OPTION') {
    const q = o.option_symbol ? market.optionQuote(o.option_symbol, at) : undefined;
    return q ? { bid: new Decimal(q.bid), ask: new Decimal(q.ask), last: new Decimal(q.mark) } : undefined;
  }
  const q = market.quote(o.symbol, at);
  return q
    ? {
        bid: new Decimal(q.bid),
        ask: new Decimal(q.ask),
        last: new Decimal(q.price),
        bidSize: new Decimal(q.bidSize),
        askSize: new Decimal(q.askSize),
      }
    : undefined;
}

/**
 * How much of `remaining` one matching pass fills: at most the size shown at the touch the order
 * trades against (the ask for a buy, the bid for a sell), so an order larger than the displayed
 * size fills in parts over successive passes (docs/sandbox.md "Orders").
 */
export function fillQuantity(side: OrderState['side'], touch: Touch, remaining: Decimal): Decimal {
  const shown = side === 'BUY' ? touch.askSize : touch.bidSize;
  return shown && shown.gt(0) ? Decimal.min(remaining, shown) : remaining;
}

/** Decimal places of the instrument's tick: stocks in cents from $1 (1/100 cent below), options in cents. */
function tickPlaces(instrumentType: OrderState['instrument_type'], price: Decimal): number {
  return instrumentType === 'EQUITY' && price.lt(1) ? 4 : 2;
}

/** A price as the broker shows it: `5.80`, not `5.8`; an average of several fills keeps up to 4 places. */
export function priceText(instrumentType: OrderState['instrument_type'], price: Decimal): string {
  const places = tickPlaces(instrumentType, price);
  return price.toFixed(Math.max(places, Math.min(price.decimalPlaces(), 4)), Decimal.ROUND_HALF_UP);
}

/**
 * A stop sits on the far side of the market: a buy stop above the last price, a sell stop below it.
 * One on the near side would trigger at once, which is never what the trader meant, so placement
 * rejects it (as brokers do) instead of filling it.
 */
export function checkStopSide(
  o: Pick<OrderState, 'order_type' | 'side' | 'stop_price'>,
  touch: Touch | undefined,
  where: string,
): void {
  if (o.stop_price === undefined || !touch) return;
  if (o.order_type !== 'STOP_LOSS' && o.order_type !== 'STOP_LOSS_LIMIT') return;
  const stop = new Decimal(o.stop_price);
  const last = touch.last.toFixed();
  if (o.side === 'BUY' && stop.lte(touch.last))
    throw badParameter(`${where}.stop_price`, `a buy stop must be above the last price ${last}`);
  if (o.side === 'SELL' && stop.gte(touch.last))
    throw badParameter(`${where}.stop_price`, `a sell stop must be below the last price ${last}`);
}

export function sessionAllows(
  market: MarketView,
  o: Pick<OrderState, 'instrument_type' | 'extended_hours_trading'>,
  at: number,
): boolean {
  const session = market.session(at);
  if (session === 'RTH') return true;
  return (
    o.instrument_type === 'EQUITY' && o.extended_hours_trading && (session === 'PRE' || session === 'ATH')
  );
}

/** The price an open order would pay now: what reservations and previews use. */
export function estimatePrice(
  o: Pick<OrderState, 'side' | 'order_type' | 'limit_price' | 'stop_price'>,
  touch: Touch | undefined,
): Decimal {
  if (o.limit_price !== undefined) return new Decimal(o.limit_price);
  const side = touch ? (o.side === 'BUY' ? touch.ask : touch.bid) : new Decimal(0);
  if (o.order_type === 'STOP_LOSS' && o.stop_price !== undefined) {
    return o.side === 'BUY' ? Decimal.max(side, o.stop_price) : side;
  }
  return side;
}

export interface FillDecision {
  price?: Decimal;
  /** The stop was reached on this evaluation. */
  triggered: boolean;
}

export function decideFill(o: OrderState, touch: Touch): FillDecision {
  let triggered = o.triggered;
  if (
    (o.order_type === 'STOP_LOSS' || o.order_type === 'STOP_LOSS_LIMIT') &&
    !triggered &&
    o.stop_price !== undefined
  ) {
    const stop = new Decimal(o.stop_price);
    triggered = o.side === 'BUY' ? touch.last.gte(stop) : touch.last.lte(stop);
    if (!triggered) return { triggered: false };
  }
  const atTouch = o.side === 'BUY' ? touch.ask : touch.bid;
  if (!atTouch.gt(0)) return { triggered };
  if (o.order_type === 'MARKET' || o.order_type === 'STOP_LOSS') return { price: atTouch, triggered };
  const limit = new Decimal(o.limit_price ?? 0);
  const crossed = o.side === 'BUY' ? touch.ask.lte(limit) : touch.bid.gte(limit);
  return crossed ? { price: atTouch, triggered } : { triggered };
}

export function commissionOf(o: Pick<OrderState, 'instrument_type'>, quantity: Decimal): Decimal {
  return o.instrument_type === 'OPTION' ? quantity.times(OPTION_COMMISSION_PER_CONTRACT) : new Decimal(0);
}

/**
 * Books a fill: cash moves by quantity × price × multiplier plus commission; the position gains a lot,
 * or loses lots first-in first-out with the realised P/L booked. Returns the position touched.
 */
export function applyFill(
  account: AccountState,
  o: OrderState,
  quantity: Decimal,
  price: Decimal,
  time: number,
  lotId: () => string,
): PositionState {
  const signed = o.side === 'BUY' ? quantity : quantity.neg();
  const commission = commissionOf(o, quantity);
  account.cash = new Decimal(account.cash)
    .minus(signed.times(price).times(o.multiplier))
    .minus(commission)
    .toFixed();
  let position = account.positions.find((p) => p.instrument_id === o.instrument_id);
  if (!position) {
    const leg = o.legs?.[0];
    position = {
      instrument_id: o.instrument_id,
      symbol: o.option_symbol ?? o.symbol,
      instrument_type: o.instrument_type,
      multiplier: o.multiplier,
      ...(leg
        ? {
            underlying_symbol: leg.symbol,
            option_type: leg.option_type,
            strike_price: leg.strike_price,
            option_expire_date: leg.option_expire_date,
          }
        : {}),
      lots: [],
    };
    account.positions.push(position);
  }
  let remaining = signed;
  let realized = new Decimal(account.realized);
  const held = positionQuantity(position);
  if (!held.isZero() && held.isNegative() !== remaining.isNegative()) {
    const lots = [...position.lots];
    while (lots.length > 0 && !remaining.isZero()) {
      const lot = lots[0];
      if (!lot) break;
      const lotQty = new Decimal(lot.quantity);
      const closing = Decimal.min(lotQty.abs(), remaining.abs());
      // Long lot closed by a sell: (price − cost) × qty; short lot closed by a buy: (cost − price) × qty.
      const perUnit = lotQty.isNegative()
        ? new Decimal(lot.cost_price).minus(price)
        : price.minus(lot.cost_price);
      realized = realized.plus(perUnit.times(closing).times(o.multiplier));
      const left = lotQty.abs().minus(closing);
      if (left.isZero()) lots.shift();
      else lots[0] = { ...lot, quantity: (lotQty.isNegative() ? left.neg() : left).toFixed() };
      remaining = remaining.isNegative() ? remaining.plus(closing) : remaining.minus(closing);
    }
    position.lots = lots;
  }
  if (!remaining.isZero())
    position.lots.push({
      lot_id: lotId(),
      quantity: remaining.toFixed(),
      cost_price: priceText(o.instrument_type, price),
      open_time: time,
    });
  account.realized = realized.toFixed();
  const touched = { ...position, lots: [...position.lots] };
  if (position.lots.length === 0) account.positions = account.positions.filter((p) => p !== position);
  return touched;
}
