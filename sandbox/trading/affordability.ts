import { Decimal } from '../../shared/decimal';
import { type AccountFigures, heldQuantity, orderRequirement } from '../accounts/portfolio';
import { SandboxError, badParameter } from '../http/route-types';
import type { OrderDraft } from './order-rules';
import { type AccountState, type OrderState, isOpen } from './trading-state';

/**
 * Whether an account can take an order: buying power (margin or cash) and shares actually held
 * for a SELL of stock (any account) or of an option in a cash account; a short sale needs a margin
 * account and no long position to sell first. A SELL never opens or adds to a short position: that
 * is a SHORT (the broker's SDK and stock order reference have the side; docs/sandbox.md "Orders").
 */
export interface AffordabilityContext {
  orders: () => readonly OrderState[];
  figures: (a: AccountState, exclude?: OrderState) => AccountFigures;
  priceNow: (o: OrderState | OrderDraft) => Decimal;
}

type Candidate = (OrderDraft | OrderState) & { combo_order_id?: string };

export function checkAffordable(
  ctx: AffordabilityContext,
  a: AccountState,
  d: Candidate,
  quantity: Decimal,
  where: string,
  exclude?: OrderState,
): void {
  if (d.side === 'SHORT') {
    if (a.account_type === 'CASH') throw badParameter(`${where}.side`, 'a cash account cannot sell short');
    if (heldQuantity(a, d.instrument_id).gt(0))
      throw badParameter(`${where}.side`, `the account holds ${d.symbol}: sell it before selling short`);
  }
  // A fraction of a share cannot be borrowed: a fractional sale or a sale by amount sells only what is held.
  if (d.side === 'SELL' && (d.entrust_type === 'AMOUNT' || !quantity.isInteger())) {
    const held = Decimal.max(0, heldQuantity(a, d.instrument_id));
    if (quantity.gt(held))
      throw new SandboxError(
        400,
        'INSUFFICIENT_POSITION',
        `Invalid parameter '${where}.${d.entrust_type === 'AMOUNT' ? 'total_cash_amount' : 'quantity'}': a fractional sale cannot sell more than the account holds (${held.toFixed()} held)`,
      );
  }
  // An option SELL in a margin account opens a short contract (sold to open): margin, not shares.
  if (d.side === 'SELL' && (a.account_type === 'CASH' || d.instrument_type === 'EQUITY')) {
    // Exits of one group sell the same shares (only one of them can fill): counted once, as this order.
    const sibling = (o: OrderState) =>
      d.combo_order_id !== undefined && o.combo_order_id === d.combo_order_id;
    const committed = ctx
      .orders()
      .filter(
        (o) =>
          o !== exclude &&
          !o.waiting &&
          !sibling(o) &&
          isOpen(o) &&
          o.account_id === a.account_id &&
          o.side === 'SELL' &&
          o.instrument_id === d.instrument_id,
      )
      .reduce((sum, o) => sum.plus(o.quantity).minus(o.filled_quantity), new Decimal(0));
    const free = heldQuantity(a, d.instrument_id).minus(committed);
    if (quantity.gt(free)) {
      const why =
        a.account_type === 'CASH'
          ? 'a cash account cannot sell more than it holds'
          : `a SELL cannot sell more than the account holds (to sell ${d.symbol} short, use side SHORT)`;
      throw new SandboxError(
        400,
        'INSUFFICIENT_POSITION',
        `Invalid parameter '${where}.quantity': ${why} (${Decimal.max(0, free).toFixed()} available)`,
      );
    }
    return;
  }
  const need = orderRequirement(a, d, quantity, ctx.priceNow(d));
  const f = ctx.figures(a, exclude);
  const [required, available] =
    a.account_type === 'CASH'
      ? [need.cash, f.buyingPower]
      : d.instrument_type === 'OPTION'
        ? [need.option, f.optionBuyingPower]
        : [need.stock, f.buyingPower];
  if (required.gt(available)) {
    throw new SandboxError(
      400,
      'INSUFFICIENT_BUYING_POWER',
      `Insufficient buying power for ${where}: needs ${required.toFixed(2)}, available ${available.toFixed(2)}`,
    );
  }
}
