import { Decimal } from '../../../shared/decimal';
import type { Session } from '../../../shared/market/calendar';
import {
  AMOUNT_PLACES,
  DEFAULT_FRACTIONAL_RULES,
  ENTRUST_TYPE_RULES,
  FRACTION_PLACES,
  type GroupKind,
  type LinkedOrders,
} from '../../../shared/trading';
import { takesField, type StockDraft, type StockFieldErrors } from './stock-draft';
import { legAsDraft, legsOf } from './stock-linked';
import { LEG_FIELDS, legField, type LegFieldName } from './stock-legs';

/** The broker's largest stock order (Webull place-order reference: at most 200,000 shares). */
const MAX_SHARES = new Decimal(200_000);
/** What an order by amount may be (shared/trading/entrust-types.ts). */
const BY_AMOUNT = ENTRUST_TYPE_RULES.AMOUNT;

/** What the rules are checked against: the market, the instrument, the account, the environment. */
export interface StockRuleContext {
  bid?: string;
  ask?: string;
  last?: string;
  /** The market's session now (shared/market/calendar.ts `sessionAt` on the market clock). */
  session: Session;
  /** Whether the instrument may be sold short (the instrument record's `shortable`); unknown: allowed. */
  shortable?: boolean;
  /** Whether the instrument trades in fractions of a share here. */
  fractional: boolean;
  /** The least buy by amount here, dollars (shared/environments.ts `fractionalRulesOf`); default $5. */
  minimumBuy?: string;
  /** A margin account may sell short; a cash account may not. Unknown: allowed (the broker decides). */
  margin?: boolean;
  /** Shares held now, signed (negative: short); undefined while unknown. */
  held?: Decimal;
  /** The environment offers the overnight session. */
  overnight: boolean;
  /** The linked-order kinds the environment takes (`linkedOrdersOf`). */
  linked: LinkedOrders;
  /**
   * A contingent order's stop is checked against the entry's price (it works once the entry has
   * filled), not against the market now.
   */
  anchor?: Decimal;
}

const DECIMAL = /^\d+(\.\d+)?$/;
const isPositive = (t: string) => DECIMAL.test(t) && new Decimal(t).gt(0);

/**
 * The price increment of a US stock at `price` (SEC Regulation NMS Rule 612, the sub-penny rule):
 * a cent at $1.00 and above, $0.0001 below.
 */
export function tickPlaces(price: Decimal): number {
  return price.gte(1) ? 2 : 4;
}

function priceError(text: string, label: string): string | undefined {
  const t = text.trim();
  if (t === '') return `Enter a ${label}.`;
  if (!isPositive(t)) return `The ${label} must be a positive number.`;
  const p = new Decimal(t);
  const places = tickPlaces(p);
  if (p.decimalPlaces() > places)
    return places === 2
      ? `The ${label} goes in cents at $1.00 and above: at most 2 decimal places.`
      : `The ${label} goes in steps of $0.0001 below $1.00: at most 4 decimal places.`;
  return undefined;
}

/** The price an order is likely to trade at: the limit, else the side's quote, else the last. */
export function referencePrice(d: StockDraft, ctx: Pick<StockRuleContext, 'bid' | 'ask' | 'last'>) {
  if (takesField(d.orderType, 'limitPrice') && isPositive(d.limitPrice.trim()))
    return new Decimal(d.limitPrice.trim());
  const quote = d.side === 'BUY' ? ctx.ask : ctx.bid;
  const text = quote && isPositive(quote) ? quote : ctx.last;
  return text && isPositive(text) ? new Decimal(text) : undefined;
}

/**
 * Every rule of the stock ticket, each at its field (docs/ui.md "Stock ticket"). Nothing here
 * depends on the broker having answered: the server's own refusals are shown at the field too.
 */
export function validateStockDraft(d: StockDraft, ctx: StockRuleContext): StockFieldErrors {
  const e: StockFieldErrors = {};
  if (!d.accountId) e.accountId = 'Choose an account.';
  const needs = (f: Parameters<typeof takesField>[1]) => takesField(d.orderType, f);
  const dollars = d.sizing === 'DOLLARS';
  const fractional =
    dollars || (DECIMAL.test(d.quantity.trim()) && !new Decimal(d.quantity.trim()).isInteger());
  const minimumBuy = new Decimal(ctx.minimumBuy ?? DEFAULT_FRACTIONAL_RULES.minimumBuy);

  // Side: a short sale needs a shortable stock, a margin account, and no long position to sell first.
  if (d.side === 'SHORT') {
    if (ctx.shortable === false) e.side = `${d.symbol} cannot be sold short now (none to borrow).`;
    else if (ctx.margin === false) e.side = 'A cash account cannot sell short: use a margin account.';
    else if (ctx.held?.gt(0))
      e.side = `You hold ${ctx.held.toFixed()} shares of ${d.symbol}: sell them before selling short.`;
  } else if (d.side === 'SELL' && ctx.held !== undefined && !dollars && DECIMAL.test(d.quantity.trim())) {
    const q = new Decimal(d.quantity.trim());
    if (ctx.held.lte(0)) e.side = `You hold no ${d.symbol} to sell: use Sell short to open a short position.`;
    else if (q.gt(ctx.held))
      e.quantity = `You hold ${ctx.held.toFixed()} shares: sell at most that, or sell short separately.`;
  }

  // Size: shares (whole, or fractional where allowed) or a dollar amount.
  if (dollars) {
    const a = d.amount.trim();
    if (!ctx.fractional) e.amount = `${d.symbol} trades in whole shares here: enter a quantity.`;
    else if (!isPositive(a)) e.amount = 'Enter a dollar amount.';
    else if (new Decimal(a).decimalPlaces() > AMOUNT_PLACES)
      e.amount = `The amount goes in cents: at most ${AMOUNT_PLACES} decimal places.`;
    else if (d.side === 'BUY' && new Decimal(a).lt(minimumBuy))
      e.amount = `A buy by amount is at least $${minimumBuy.toFixed(2)}.`;
    else if (!referencePrice(d, ctx)) e.amount = 'No price yet to turn the amount into shares.';
    else if (d.side === 'SELL' && ctx.held !== undefined) {
      // A sale by amount sells shares held: a fraction cannot be borrowed, so no more than the position.
      const worth = ctx.held.times(referencePrice(d, ctx) ?? 0);
      if (ctx.held.lte(0)) e.side = `You hold no ${d.symbol} to sell.`;
      else if (new Decimal(a).gt(worth))
        e.amount = `You hold ${ctx.held.toFixed()} shares, about $${worth.toFixed(2)}: sell at most that, or use Sell all.`;
    }
  } else {
    const q = d.quantity.trim();
    if (!isPositive(q)) e.quantity ??= 'Enter a quantity of shares.';
    else if (new Decimal(q).gt(MAX_SHARES)) e.quantity = 'At most 200,000 shares an order.';
    else if (fractional && !ctx.fractional) e.quantity = `${d.symbol} trades in whole shares here.`;
    else if (new Decimal(q).decimalPlaces() > FRACTION_PLACES)
      e.quantity = `Fractions of a share go to at most ${FRACTION_PLACES} decimal places.`;
  }
  if (fractional && ctx.fractional && !e.quantity && !e.amount) {
    const field = dollars ? 'amount' : 'quantity';
    if (d.side === 'SHORT') e[field] = 'A short sale is in whole shares.';
    else if (d.orderType !== 'MARKET' && d.orderType !== 'LIMIT')
      e.orderType = 'Fractional orders are market or limit orders.';
    else if (dollars && !BY_AMOUNT.orderTypes?.includes(d.orderType))
      e.orderType = 'An order by amount is a market order.';
    else if (d.session !== 'CORE') e.session = 'Fractional orders trade in the regular session only.';
    else if (d.timeInForce !== 'DAY') e.timeInForce = 'Fractional orders are good for the day only.';
    else if (d.linked !== 'NONE')
      e[field] =
        d.linked === 'BRACKET' ? 'Bracket exits need whole shares.' : 'Linked orders need whole shares.';
  }

  // Prices: positive, on the tick; a stop on the side of the market it waits for.
  if (needs('limitPrice')) {
    const m = priceError(d.limitPrice, 'limit price');
    if (m) e.limitPrice = m;
  }
  if (needs('stopPrice')) {
    const m = priceError(d.stopPrice, 'stop price');
    if (m) e.stopPrice = m;
    else {
      const stop = new Decimal(d.stopPrice.trim());
      const buySide = d.side === 'BUY';
      const quote = buySide ? (ctx.ask ?? ctx.last) : (ctx.bid ?? ctx.last);
      const mark = ctx.anchor?.toFixed() ?? quote;
      const quoteName = buySide ? (ctx.ask ? 'ask' : 'last price') : ctx.bid ? 'bid' : 'last price';
      const markName = ctx.anchor ? 'entry' : quoteName;
      // A stop triggers when the market reaches it: a buy stop at or below the ask (a sell stop at
      // or above the bid) would trigger at once.
      if (mark && buySide && stop.lte(mark))
        e.stopPrice = `A buy stop must be above the ${markName} (${mark}).`;
      else if (mark && !buySide && stop.gte(mark))
        e.stopPrice = `A sell stop must be below the ${markName} (${mark}).`;
    }
  }
  if (needs('trailingStep')) {
    const t = d.trailingStep.trim();
    if (!isPositive(t))
      e.trailingStep =
        d.trailingType === 'PERCENTAGE' ? 'Enter the trail in percent.' : 'Enter the trail in dollars.';
    else if (d.trailingType === 'PERCENTAGE') {
      if (new Decimal(t).gte(100)) e.trailingStep = 'A trail in percent is below 100 %.';
      else if (new Decimal(t).decimalPlaces() > 2)
        e.trailingStep = 'The trail goes to at most 2 decimal places of a percent.';
    } else {
      const m = priceError(t, 'trail amount');
      if (m) e.trailingStep = m;
    }
  }

  // Session: extended and overnight take limit orders; a market order needs the regular session open.
  if ((d.session === 'NIGHT' || d.session === 'ALL_DAY') && !ctx.overnight)
    e.session = 'This environment offers no overnight session.';
  else if (d.session !== 'CORE' && d.orderType !== 'LIMIT')
    e.orderType = 'Outside the regular session only limit orders are taken.';
  else if (d.session === 'CORE' && d.timeInForce === 'DAY' && ctx.session !== 'RTH')
    e.timeInForce =
      'A day order for the regular session is placed during regular hours: choose Good till cancelled, or the extended session.';
  if (d.orderType === 'MARKET' && ctx.session !== 'RTH' && !e.timeInForce && !e.orderType)
    e.orderType = 'The regular session is closed: a market order would wait; use a limit order.';

  if (d.linked === 'BRACKET') Object.assign(e, bracketErrors(d, ctx, e));
  else if (d.linked !== 'NONE') Object.assign(e, linkedErrors(d, ctx, e));
  return e;
}

/** The exits of a bracket: the take-profit beyond the entry, the stop-loss on the other side. */
function bracketErrors(d: StockDraft, ctx: StockRuleContext, before: StockFieldErrors): StockFieldErrors {
  const e: StockFieldErrors = {};
  if (!ctx.linked.includes('BRACKET')) {
    e.takeProfit = 'This environment takes no bracket orders.';
    return e;
  }
  if (d.side === 'SELL') {
    e.takeProfit = 'A bracket opens a position: buy, or sell short.';
    return e;
  }
  if (d.takeProfit.trim() === '' && d.stopLoss.trim() === '') {
    e.takeProfit = 'Enter a take-profit, a stop-loss, or both.';
    return e;
  }
  const entry = before.limitPrice ? undefined : referencePrice(d, ctx);
  const long = d.side === 'BUY';
  if (d.takeProfit.trim() !== '') {
    const m = priceError(d.takeProfit, 'take-profit price');
    if (m) e.takeProfit = m;
    else if (
      entry &&
      (long ? new Decimal(d.takeProfit.trim()).lte(entry) : new Decimal(d.takeProfit.trim()).gte(entry))
    )
      e.takeProfit = `The take-profit must be ${long ? 'above' : 'below'} the entry (${entry.toFixed()}).`;
  }
  if (d.stopLoss.trim() !== '') {
    const m = priceError(d.stopLoss, 'stop-loss price');
    if (m) e.stopLoss = m;
    else if (
      entry &&
      (long ? new Decimal(d.stopLoss.trim()).gte(entry) : new Decimal(d.stopLoss.trim()).lte(entry))
    )
      e.stopLoss = `The stop-loss must be ${long ? 'below' : 'above'} the entry (${entry.toFixed()}).`;
  }
  return e;
}

const signed = (d: StockDraft) => new Decimal(d.quantity.trim()).times(d.side === 'BUY' ? 1 : -1);

/**
 * An OTO's, OCO's or OTOCO's contingent orders, each checked at its own fields by the same rules as
 * the entry: an OTO's or OTOCO's against the position once the entry has filled and with its stop
 * against the entry's price (it works from then on); an OCO's other order against the position
 * held and the market now, as the form's order. An OTOCO's pair closes what the entry opens (the
 * broker refuses exits on the entry's side), and a closing limit lies beyond the entry (else it
 * would fill the moment it starts).
 */
function linkedErrors(d: StockDraft, ctx: StockRuleContext, before: StockFieldErrors): StockFieldErrors {
  const e: StockFieldErrors = {};
  if (!ctx.linked.includes(d.linked as GroupKind)) {
    e.linked = 'Not taken by this environment.';
    return e;
  }
  const afterEntry = d.linked !== 'OCO';
  const sized = !before.quantity && DECIMAL.test(d.quantity.trim());
  const entry = afterEntry && !before.limitPrice && !before.stopPrice ? referencePrice(d, ctx) : undefined;
  const legCtx: StockRuleContext = {
    ...ctx,
    held: afterEntry && sized && ctx.held ? ctx.held.plus(signed(d)) : ctx.held,
    anchor: entry,
  };
  for (const i of legsOf(d.linked)) {
    const leg = d.legs[i];
    const le = validateStockDraft(legAsDraft(d, leg), legCtx);
    const at = (f: LegFieldName) => legField(i, f);
    for (const f of LEG_FIELDS) if (le[f]) e[at(f)] = le[f];
    // The size is the entry's: what is wrong with it for this order is said at its side.
    if (le.quantity && !before.quantity) e[at('side')] ??= le.quantity;
    const closes = leg.side !== 'BUY' ? d.side === 'BUY' : d.side !== 'BUY';
    if (d.linked === 'OTOCO' && !closes && !e[at('side')])
      e[at('side')] =
        d.side === 'BUY' ? 'An exit sells what the entry buys.' : 'An exit buys back what the entry sells.';
    if (afterEntry && closes && entry && leg.orderType === 'LIMIT' && !e[at('limitPrice')]) {
      const limit = new Decimal(leg.limitPrice.trim());
      const sells = leg.side !== 'BUY';
      if (sells ? limit.lte(entry) : limit.gte(entry))
        e[at('limitPrice')] =
          `The limit must be ${sells ? 'above' : 'below'} the entry (${entry.toFixed()}).`;
    }
  }
  return e;
}
