import { Decimal } from '../../../shared/decimal';
import type { Balance } from '../../../shared/openapi/records/accounts';
import type { OrderPreview } from '../../../shared/openapi/records/orders';
import { formatMoney } from '../../lib/format';

/**
 * The cash a previewed order moves, signed from the account's side (negative is a debit), the
 * convention every screen shows (renderer/lib/format.ts `formatCashFlow`). The preview's
 * `estimated_cost` is signed the other way: a buy's cost is positive, a sell's credit negative.
 */
export function previewCash(p: Pick<OrderPreview, 'estimated_cost'>): Decimal {
  return new Decimal(p.estimated_cost).negated();
}

/**
 * Why a previewed order cannot be afforded, or undefined when it can. The preview's
 * `buying_power_after` is floored at zero (it never goes negative), so the need is also checked
 * against the account's buying power: what a debit plus commission and fees takes, against the
 * option buying power (a margin account) or the buying power (a cash account has no option figure).
 * A preview warning about buying power (a short option's margin) counts too.
 */
export function buyingPowerShortfall(
  p: OrderPreview,
  balance: Balance | undefined,
  closingOnly: boolean,
): string | undefined {
  if (p.buying_power_after !== undefined && new Decimal(p.buying_power_after).isNegative())
    return 'Not enough buying power for this order (per the preview).';
  const cash = previewCash(p);
  const debit = cash.isNegative() ? cash.negated() : new Decimal(0);
  const need = debit.plus(p.estimated_commission).plus(p.estimated_fees ?? 0);
  const availableText = balance?.option_buying_power ?? balance?.buying_power;
  const label = balance?.option_buying_power !== undefined ? 'option buying power' : 'buying power';
  if (!closingOnly && availableText !== undefined && need.gt(availableText))
    return `Not enough buying power: this order needs ${formatMoney(need.toFixed(2))}; the ${label} is ${formatMoney(availableText)}.`;
  const warning = p.warnings?.find(isBuyingPowerWarning);
  // "Insufficient buying power for new_orders[0]: needs 1.00, …": the path is for the log.
  return warning
    ? `Not enough buying power (per the preview): ${warning.replace(/^.*?buying power( for [^:]+)?:\s*/i, '')}.`
    : undefined;
}

export const isBuyingPowerWarning = (w: string) => /buying power/i.test(w);
