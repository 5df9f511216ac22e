import { Decimal, toDecimal } from '../../../shared/decimal';
import type { OrderGuards } from '../../../shared/ipc/app-types';

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
  quantity: string;
  limitPrice?: string;
  stopPrice?: string;
  timeInForce?: string;
  /** Shares per contract (100 for US options), 1 for a stock. */
  multiplier: number;
}

const money = (d: Decimal) => d.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const plural = (n: string, one: string, many: string) => `${n} ${toDecimal(n).eq(1) ? one : many}`;

/** "Buy 10 shares of AAPL, limit 150.00, day": the order in words, as the broker will receive it. */
export function describeOrder(line: OrderLine): string {
  const what =
    line.multiplier === 1
      ? `${plural(line.quantity, 'share', 'shares')} of ${line.symbol}`
      : `${plural(line.quantity, 'contract', 'contracts')} of ${line.contract ?? line.symbol}`;
  const price = [
    line.limitPrice === undefined ? undefined : `limit ${line.limitPrice}`,
    line.stopPrice === undefined ? undefined : `stop ${line.stopPrice}`,
  ].filter((p): p is string => p !== undefined);
  const type = price.length > 0 ? price.join(', ') : line.orderType.toLowerCase().replace(/_/g, ' ');
  const side = line.side.charAt(0) + line.side.slice(1).toLowerCase().replace(/_/g, ' ');
  const tif = line.timeInForce ? `, ${line.timeInForce.toLowerCase()}` : '';
  return `${side} ${what}, ${type}${tif}`;
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
  const qty = toDecimal(line.quantity);
  if (qty.gt(guards.maxQuantity))
    out.push(`quantity ${line.quantity} is above your limit of ${guards.maxQuantity}`);
  const priced = line.limitPrice ?? line.stopPrice;
  const price = priced === undefined ? lastPrice : toDecimal(priced);
  if (price === undefined) {
    out.push('there is no last price to check its value against your limit');
  } else {
    const value = qty.mul(price).mul(line.multiplier);
    if (value.gt(guards.maxOrderValue))
      out.push(
        `its value of about ${money(value)} is above your limit of ${money(toDecimal(guards.maxOrderValue))}`,
      );
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
