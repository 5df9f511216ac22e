import { Decimal, toDecimal } from '../../../shared/decimal';
import type { OpInput } from '../../../shared/ipc/contract';
import type { Position } from '../../../shared/openapi/records/accounts';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import type { HotkeyAction } from '../../../shared/ui/hotkeys';
import { isOpenStatus, newClientOrderId, SIDE_LABELS, type Side } from '../../../shared/trading';

/** What a hotkey acts on: the symbol, the account and what is known of them at the keypress. */
export interface HotkeyContext {
  symbol: string;
  accountId: string;
  /** The streamed quote (decimal text). */
  quote: { bid?: string; ask?: string; price?: string } | undefined;
  /** The hotkeys' size in shares (Settings). */
  quantity: string;
  positions: readonly Position[] | undefined;
  openOrders: readonly OrderRecord[] | undefined;
  /** A fresh client order id (the domain's generator; a test passes its own). */
  newId?: () => string;
}

/** One call a hotkey makes, exactly as a ticket or the blotter would make it. */
export type HotkeyCall =
  | { op: 'api.orderPlace'; input: OpInput<'api.orderPlace'>; what: string }
  | { op: 'api.orderCancel'; input: OpInput<'api.orderCancel'>; what: string };

const PRICE_OF = {
  buyBid: ['BUY', 'bid'],
  buyAsk: ['BUY', 'ask'],
  buyLast: ['BUY', 'price'],
  sellBid: ['SELL', 'bid'],
  sellAsk: ['SELL', 'ask'],
  sellLast: ['SELL', 'price'],
} as const satisfies Partial<Record<HotkeyAction, readonly [Side, 'bid' | 'ask' | 'price']>>;
const PRICE_WORD = { bid: 'bid', ask: 'ask', price: 'last price' } as const;

export type PlaceCall = Extract<HotkeyCall, { op: 'api.orderPlace' }>;

/** A DAY stock order in the regular session, as every hotkey places it. */
function placeCall(ctx: Pick<HotkeyContext, 'symbol' | 'accountId' | 'newId'>) {
  const id = ctx.newId ?? newClientOrderId;
  return (side: Side, quantity: string, limit?: string): PlaceCall => ({
    op: 'api.orderPlace',
    what: `${SIDE_LABELS[side]} ${quantity} ${ctx.symbol} ${limit ? `limit ${limit}` : 'at market'}`,
    input: {
      account_id: ctx.accountId,
      new_orders: [
        {
          client_order_id: id(),
          symbol: ctx.symbol,
          instrument_type: 'EQUITY',
          market: 'US',
          side,
          order_type: limit ? 'LIMIT' : 'MARKET',
          ...(limit ? { limit_price: limit } : {}),
          quantity,
          time_in_force: 'DAY',
          entrust_type: 'QTY',
          support_trading_session: 'CORE',
        },
      ],
    },
  });
}

/**
 * The calls a hotkey makes, or why it makes none. Every order is a DAY stock order in the regular
 * session (`support_trading_session: CORE`, which the real service requires on equity orders) and
 * goes to main like a ticket's: main's precautionary guards and confirmations apply to it in full.
 * Buying or selling at the bid, ask or last is a limit at that price for the hotkeys' size;
 * flatten closes the position at market; cancel all cancels every working order on the symbol in
 * the account. Reverse is two orders, the second sent only once the first has filled
 * (`reversePlan`, run by reverse-run.ts).
 */
export function hotkeyCalls(
  action: Exclude<HotkeyAction, 'reverse'>,
  ctx: HotkeyContext,
): HotkeyCall[] | { error: string } {
  const place = placeCall(ctx);
  if (action in PRICE_OF) {
    const [side, field] = PRICE_OF[action as keyof typeof PRICE_OF];
    const price = ctx.quote?.[field];
    if (!price || !toDecimal(price).isPositive())
      return { error: `No ${PRICE_WORD[field]} for ${ctx.symbol} yet: nothing was sent.` };
    return [place(side, ctx.quantity, price)];
  }
  if (action === 'cancelAll') {
    const working = (ctx.openOrders ?? []).filter(
      (o) => o.symbol === ctx.symbol && o.account_id === ctx.accountId && isOpenStatus(o.status),
    );
    if (working.length === 0) return { error: `No working orders for ${ctx.symbol}.` };
    return working.map((o) => ({
      op: 'api.orderCancel',
      what: `Cancel ${o.side} ${o.quantity} ${ctx.symbol}`,
      input: { account_id: ctx.accountId, client_order_id: o.client_order_id },
    }));
  }
  const qty = heldShares(ctx);
  if (qty.isZero()) return { error: `No ${ctx.symbol} position to ${action}.` };
  return [place(qty.isPositive() ? 'SELL' : 'BUY', qty.abs().toString())];
}

/** The shares of the symbol held (negative: short), from the positions read at the keypress. */
export function heldShares(ctx: Pick<HotkeyContext, 'positions' | 'symbol'>): Decimal {
  const held = (ctx.positions ?? []).find((p) => p.symbol === ctx.symbol && p.instrument_type !== 'OPTION');
  return held ? toDecimal(held.quantity) : new Decimal(0);
}

/**
 * A reverse, both orders made at the keypress (one intent, one set of client order ids): a long
 * is sold at market, then sold short (SHORT: a SELL never opens a short, docs/trading-domain.md);
 * a short is bought to cover, then bought again. A long the broker says cannot be sold short
 * (`shortable` false on its instrument record) is only flattened. The second order is sent only
 * once the first has filled and the position is flat (reverse-run.ts).
 */
export interface ReversePlan {
  held: Decimal;
  first: PlaceCall;
  /** Absent: flatten only (`flattenOnly` says why). */
  second?: PlaceCall;
  flattenOnly?: string;
}

export function reversePlan(
  ctx: Pick<HotkeyContext, 'symbol' | 'accountId' | 'positions' | 'newId'>,
  shortable: boolean | undefined,
): ReversePlan | { error: string } {
  const held = heldShares(ctx);
  if (held.isZero()) return { error: `No ${ctx.symbol} position to reverse.` };
  const place = placeCall(ctx);
  const size = held.abs().toString();
  if (held.isNegative()) return { held, first: place('BUY', size), second: place('BUY', size) };
  const first = place('SELL', size);
  if (shortable === false)
    return { held, first, flattenOnly: `${ctx.symbol} cannot be sold short now (none to borrow)` };
  return { held, first, second: place('SHORT', size) };
}
