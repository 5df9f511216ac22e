import type { OrderAck, OrderRecord } from '../../shared/openapi/records/orders';
import type { OrderState } from './trading-state';

/** The wire view of a stored order: the catalogue's order record, without engine internals. */
export function orderRecord(o: OrderState): OrderRecord {
  return {
    client_order_id: o.client_order_id,
    order_id: o.order_id,
    account_id: o.account_id,
    symbol: o.symbol,
    instrument_type: o.instrument_type,
    side: o.side,
    order_type: o.order_type,
    time_in_force: o.time_in_force,
    quantity: o.quantity,
    filled_quantity: o.filled_quantity,
    limit_price: o.limit_price,
    stop_price: o.stop_price,
    avg_fill_price: o.avg_fill_price,
    status: o.status,
    place_time: o.place_time,
    update_time: o.update_time,
    filled_time: o.filled_time,
    reason: o.reason,
    option_strategy: o.option_strategy,
    legs: o.legs,
    option_symbol: o.option_symbol,
    extended_hours_trading: o.extended_hours_trading,
  };
}

export const orderAck = (o: OrderState): OrderAck => ({
  client_order_id: o.client_order_id,
  order_id: o.order_id,
  status: o.status,
});
