import type { AlertsState, ConnectionStatus, TradeEventMessage } from '../../../shared/ipc/contract';
import { describeCondition } from '../../../shared/ipc/alert-kinds';
import { Decimal } from '../../../shared/decimal';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import type { OrderStatus } from '../../../shared/trading';
import { orderContract, orderSize, partFillText, positionContract, sideLabel } from '../orders';

/** One line of the activity feed. */
export interface ActivityEntry {
  id: number;
  time: number;
  kind: 'order' | 'position' | 'link' | 'alert';
  text: string;
  tone: 'up' | 'down' | 'flat' | 'warn';
}

/** Every status of the domain's lifecycle in words (a new status fails to compile until it has some). */
const STATUS_WORDS: Record<OrderStatus, string> = {
  SUBMITTED: 'Placed',
  PARTIAL_FILLED: 'Partly filled',
  PENDING: 'Cancel or change pending',
  FILLED: 'Filled',
  CANCELLED: 'Cancelled',
  FAILED: 'Rejected',
};

/**
 * The order event's status in words. The events carry no "replaced" status: a replacement comes as
 * the open order again, its `update_time` after its `place_time` and nothing filled yet.
 */
function orderWord(o: OrderRecord): string {
  if (o.status === 'SUBMITTED' && o.update_time > o.place_time && new Decimal(o.filled_quantity).isZero())
    return 'Replaced';
  return (STATUS_WORDS as Readonly<Record<string, string | undefined>>)[o.status] ?? o.status;
}

/** The price that matters for the event: the fill's average for a fill, else the order's own. */
function orderPrice(o: OrderRecord): string {
  if ((o.status === 'FILLED' || o.status === 'PARTIAL_FILLED') && o.avg_fill_price)
    return ` at ${o.avg_fill_price}`;
  if (o.status === 'FAILED' || o.status === 'CANCELLED') return '';
  const parts = [
    o.stop_price ? `stop ${o.stop_price}` : '',
    o.limit_price ? `limit ${o.limit_price}` : '',
  ].filter(Boolean);
  return parts.length ? `, ${parts.join(', ')}` : o.order_type === 'MARKET' ? ', market' : '';
}

/** A trade event as a readable line; the payload is the order or position record as received. */
export function describeTradeEvent(e: TradeEventMessage): Omit<ActivityEntry, 'id'> {
  if (e.kind === 'order') {
    const o = e.payload;
    const tone =
      o.status === 'FILLED' ? 'up' : o.status === 'FAILED' || o.status === 'CANCELLED' ? 'down' : 'flat';
    const qty = o.status === 'PARTIAL_FILLED' ? partFillText(o) : orderSize(o);
    return {
      time: e.time,
      kind: 'order',
      tone,
      text: `${orderWord(o)}: ${sideLabel(o.side)} ${qty} ${orderContract(o)}${orderPrice(o)} · ${e.accountId}`,
    };
  }
  return {
    time: e.time,
    kind: 'position',
    tone: 'flat',
    text: `Position ${positionContract(e.payload)}: ${e.payload.quantity} held · ${e.accountId}`,
  };
}

/** Link changes worth a line (not every status repeat). */
export function describeLinkChange(
  prev: ConnectionStatus | undefined,
  next: ConnectionStatus,
  now: number,
): Array<Omit<ActivityEntry, 'id'>> {
  const out: Array<Omit<ActivityEntry, 'id'>> = [];
  for (const link of ['api', 'quotes', 'events'] as const) {
    if (prev?.[link] === next[link] || next[link] === 'idle') continue;
    const tone = next[link] === 'live' ? 'up' : next[link] === 'offline' ? 'down' : 'warn';
    out.push({
      time: now,
      kind: 'link',
      tone,
      text: `${link === 'api' ? 'API' : link === 'quotes' ? 'Quotes' : 'Trade events'} ${next[link]}`,
    });
  }
  return out;
}

/**
 * A line for each alert main has fired that this feed has not shown yet (`seen` holds
 * `id@triggeredAt`, so a re-armed alert that fires again gets a new line). The stream sends the
 * whole list, so alerts fired while no Activity panel was open are shown when one opens.
 */
export function describeFiredAlerts(state: AlertsState, seen: Set<string>): Array<Omit<ActivityEntry, 'id'>> {
  const out: Array<Omit<ActivityEntry, 'id'>> = [];
  const fired = state.alerts
    .filter((a) => a.status === 'triggered' && a.triggeredAt !== undefined)
    .sort((a, b) => (a.triggeredAt ?? 0) - (b.triggeredAt ?? 0));
  for (const a of fired) {
    const key = `${a.id}@${a.triggeredAt ?? 0}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      time: a.triggeredAt ?? 0,
      kind: 'alert',
      tone: 'warn',
      text: `Alert ${a.symbol} ${describeCondition(a.condition)} · last ${a.triggerPrice ?? '—'}`,
    });
  }
  return out;
}

/**
 * New lines merged into the feed, newest first by their time (every time is on the market clock, so
 * an order event, a fired alert and a link change sort together), at most `max` kept. Lines of the
 * same time keep their arrival order, the later one first.
 */
export function mergeActivity(
  prev: readonly ActivityEntry[],
  items: readonly ActivityEntry[],
  max: number,
): ActivityEntry[] {
  return [...items, ...prev].sort((a, b) => b.time - a.time || b.id - a.id).slice(0, max);
}
