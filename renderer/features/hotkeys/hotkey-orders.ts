import { toDecimal } from '../../../shared/decimal';
import type { OpInput } from '../../../shared/ipc/contract';
import type { Position } from '../../../shared/openapi/records/accounts';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import type { HotkeyAction } from '../../../shared/ui/hotkeys';
import { isOpenStatus, newClientOrderId, type Side } from '../../../shared/trading';

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

/**
 * The calls a hotkey makes, or why it makes none. Every order is a DAY stock order in the regular
 * session (`support_trading_session: CORE`, which the real service requires on equity orders) and
 * goes to main like a ticket's: main's precautionary guards and confirmations apply to it in full.
 * Buying or selling at the bid, ask or last is a limit at that price for the hotkeys' size;
 * flatten closes the position at market; reverse is one market order of twice the position the
 * other way (it closes and opens the same size short or long: the order wire's sides are BUY and
 * SELL); cancel all cancels every working order on the symbol in the account.
 */
export function hotkeyCalls(action: HotkeyAction, ctx: HotkeyContext): HotkeyCall[] | { error: string } {
  const id = ctx.newId ?? newClientOrderId;
  const place = (side: 'BUY' | 'SELL', quantity: string, limit?: string): HotkeyCall => ({
    op: 'api.orderPlace',
    what: `${side.charAt(0) + side.slice(1).toLowerCase()} ${quantity} ${ctx.symbol} ${limit ? `limit ${limit}` : 'at market'}`,
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
  const held = (ctx.positions ?? []).find((p) => p.symbol === ctx.symbol && p.instrument_type !== 'OPTION');
  const qty = held ? toDecimal(held.quantity) : undefined;
  if (!qty || qty.isZero()) return { error: `No ${ctx.symbol} position to ${action}.` };
  const size = qty.abs().toString();
  const other = qty.isPositive() ? 'SELL' : 'BUY';
  if (action === 'flatten') return [place(other, size)];
  return [place(other, qty.abs().mul(2).toString())];
}
