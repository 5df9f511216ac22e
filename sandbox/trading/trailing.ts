import { Decimal } from '../../shared/decimal';
import type { OrderState } from './trading-state';

/**
 * Trailing stops (docs/sandbox.md "Orders"): the stop follows the best price since placement by a
 * fixed distance (`trailing_type` AMOUNT, `trailing_stop_step` in dollars) or a fraction of it
 * (PERCENTAGE, 0.01 = 1 %). A sell's stop trails the high from below, a buy's the low from above;
 * the stop never moves back. Once the last price reaches it, the order works as a market order.
 */
type Trailing = Pick<
  OrderState,
  'order_type' | 'side' | 'trailing_type' | 'trailing_stop_step' | 'trail_anchor'
>;

const sells = (o: Pick<OrderState, 'side'>) => o.side !== 'BUY';

/** The anchor after seeing `last`: a sell's follows the high, a buy's the low. */
export function nextAnchor(o: Trailing, last: Decimal): string {
  if (o.trail_anchor === undefined) return last.toFixed();
  const anchor = new Decimal(o.trail_anchor);
  return (sells(o) ? Decimal.max(anchor, last) : Decimal.min(anchor, last)).toFixed();
}

/** The stop price now, exact (undefined until the order has seen a price). */
export function trailingStop(o: Trailing): Decimal | undefined {
  if (
    o.order_type !== 'TRAILING_STOP_LOSS' ||
    o.trail_anchor === undefined ||
    o.trailing_stop_step === undefined
  )
    return undefined;
  const anchor = new Decimal(o.trail_anchor);
  const distance =
    o.trailing_type === 'PERCENTAGE' ? anchor.times(o.trailing_stop_step) : new Decimal(o.trailing_stop_step);
  return sells(o) ? anchor.minus(distance) : anchor.plus(distance);
}

/** Whether the last price has reached the stop. */
export function trailingTriggered(o: Trailing, last: Decimal): boolean {
  const stop = trailingStop(o);
  if (stop === undefined) return false;
  return sells(o) ? last.lte(stop) : last.gte(stop);
}
