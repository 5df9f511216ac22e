import { Decimal } from '../../../shared/decimal';
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
 * entry's exits with it; a partly filled entry's rest is cancelled and its exits stay for the shares
 * it filled, docs/trading-domain.md "Linked orders"), else every exit still working.
 */
export function groupCancels(orders: readonly OrderRecord[]): OrderRecord[] {
  const master = orders.find((o) => o.combo_type === 'MASTER');
  if (master && isOpenOrder(master)) return [master];
  return orders.filter(isOpenOrder);
}

const filledOf = (o: OrderRecord) => new Decimal(o.filled_quantity || '0');

/**
 * Whether a group's child works yet, from the records alone (the record has no "waiting" field;
 * docs/trading-domain.md "Linked orders"): a child of no entry works at once; else it works once its
 * entry has filled, or for the entry's filled shares when its quantity is at most those (the
 * sandbox's `partial` activation, or an entry that ended partly filled).
 */
function childWorks(child: OrderRecord, orders: readonly OrderRecord[]): boolean {
  const master = orders.find((o) => o.combo_type === 'MASTER');
  if (!master || master === child) return true;
  if (master.status === 'FILLED') return true;
  const filled = filledOf(master);
  return filled.gt(0) && new Decimal(child.quantity).lte(filled);
}

/** A child's status in the blotter: "Waiting for entry" while it waits, else its own. */
export function childStatus(child: OrderRecord, orders: readonly OrderRecord[]): string {
  return isOpenOrder(child) && !childWorks(child, orders) ? 'Waiting for entry' : child.status;
}

/** What kind of linked group these orders are (of what the list holds of it), in a trader's words. */
export function groupKindName(orders: readonly OrderRecord[]): string {
  const roles = new Set(orders.map((o) => o.combo_type));
  if (roles.has('STOP_PROFIT') || roles.has('STOP_LOSS')) return 'bracket';
  if (roles.has('OTO')) return 'OTO';
  if (roles.has('OCO')) return roles.has('MASTER') ? 'OTOCO' : 'OCO';
  return 'group';
}

/**
 * The group's state in words: its entry's while that works (with what its exits do once part of it
 * filled), then its exits', then which exit closed it.
 */
export function groupStatus(orders: readonly OrderRecord[]): string {
  const master = orders.find((o) => o.combo_type === 'MASTER');
  const children = orders.filter((o) => o !== master);
  const open = children.filter(isOpenOrder);
  if (master && master.status !== 'FILLED') {
    const filled = filledOf(master);
    if (filled.isZero()) return master.status;
    const part = `${master.status}${isOpenOrder(master) ? '' : ' after'} ${filled.toFixed()} of ${master.quantity}`;
    if (open.length === 0) return part;
    const working = open.filter((o) => childWorks(o, orders));
    if (working.length === 0) return `${part} · exits waiting`;
    return isOpenOrder(master)
      ? `${part} · exits working for ${Decimal.max(...working.map((o) => new Decimal(o.quantity))).toFixed()}`
      : `${part} · exits working`;
  }
  if (open.length > 0)
    return master
      ? `FILLED · ${open.some((o) => o.combo_type === 'OTO') ? 'triggered order' : 'exits'} working`
      : 'WORKING';
  const exit = children.find((o) => o.status === 'FILLED');
  if (!exit) return master?.status ?? orders[0]?.status ?? '';
  // An OCO pair has no entry: one filled instead of the other. An OTOCO's exits are its OCO pair.
  if (!master) return children.length > 1 ? 'FILLED · other cancelled' : 'FILLED';
  return `CLOSED by ${exit.combo_type === 'OCO' ? 'an exit' : roleName(exit).toLowerCase()}`;
}
