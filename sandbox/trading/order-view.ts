import type { OrderAck, OrderRecord } from '../../shared/openapi/records/orders';
import { tickPlaces } from './fills';
import type { OrderState } from './trading-state';
import { trailingStop } from './trailing';

/** A trailing stop's stop as the broker shows it: on the instrument's tick. */
function trailingStopText(o: OrderState): string | undefined {
  const stop = trailingStop(o);
  return stop?.toFixed(tickPlaces(o.instrument_type, stop));
}

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
    // An order by amount reports its dollars, and as its quantity the shares it filled (none yet: 0).
    quantity: o.entrust_type === 'AMOUNT' ? o.filled_quantity : o.quantity,
    filled_quantity: o.filled_quantity,
    ...(o.entrust_type === undefined ? {} : { entrust_type: o.entrust_type }),
    ...(o.total_cash_amount === undefined ? {} : { total_cash_amount: o.total_cash_amount }),
    limit_price: o.limit_price,
    stop_price: o.stop_price ?? trailingStopText(o),
    trailing_type: o.trailing_type,
    trailing_stop_step: o.trailing_stop_step,
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
    combo_type: o.combo_type,
    combo_order_id: o.combo_order_id,
    client_combo_order_id: o.client_combo_order_id,
  };
}

export const orderAck = (o: OrderState): OrderAck => ({
  client_order_id: o.client_order_id,
  order_id: o.order_id,
  status: o.status,
  ...(o.combo_order_id === undefined
    ? {}
    : { combo_order_id: o.combo_order_id, client_combo_order_id: o.client_combo_order_id }),
});
