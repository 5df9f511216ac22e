import { Decimal } from '../../shared/decimal';
import type { OrderPreview } from '../../shared/openapi/records/orders';
import { sideSign } from '../../shared/trading';
import { type AccountFigures, orderRequirement } from '../accounts/portfolio';
import { SandboxError } from '../http/route-types';
import { commissionOf } from './fills';
import type { OrderDraft } from './order-rules';
import type { AccountState } from './trading-state';

export interface PreviewContext {
  account: AccountState;
  figures: AccountFigures;
  priceNow: (d: OrderDraft) => Decimal;
  /** Throws the refusal a placement of this quantity would get (a warning here). */
  affordable: (quantity: Decimal) => void;
}

/** What an order would cost and leave of the buying power, with the refusal it would meet as a warning. */
export function previewOrder(ctx: PreviewContext, clientOrderId: string, draft: OrderDraft): OrderPreview {
  const a = ctx.account;
  const quantity = new Decimal(draft.quantity);
  const price = ctx.priceNow(draft);
  const need = orderRequirement(a, draft, quantity, price);
  const commission = commissionOf(draft, quantity);
  const f = ctx.figures;
  const available =
    draft.instrument_type === 'OPTION' && a.account_type === 'MARGIN' ? f.optionBuyingPower : f.buyingPower;
  const used =
    a.account_type === 'CASH' ? need.cash : draft.instrument_type === 'OPTION' ? need.option : need.stock;
  const warnings: string[] = [];
  try {
    ctx.affordable(quantity);
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    warnings.push(error.message);
  }
  return {
    client_order_id: clientOrderId,
    // Signed like the cash it moves the other way: a buy costs (positive), a sale is a credit (negative).
    estimated_cost: quantity.times(price).times(draft.multiplier).times(sideSign(draft.side)).toFixed(2),
    estimated_commission: commission.toFixed(2),
    estimated_fees: '0.00',
    buying_power_after: Decimal.max(0, available.minus(used)).toFixed(2),
    currency: 'USD',
    warnings,
  };
}
