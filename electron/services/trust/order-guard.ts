import { Decimal, toDecimal } from '../../../shared/decimal';
import type { OrderGuards } from '../../../shared/ipc/app-types';
import { COMBO_TYPE_LABELS, type ComboType } from '../../../shared/trading';

/**
 * One order as main restates it to the user and checks it against the precautionary guards
 * (docs/security.md "Order guards"). Built from the renderer's untrusted (but validated) input,
 * and for a replacement from the broker's own record of the order.
 */
export interface OrderLine {
  /** `AAPL`, or the option contract's symbol. */
  symbol: string;
  /** Words for an option leg (`AAPL 18 Dec 2026 150 Call`, as every screen writes it); absent for a stock. */
  contract?: string;
  side: string;
  orderType: string;
  /** Shares or contracts; absent for an order by amount. */
  quantity?: string;
  /**
   * An order by amount (`entrust_type` AMOUNT): its dollars, which are its value. Checked whenever
   * the order carries one, beside any quantity: the guard values an order by every size it states.
   */
  amount?: string;
  limitPrice?: string;
  stopPrice?: string;
  /** A trailing stop: AMOUNT (the step in dollars) or PERCENTAGE (the step a fraction, 0.01 = 1 %). */
  trailingType?: string;
  trailingStep?: string;
  timeInForce?: string;
  /** The order's role in a linked group (shared/trading/groups.ts); absent or NORMAL: a lone order. */
  role?: ComboType;
  /** Shares per contract (100 for US options), 1 for a stock. */
  multiplier: number;
}

/** "trailing stop 1.00 below the high" / "trailing stop 2 %": the trail as the trader set it. */
function trailText(line: OrderLine): string | undefined {
  if (line.trailingStep === undefined) return undefined;
  const step =
    line.trailingType === 'PERCENTAGE'
      ? `${toDecimal(line.trailingStep).mul(100).toString()} %`
      : line.trailingStep;
  return `trailing stop ${step}`;
}

const money = (d: Decimal) => d.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const plural = (n: string, one: string, many: string) =>
  `${n} ${/^\d+(\.\d+)?$/.test(n) && toDecimal(n).eq(1) ? one : many}`;

/**
 * "Buy 10 shares of AAPL, limit 150.00, day", "Buy $500.00 of AAPL, market, day": the order in
 * words, as the broker will receive it.
 */
export function describeOrder(line: OrderLine): string {
  const quantity = line.quantity ?? '(no quantity)';
  const what =
    line.amount !== undefined
      ? `$${money(toDecimal(line.amount))} of ${line.symbol}`
      : line.multiplier === 1
        ? `${plural(quantity, 'share', 'shares')} of ${line.symbol}`
        : `${plural(quantity, 'contract', 'contracts')} of ${line.contract ?? line.symbol}`;
  const price = [
    line.limitPrice === undefined ? undefined : `limit ${line.limitPrice}`,
    line.stopPrice === undefined ? undefined : `stop ${line.stopPrice}`,
    trailText(line),
  ].filter((p): p is string => p !== undefined);
  const type = price.length > 0 ? price.join(', ') : line.orderType.toLowerCase().replace(/_/g, ' ');
  const side = line.side.charAt(0) + line.side.slice(1).toLowerCase().replace(/_/g, ' ');
  const tif = line.timeInForce ? `, ${line.timeInForce.toLowerCase()}` : '';
  const role = line.role && line.role !== 'NORMAL' ? `${COMBO_TYPE_LABELS[line.role]}: ` : '';
  return `${role}${side} ${what}, ${type}${tif}`;
}

/**
 * The guards an order goes beyond, each in words; empty when it is within all of them. Without a
 * last price a market order's value and a limit's distance cannot be checked: that is said too,
 * so main asks rather than lets it through unchecked.
 */
export function guardBreaches(
  line: OrderLine,
  lastPrice: Decimal | undefined,
  guards: OrderGuards,
): string[] {
  const out: string[] = [];
  const priced = line.limitPrice ?? line.stopPrice;
  const price = priced === undefined ? lastPrice : toDecimal(priced);
  const overValue = (value: Decimal) => {
    if (value.gt(guards.maxOrderValue))
      out.push(
        `its value of about ${money(value)} is above your limit of ${money(toDecimal(guards.maxOrderValue))}`,
      );
  };
  if (line.amount !== undefined) {
    // An order by amount: its value is the amount; its shares, what the amount buys at the last price.
    const amount = toDecimal(line.amount);
    const shares = lastPrice?.gt(0) ? amount.div(lastPrice) : undefined;
    if (shares?.gt(guards.maxQuantity))
      out.push(`about ${shares.toFixed(2)} shares is above your limit of ${guards.maxQuantity}`);
    overValue(amount.mul(line.multiplier));
  }
  if (line.amount === undefined && line.quantity === undefined) {
    out.push('it states neither a quantity nor an amount to check against your limits');
  } else if (line.quantity !== undefined) {
    const qty = toDecimal(line.quantity);
    if (qty.gt(guards.maxQuantity))
      out.push(`quantity ${line.quantity} is above your limit of ${guards.maxQuantity}`);
    if (price === undefined) out.push('there is no last price to check its value against your limit');
    else overValue(qty.mul(price).mul(line.multiplier));
  }
  for (const [label, text] of [
    ['limit', line.limitPrice],
    ['stop', line.stopPrice],
  ] as const) {
    if (text === undefined) continue;
    if (lastPrice === undefined || lastPrice.lte(0)) {
      out.push(`there is no last price to check the ${label} price ${text} against`);
      continue;
    }
    const pct = toDecimal(text).sub(lastPrice).abs().div(lastPrice).mul(100);
    if (pct.gt(guards.maxPriceDistancePct))
      out.push(
        `the ${label} price ${text} is ${pct.toFixed(1)} % from the last price ${lastPrice.toString()} (your limit: ${guards.maxPriceDistancePct} %)`,
      );
  }
  return out;
}
