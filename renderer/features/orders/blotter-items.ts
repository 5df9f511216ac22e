import type { OrderRecord } from '../../../shared/openapi/records/orders';
import type { ComboType } from '../../../shared/trading';
import { isOpenOrder } from './order-text';

/** A row of the blotter: one order, or a linked group (shared/trading/groups.ts) shown as one. */
export type BlotterItem =
  { kind: 'order'; order: OrderRecord } | { kind: 'group'; id: string; orders: OrderRecord[] };

const ROLE_ORDER: Partial<Record<ComboType, number>> = { MASTER: 0, STOP_PROFIT: 1, STOP_LOSS: 2 };
const rank = (o: OrderRecord) => ROLE_ORDER[o.combo_type as ComboType] ?? 3;

/**
 * The blotter's rows: the orders of one group (`combo_order_id`) together, in the place of the
 * group's first order, entry first, then take-profit, stop-loss and any other role. A group of
 * which the list holds one order only (the Open tab once the entry has filled and one exit is
 * left) is still shown as its group.
 */
export function blotterItems(orders: readonly OrderRecord[]): BlotterItem[] {
  const items: BlotterItem[] = [];
  const groups = new Map<string, OrderRecord[]>();
  for (const o of orders) {
    const id = o.combo_order_id && o.combo_type && o.combo_type !== 'NORMAL' ? o.combo_order_id : undefined;
    if (!id) {
      items.push({ kind: 'order', order: o });
      continue;
    }
    const members = groups.get(id);
    if (members) members.push(o);
    else {
      const fresh = [o];
      groups.set(id, fresh);
      items.push({ kind: 'group', id, orders: fresh });
    }
  }
  for (const members of groups.values()) members.sort((a, b) => rank(a) - rank(b));
  return items;
}

/** What a role is called in the blotter. */
const ROLE_NAME: Partial<Record<ComboType, string>> = {
  MASTER: 'Entry',
  STOP_PROFIT: 'Take-profit',
  STOP_LOSS: 'Stop-loss',
  OTO: 'Triggered',
  OCO: 'One cancels other',
};
export const roleName = (o: OrderRecord) => ROLE_NAME[o.combo_type as ComboType] ?? o.combo_type ?? 'Order';

/**
 * The cancels that cancel a group: its entry while that is open (the broker cancels an unfilled
 * entry's exits with it), else every exit still working.
 */
export function groupCancels(orders: readonly OrderRecord[]): OrderRecord[] {
  const master = orders.find((o) => o.combo_type === 'MASTER');
  if (master && isOpenOrder(master)) return [master];
  return orders.filter(isOpenOrder);
}

/** The group's state in a word: its entry's while that works, then its exits'. */
export function groupStatus(orders: readonly OrderRecord[]): string {
  const master = orders.find((o) => o.combo_type === 'MASTER');
  if (master && master.status !== 'FILLED') return master.status;
  const open = orders.filter(isOpenOrder);
  if (open.length > 0) return master ? 'FILLED · exits working' : 'WORKING';
  const exit = orders.find((o) => o !== master && o.status === 'FILLED');
  return exit ? `CLOSED by ${roleName(exit).toLowerCase()}` : (master?.status ?? orders[0]?.status ?? '');
}
