import { Decimal, toDecimal } from '../../../shared/decimal';
import type { Position } from '../../../shared/openapi/records/accounts';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import type { OpInput } from '../../../shared/ipc/contract';
import { isOpenStatus, ORDER_TYPES, SIDES, type OrderTypeSpec, type Side } from '../../../shared/trading';
import { formatMoneyChange, formatPrice } from '../../lib/format';
import { toChartTime } from './clock';

/**
 * What the chart draws for the trader's own trading on its symbol (docs/ui.md "Orders on the
 * chart"): a line at each working order's price, the position's average cost with its unrealised
 * P&L, and a marker at each fill. Pure: the controller draws it, the panel feeds it the blotter's
 * queries (which every trade event refreshes), so the chart and the blotter show the same orders.
 */

/** Which price of an order a line stands for: a stop-limit has two lines. */
type PriceField = 'limit_price' | 'stop_price';

export interface OrderLine {
  /** `client_order_id:field`: one line per price of an order. */
  key: string;
  clientOrderId: string;
  accountId: string;
  field: PriceField;
  /** The price, decimal text as the broker holds it. */
  price: string;
  side: Side;
  /** Limit and stop lines look different (solid and dashed). */
  kind: 'limit' | 'stop';
  /** The axis label: "BUY 10 Limit", "SELL 5 Stop". */
  title: string;
  /** The line in words, for its keyboard control: "Buy 10 AAPL limit 180.00". */
  name: string;
  /** The rest of the order a replacement restates (the blotter's replace sends the same fields). */
  order: Pick<OrderRecord, 'quantity' | 'limit_price' | 'stop_price'>;
}

const isSide = (side: string): side is Side => (SIDES as readonly string[]).includes(side);
/** "Buy", "Sell", "Short". */
const sideWord = (side: Side) => side.charAt(0) + side.slice(1).toLowerCase();

/**
 * The prices an order type works at, from the domain's table: a trailing stop's price moves with
 * the market, so it has no fixed line to draw or drag.
 */
function fieldsOf(orderType: string): { spec: OrderTypeSpec; fields: PriceField[] } | undefined {
  const spec = (ORDER_TYPES as Record<string, OrderTypeSpec>)[orderType];
  if (!spec) return undefined;
  return {
    spec,
    fields: spec.fields.filter((f): f is PriceField => f === 'limit_price' || f === 'stop_price'),
  };
}

/** The working (open) stock orders on `symbol` in `accountId`, one line per price they work at. */
export function orderLinesFor(
  orders: readonly OrderRecord[] | undefined,
  symbol: string | undefined,
  accountId: string | undefined,
): OrderLine[] {
  if (!orders || !symbol || !accountId) return [];
  const lines: OrderLine[] = [];
  for (const o of orders) {
    if (o.symbol !== symbol || o.account_id !== accountId || o.instrument_type === 'OPTION') continue;
    const side = o.side;
    const typed = fieldsOf(o.order_type);
    if (!isOpenStatus(o.status) || !isSide(side) || !typed) continue;
    const { spec, fields } = typed;
    const left = toDecimal(o.quantity).minus(o.filled_quantity || '0');
    for (const field of fields) {
      const price = o[field];
      if (price === undefined) continue;
      const part = fields.length > 1 ? (field === 'stop_price' ? ' (stop)' : ' (limit)') : '';
      const kind = field === 'stop_price' ? 'stop' : 'limit';
      lines.push({
        key: `${o.client_order_id}:${field}`,
        clientOrderId: o.client_order_id,
        accountId: o.account_id,
        field,
        price,
        side,
        kind,
        title: `${side} ${left.toString()} ${spec.label}${part}`,
        name: `${sideWord(side)} ${left.toString()} ${symbol} ${kind} ${formatPrice(price)}`,
        order: {
          quantity: o.quantity,
          limit_price: o.limit_price,
          stop_price: o.stop_price,
        },
      });
    }
  }
  return lines;
}

/** The average cost line: "Long 10 @ 185.20  +$12.50" (unrealised at `last`, else the broker's). */
export function positionLineFor(
  positions: readonly Position[] | undefined,
  symbol: string | undefined,
  last: string | undefined,
): { price: string; title: string; pnl: 'up' | 'down' | 'flat' } | undefined {
  const p = positions?.find((x) => x.symbol === symbol && x.instrument_type !== 'OPTION');
  if (!p || toDecimal(p.quantity).isZero()) return undefined;
  const qty = toDecimal(p.quantity);
  const pnl =
    last !== undefined
      ? toDecimal(last).minus(p.cost_price).mul(qty)
      : p.unrealized_profit_loss !== undefined
        ? toDecimal(p.unrealized_profit_loss)
        : undefined;
  const side = qty.isNegative() ? 'Short' : 'Long';
  const money = pnl === undefined ? '' : `  ${formatMoneyChange(pnl.toFixed())}`;
  return {
    price: p.cost_price,
    title: `${side} ${qty.abs().toString()} @ ${formatPrice(p.cost_price)}${money}`,
    pnl: pnl === undefined || pnl.toDecimalPlaces(2).isZero() ? 'flat' : pnl.isPositive() ? 'up' : 'down',
  };
}

export interface FillMarker {
  /** `fill:<client_order_id>`: the marker's id, which the chart reports when the pointer is over it. */
  id: string;
  /** Chart time (New York wall clock, ./clock.ts) of the bar the fill falls in. */
  time: number;
  price: number;
  side: Side;
  text: string;
}

/**
 * A marker for each filled or partly filled stock order on `symbol`, at its average fill price and
 * in the bar its fill time falls in (`barTimes`, ascending chart times: a marker needs a bar's
 * time). A fill before the first bar or without a fill price gets none.
 */
export function fillMarkersFor(
  orders: readonly OrderRecord[] | undefined,
  symbol: string | undefined,
  accountId: string | undefined,
  barTimes: readonly number[],
): FillMarker[] {
  if (!orders || !symbol || !accountId || barTimes.length === 0) return [];
  const out: FillMarker[] = [];
  const seen = new Set<string>();
  for (const o of orders) {
    if (o.symbol !== symbol || o.account_id !== accountId || o.instrument_type === 'OPTION') continue;
    if (!o.avg_fill_price || toDecimal(o.filled_quantity || '0').isZero()) continue;
    const side = o.side;
    if (seen.has(o.client_order_id) || !isSide(side)) continue;
    seen.add(o.client_order_id);
    const bar = barAtOrBefore(barTimes, toChartTime(o.filled_time ?? o.update_time));
    if (bar === undefined) continue;
    out.push({
      id: `fill:${o.client_order_id}`,
      time: bar,
      price: Number(o.avg_fill_price),
      side,
      text: `${side.charAt(0)} ${o.filled_quantity} @ ${formatPrice(o.avg_fill_price)}`,
    });
  }
  // The markers plugin wants them in time order.
  return out.sort((a, b) => a.time - b.time);
}

/** The last of the ascending `times` at or before `t`. */
function barAtOrBefore(times: readonly number[], t: number): number | undefined {
  let lo = 0;
  let hi = times.length - 1;
  if (hi < 0 || (times[0] as number) > t) return undefined;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((times[mid] as number) <= t) lo = mid;
    else hi = mid - 1;
  }
  return times[lo];
}

/**
 * A price as the order's decimal text, on the tick: US equities quote in cents at a dollar and
 * above, in hundredths of a cent below (Regulation NMS Rule 612, the minimum pricing increment).
 */
export function snapToTick(price: number | string | Decimal): string {
  const d = toDecimal(price);
  const places = d.abs().lt(1) ? 4 : 2;
  return d.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
}

/** One tick above (`+1`) or below (`-1`) a price, `steps` times. */
export function stepTicks(price: string, steps: number): string {
  const d = toDecimal(price);
  const tick = d.abs().lt(1) ? '0.0001' : '0.01';
  return snapToTick(d.plus(toDecimal(tick).mul(steps)));
}

/**
 * The replace request that moves `line` to `price`: the blotter's form (quantity and every price
 * the order has), with the dragged price changed.
 */
export function replaceRequest(line: OrderLine, price: string): OpInput<'api.orderReplace'> {
  const { order } = line;
  return {
    account_id: line.accountId,
    modify_orders: [
      {
        client_order_id: line.clientOrderId,
        quantity: order.quantity,
        ...(order.limit_price !== undefined ? { limit_price: order.limit_price } : {}),
        ...(order.stop_price !== undefined ? { stop_price: order.stop_price } : {}),
        [line.field]: price,
      },
    ],
  };
}
