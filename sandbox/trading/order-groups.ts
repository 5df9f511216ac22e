import { Decimal } from '../../shared/decimal';
import {
  type ComboType,
  DEFAULT_GROUP_ACTIVATION,
  type GroupActivation,
  type GroupKind,
  GroupShapeError,
  type LinkedOrders,
  cancelsSiblingsOnFill,
  groupKindOf,
  waitsForMaster,
} from '../../shared/trading';
import type { NewOrder } from '../../shared/openapi/records/orders';
import { badParameter } from '../http/route-types';
import type { OrderState } from './trading-state';

/**
 * Linked orders in the sandbox (shared/trading/groups.ts, docs/sandbox.md "Linked orders"). A
 * placement whose orders carry group roles is one group: its kind must be one this sandbox takes
 * (`linkedOrders`, like Webull's test environment, which refused OTO, OCO and OTOCO with
 * `invalid combo_type`), every order trades the same instrument, and a MASTER's exits trade the
 * other way. The rules after placement are in `groupEffects`.
 */
export interface GroupPlan {
  kind: GroupKind;
  /** The group's id, made by the sandbox (`combo_order_id`). */
  comboId: string;
  /** The client's name for the group (`client_combo_order_id`), when it gave one. */
  clientComboId?: string;
}

const roleOf = (o: Pick<NewOrder, 'combo_type'>): ComboType => o.combo_type ?? 'NORMAL';
const instrumentOf = (o: NewOrder) => {
  const leg = o.legs?.[0];
  return leg
    ? `${leg.symbol} ${leg.option_expire_date} ${leg.strike_price} ${leg.option_type}`
    : (o.symbol ?? '');
};
/** Whether an exit closes what the master opens (a long's exits sell, a short's buy). */
const closes = (master: NewOrder, exit: NewOrder) => (master.side === 'BUY') !== (exit.side === 'BUY');

export function planGroup(
  orders: readonly NewOrder[],
  allowed: LinkedOrders,
  makeId: () => string,
  clientComboId?: string,
  retriedComboId?: string,
): GroupPlan | null {
  const roles = orders.map(roleOf);
  if (roles.every((r) => r === 'NORMAL')) return null;
  let kind: GroupKind | null;
  try {
    kind = groupKindOf(roles);
  } catch (error) {
    if (error instanceof GroupShapeError) throw badParameter('combo_type', error.message);
    throw error;
  }
  if (kind === null) return null;
  if (!allowed.includes(kind)) throw badParameter('combo_type', `${kind} orders are not taken here`);
  const first = orders[0];
  const master = orders.find((o) => roleOf(o) === 'MASTER');
  orders.forEach((o, i) => {
    if (first && instrumentOf(o) !== instrumentOf(first))
      throw badParameter(`new_orders[${i}].symbol`, 'every order of a group trades the same instrument');
    const exit =
      roleOf(o) === 'STOP_PROFIT' || roleOf(o) === 'STOP_LOSS' || (kind === 'OTOCO' && roleOf(o) === 'OCO');
    if (master && exit && !closes(master, o))
      throw badParameter(`new_orders[${i}].side`, `an exit must trade against the entry's ${master.side}`);
  });
  return { kind, comboId: retriedComboId ?? makeId(), clientComboId };
}

/** What a placed group order starts as: its role, its group, and whether it waits for its master. */
export function groupFields(o: NewOrder, plan: GroupPlan | null): Partial<OrderState> {
  if (!plan) return o.combo_type ? { combo_type: o.combo_type } : {};
  const role = roleOf(o);
  return {
    combo_type: role,
    combo_order_id: plan.comboId,
    ...(plan.clientComboId === undefined ? {} : { client_combo_order_id: plan.clientComboId }),
    group_kind: plan.kind,
    ...(waitsForMaster(role, plan.kind) ? { waiting: true } : {}),
  };
}

/** What the group rules do after an order's status changed. */
export interface GroupEffects {
  /**
   * Children that work, or work for more shares, because their master filled: each with the
   * quantity it works for now (its placed quantity, or the master's filled shares when fewer).
   */
  activate: Array<{ order: OrderState; quantity: string }>;
  /** Orders to cancel, each with the reason. */
  cancel: Array<{ order: OrderState; reason: string }>;
}

const placedQuantity = (o: OrderState) => new Decimal(o.placed_quantity ?? o.quantity);

/**
 * The group rules (shared/trading/groups.ts `GroupActivation`): a filled MASTER starts its
 * children; with `partial` activation a partly filled one starts them for the shares filled so far;
 * a MASTER that ends partly filled leaves them working for those shares, one that ends with nothing
 * filled (cancelled, failed, expired) takes its waiting children with it. A filled exit or OCO
 * order cancels the other working exits or OCO orders of its group, and the rest of a master still
 * working (the trade it was to close is over).
 */
export function groupEffects(
  changed: OrderState,
  all: readonly OrderState[],
  open: (o: OrderState) => boolean,
  activation: GroupActivation = DEFAULT_GROUP_ACTIVATION,
): GroupEffects {
  const none: GroupEffects = { activate: [], cancel: [] };
  if (changed.combo_order_id === undefined) return none;
  const group = all.filter(
    (o) =>
      o !== changed && o.account_id === changed.account_id && o.combo_order_id === changed.combo_order_id,
  );
  const role = changed.combo_type ?? 'NORMAL';
  if (role === 'MASTER') {
    const filled = new Decimal(changed.filled_quantity);
    const children = group.filter((o) => open(o) && (o.waiting || o.placed_quantity !== undefined));
    const ended = !open(changed);
    if (ended && filled.isZero())
      return {
        ...none,
        cancel: children
          .filter((o) => o.waiting)
          .map((order) => ({
            order,
            reason: `Cancelled with its group: the entry order is ${changed.status}`,
          })),
      };
    const starts = changed.status === 'FILLED' || ended || (activation === 'partial' && filled.gt(0));
    if (!starts) return none;
    return {
      ...none,
      activate: children
        .map((order) => ({ order, quantity: Decimal.min(placedQuantity(order), filled).toFixed() }))
        .filter(({ order, quantity }) => order.waiting || !new Decimal(quantity).eq(order.quantity)),
    };
  }
  if (changed.status === 'FILLED' && cancelsSiblingsOnFill(role)) {
    const siblings = group.filter((o) => open(o) && cancelsSiblingsOnFill(o.combo_type ?? 'NORMAL'));
    const master = group.find((o) => o.combo_type === 'MASTER' && open(o));
    return {
      ...none,
      cancel: [...siblings, ...(master ? [master] : [])].map((order) => ({
        order,
        reason: `Cancelled: ${changed.client_order_id} of its group filled`,
      })),
    };
  }
  return none;
}
