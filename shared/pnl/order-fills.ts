import { Decimal } from '../decimal';
import type { OrderRecord } from '../openapi/records/orders';
import type { Fill } from './fifo';

/** An equity option's contract multiplier: what an order record's price is multiplied by. */
const OPTION_MULTIPLIER = '100';

/**
 * The fills an order history holds: one a filled (or partly filled) order, its filled quantity at
 * its average fill price, at its fill time (its last update when the record has none). Options are
 * kept by their OCC symbol, so two contracts on one underlying are two instruments.
 */
export function fillsFromOrders(orders: readonly OrderRecord[]): Fill[] {
  const fills: Fill[] = [];
  for (const o of orders) {
    if (!o.avg_fill_price || new Decimal(o.filled_quantity).lte(0)) continue;
    const option = o.instrument_type === 'OPTION';
    fills.push({
      id: o.client_order_id,
      instrument: (option && o.option_symbol) || o.symbol,
      side: o.side,
      quantity: o.filled_quantity,
      price: o.avg_fill_price,
      time: o.filled_time ?? o.update_time,
      multiplier: option ? OPTION_MULTIPLIER : '1',
    });
  }
  return fills;
}
