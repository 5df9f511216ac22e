import { Decimal, toFixedText } from '../../shared/decimal';
import type { Balance, Position } from '../../shared/openapi/records/accounts';
import { lotsDayPnl, previousCloseInstant } from '../../shared/pnl/lots';
import type { MarketView } from '../market/market-view';
import type { AccountState, OrderState, PositionState } from '../trading/trading-state';
import { isOpen } from '../trading/trading-state';

/**
 * Marks an account to the live MarketView quotes. A simplified Reg T model (documented in
 * docs/sandbox.md): stock requires 50 % initial margin long or short, long options are not
 * marginable (100 %), a short option requires 20 % of its strike notional; cash accounts buy with
 * settled-or-not cash only. Open orders reserve what their fill would consume.
 */
export const OPTION_COMMISSION_PER_CONTRACT = new Decimal('0.65');
const STOCK_INITIAL = new Decimal('0.5');
const STOCK_MAINT_LONG = new Decimal('0.25');
const STOCK_MAINT_SHORT = new Decimal('0.3');
const SHORT_OPTION_STRIKE_RATIO = new Decimal('0.2');

const money = (d: Decimal) => toFixedText(d, 2);

export function positionQuantity(p: PositionState): Decimal {
  return p.lots.reduce((sum, l) => sum.plus(l.quantity), new Decimal(0));
}

function averageCost(p: PositionState): Decimal {
  let qty = new Decimal(0);
  let cost = new Decimal(0);
  for (const l of p.lots) {
    const q = new Decimal(l.quantity).abs();
    qty = qty.plus(q);
    cost = cost.plus(q.times(l.cost_price));
  }
  return qty.isZero() ? new Decimal(0) : cost.div(qty);
}

/** Last price of a stock, mark of an option; the cost price when the market has no quote (an expired contract). */
function markPrice(
  market: MarketView,
  p: Pick<PositionState, 'instrument_type' | 'symbol' | 'lots'> & PositionState,
): Decimal {
  if (p.instrument_type === 'OPTION') {
    const q = market.optionQuote(p.symbol);
    return q ? new Decimal(q.mark) : averageCost(p);
  }
  const q = market.quote(p.symbol);
  return q ? new Decimal(q.price) : averageCost(p);
}

/** The previous regular close a position's day change is measured from; undefined when unknown. */
function previousClose(market: MarketView, p: PositionState): Decimal | undefined {
  if (p.instrument_type === 'OPTION') {
    const q = market.optionQuote(p.symbol);
    return q?.preClose === undefined ? undefined : new Decimal(q.preClose);
  }
  const q = market.quote(p.symbol);
  return q ? new Decimal(q.preClose) : undefined;
}

export function positionView(market: MarketView, p: PositionState): Position {
  const qty = positionQuantity(p);
  const cost = averageCost(p);
  const mark = markPrice(market, p);
  const mult = new Decimal(p.multiplier);
  const marketValue = qty.times(mark).times(mult);
  const upl = mark.minus(cost).times(qty).times(mult);
  const basis = cost.times(qty.abs()).times(mult);
  return {
    instrument_id: p.instrument_id,
    symbol: p.symbol,
    instrument_type: p.instrument_type,
    category:
      p.instrument_type === 'OPTION' ? 'US_OPTION' : (market.lookup(p.symbol)?.category ?? 'US_STOCK'),
    quantity: qty.toFixed(),
    cost_price: toFixedText(cost, 4),
    last_price: toFixedText(mark, 2),
    market_value: money(marketValue),
    unrealized_profit_loss: money(upl),
    unrealized_profit_loss_ratio: basis.isZero() ? '0' : toFixedText(upl.div(basis), 4),
    currency: 'USD',
    multiplier: String(p.multiplier),
    ...(p.instrument_type === 'OPTION'
      ? {
          underlying_symbol: p.underlying_symbol,
          option_type: p.option_type,
          strike_price: p.strike_price,
          option_expire_date: p.option_expire_date,
        }
      : {}),
  };
}

export interface Requirement {
  /** Cash a buy would pay (what a cash account checks). */
  cash: Decimal;
  /** Stock-side buying power this consumes (1:1 with the stock BP figure). */
  stock: Decimal;
  /** Option-side buying power this consumes. */
  option: Decimal;
}

/** What an order would consume if it filled at `price` (used for open-order reservations and checks). */
export function orderRequirement(
  account: AccountState,
  order: Pick<OrderState, 'instrument_type' | 'side' | 'multiplier' | 'symbol' | 'instrument_id' | 'legs'>,
  quantity: Decimal,
  price: Decimal,
): Requirement {
  const held = heldQuantity(account, order.instrument_id);
  const notional = quantity.times(price).times(order.multiplier);
  const commission =
    order.instrument_type === 'OPTION' ? quantity.times(OPTION_COMMISSION_PER_CONTRACT) : new Decimal(0);
  const zero = new Decimal(0);
  if (order.side === 'BUY') {
    // Buying to cover a short frees margin; only the part that opens a long costs buying power.
    const opening = held.isNegative() ? Decimal.max(0, quantity.minus(held.abs())) : quantity;
    const cost = opening.times(price).times(order.multiplier).plus(commission);
    const cash = notional.plus(commission);
    return order.instrument_type === 'OPTION'
      ? { cash, stock: cost.times(2), option: cost }
      : { cash, stock: cost, option: cost.div(2) };
  }
  const opening = Decimal.max(0, quantity.minus(Decimal.max(0, held)));
  if (opening.isZero()) return { cash: zero, stock: zero, option: zero };
  if (order.instrument_type === 'OPTION') {
    const strike = new Decimal(order.legs?.[0]?.strike_price ?? price);
    const req = opening.times(strike).times(order.multiplier).times(SHORT_OPTION_STRIKE_RATIO);
    return { cash: zero, stock: req.times(2), option: req };
  }
  const req = notional.div(quantity).times(opening);
  return { cash: zero, stock: req, option: req.div(2) };
}

export function heldQuantity(account: AccountState, instrumentId: string): Decimal {
  const p = account.positions.find((x) => x.instrument_id === instrumentId);
  return p ? positionQuantity(p) : new Decimal(0);
}

export interface AccountFigures {
  cash: Decimal;
  marketValue: Decimal;
  equity: Decimal;
  unrealized: Decimal;
  maintenance: Decimal;
  /** Change of today's open positions: since the previous close, or since the fill for a lot opened today (shared/pnl/lots.ts). */
  dayProfitLoss: Decimal;
  buyingPower: Decimal;
  optionBuyingPower: Decimal;
}

export function accountFigures(
  market: MarketView,
  account: AccountState,
  openOrders: readonly OrderState[],
  estimatePrice: (o: OrderState) => Decimal,
): AccountFigures {
  const cash = new Decimal(account.cash);
  let marketValue = new Decimal(0);
  let unrealized = new Decimal(0);
  let initial = new Decimal(0);
  let maintenance = new Decimal(0);
  let dayProfitLoss = new Decimal(0);
  const sessionStart = previousCloseInstant(market.now());
  for (const p of account.positions) {
    const qty = positionQuantity(p);
    const mark = markPrice(market, p);
    const preClose = previousClose(market, p);
    // One rule with the Positions panel (shared/pnl/lots.ts), so the two panels agree.
    dayProfitLoss = dayProfitLoss.plus(lotsDayPnl(p.lots, mark, preClose, sessionStart, p.multiplier));
    const mv = qty.times(mark).times(p.multiplier);
    marketValue = marketValue.plus(mv);
    unrealized = unrealized.plus(mark.minus(averageCost(p)).times(qty).times(p.multiplier));
    if (p.instrument_type === 'EQUITY') {
      initial = initial.plus(mv.abs().times(STOCK_INITIAL));
      maintenance = maintenance.plus(mv.abs().times(qty.isNegative() ? STOCK_MAINT_SHORT : STOCK_MAINT_LONG));
    } else {
      const req = qty.isNegative()
        ? mv.abs().plus(
            qty
              .abs()
              .times(p.strike_price ?? 0)
              .times(p.multiplier)
              .times(SHORT_OPTION_STRIKE_RATIO),
          )
        : mv;
      initial = initial.plus(req);
      maintenance = maintenance.plus(req);
    }
  }
  let reservedStock = new Decimal(0);
  let reservedOption = new Decimal(0);
  let reservedCash = new Decimal(0);
  for (const o of openOrders) {
    if (o.account_id !== account.account_id || !isOpen(o)) continue;
    const r = orderRequirement(
      account,
      o,
      new Decimal(o.quantity).minus(o.filled_quantity),
      estimatePrice(o),
    );
    reservedStock = reservedStock.plus(r.stock);
    reservedOption = reservedOption.plus(r.option);
    reservedCash = reservedCash.plus(r.cash);
  }
  const equity = cash.plus(marketValue);
  let buyingPower: Decimal;
  let optionBuyingPower: Decimal;
  if (account.account_type === 'CASH') {
    buyingPower = Decimal.max(0, cash.minus(reservedCash));
    optionBuyingPower = buyingPower;
  } else {
    const excess = equity.minus(initial);
    buyingPower = Decimal.max(0, excess.times(2).minus(reservedStock));
    optionBuyingPower = Decimal.max(0, excess.minus(reservedOption));
  }
  return {
    cash,
    marketValue,
    equity,
    unrealized,
    maintenance,
    dayProfitLoss,
    buyingPower,
    optionBuyingPower,
  };
}

export function balanceView(
  account: AccountState,
  f: AccountFigures,
  currency: string,
  now: number,
): Balance {
  return {
    account_id: account.account_id,
    total_asset_currency: currency,
    total_asset: money(f.equity),
    total_cash: money(f.cash),
    total_market_value: money(f.marketValue),
    buying_power: money(f.buyingPower),
    cash_buying_power: money(Decimal.max(0, f.cash)),
    unrealized_profit_loss: money(f.unrealized),
    realized_profit_loss: money(new Decimal(account.realized)),
    day_profit_loss: money(f.dayProfitLoss),
    // A cash account borrows nothing: it reports no margin figures (no maintenance, no option buying power).
    ...(account.account_type === 'MARGIN'
      ? { option_buying_power: money(f.optionBuyingPower), maintenance_margin: money(f.maintenance) }
      : {}),
    account_currency_assets: [
      {
        currency: 'USD',
        cash_balance: money(f.cash),
        buying_power: money(f.buyingPower),
        market_value: money(f.marketValue),
      },
    ],
    updated_at: now,
  };
}
