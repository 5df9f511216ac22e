/**
 * Linked orders. Each order of a group carries its role as `combo_type`; a lone order is NORMAL.
 * The kinds and their rules (the stock order reference; observed: cancelling an unfilled master
 * cancels the group, and Webull's test environment refused OTO, OCO and OTOCO while it took brackets):
 * - BRACKET: a MASTER entry with a STOP_PROFIT and/or a STOP_LOSS exit. The exits start working when
 *   the entry fills; one exit's fill cancels the other.
 * - OTO: a MASTER whose fill starts one OTO order.
 * - OCO: two OCO orders working at once; one's fill cancels the other.
 * - OTOCO: a MASTER whose fill starts two OCO orders.
 * In every kind, cancelling an unfilled MASTER cancels the group.
 */
export const COMBO_TYPES = ['NORMAL', 'MASTER', 'STOP_PROFIT', 'STOP_LOSS', 'OTO', 'OCO'] as const;
export type ComboType = (typeof COMBO_TYPES)[number];
/** Roles inside a group (every combo type but NORMAL). */
export type GroupRole = Exclude<ComboType, 'NORMAL'>;

/** What a trader reads for each role. */
export const COMBO_TYPE_LABELS: Readonly<Record<ComboType, string>> = {
  NORMAL: 'Order',
  MASTER: 'Entry',
  STOP_PROFIT: 'Take-profit exit',
  STOP_LOSS: 'Stop-loss exit',
  OTO: 'Triggered order',
  OCO: 'One-cancels-other order',
};

const GROUP_KINDS = {
  BRACKET: { roles: { MASTER: [1, 1], STOP_PROFIT: [0, 1], STOP_LOSS: [0, 1] }, minChildren: 1 },
  OTO: { roles: { MASTER: [1, 1], OTO: [1, 1] }, minChildren: 1 },
  OCO: { roles: { OCO: [2, 2] }, minChildren: 0 },
  OTOCO: { roles: { MASTER: [1, 1], OCO: [2, 2] }, minChildren: 2 },
} as const satisfies Record<
  string,
  { roles: Partial<Record<GroupRole, readonly [number, number]>>; minChildren: number }
>;
export type GroupKind = keyof typeof GROUP_KINDS;
export const GROUP_KIND_VALUES = Object.keys(GROUP_KINDS) as [GroupKind, ...GroupKind[]];

/** Which group kinds an environment takes (the real test environment: brackets only). */
export type LinkedOrders = readonly GroupKind[];
export const TEST_ENVIRONMENT_LINKED_ORDERS: LinkedOrders = ['BRACKET'];

/**
 * When a master's children start working. Webull's references say nothing of a partly filled
 * master, so this is a choice (docs/trading-domain.md "Linked orders"): `full` (the default, as the
 * common OTO definition and Webull's own app wording "when the entry fills"): the children wait until
 * the master has filled completely; `partial`: they start at the master's first fill for the shares
 * filled so far, and grow with each later fill. In both, a master that ends partly filled
 * (cancelled, expired, rejected at fill) leaves its children working for the shares it filled: they
 * protect a position that exists. A master that ends with nothing filled cancels them.
 */
export const GROUP_ACTIVATIONS = ['full', 'partial'] as const;
export type GroupActivation = (typeof GROUP_ACTIVATIONS)[number];
export const DEFAULT_GROUP_ACTIVATION: GroupActivation = 'full';

/** A child starts working once its master has filled (a MASTER-less OCO pair works at once). */
export const waitsForMaster = (role: ComboType, kind: GroupKind): boolean =>
  role !== 'NORMAL' && role !== 'MASTER' && 'MASTER' in GROUP_KINDS[kind].roles;
/** Roles whose fill cancels the group's other working children. */
export const cancelsSiblingsOnFill = (role: ComboType): boolean =>
  role === 'STOP_PROFIT' || role === 'STOP_LOSS' || role === 'OCO';

/** Whether the orders of one placement form a linked group (any carries a role but NORMAL). */
export const isLinked = (orders: ReadonlyArray<{ combo_type?: ComboType }>): boolean =>
  orders.some((o) => o.combo_type !== undefined && o.combo_type !== 'NORMAL');

export class GroupShapeError extends Error {
  override readonly name = 'GroupShapeError';
}

/**
 * The kind of group these roles make, or a GroupShapeError naming what is wrong. One order with
 * role NORMAL is no group (null).
 */
export function groupKindOf(roles: readonly ComboType[]): GroupKind | null {
  if (roles.length === 1 && roles[0] === 'NORMAL') return null;
  if (roles.includes('NORMAL')) throw new GroupShapeError('a NORMAL order cannot be part of a group');
  const count = (r: ComboType) => roles.filter((x) => x === r).length;
  for (const kind of GROUP_KIND_VALUES) {
    const shape: Partial<Record<GroupRole, readonly [number, number]>> = GROUP_KINDS[kind].roles;
    const fits = roles.every((r) => r in shape);
    const counts = Object.entries(shape).every(([role, [min, max]]) => {
      const n = count(role as GroupRole);
      return n >= min && n <= max;
    });
    const children = roles.filter((r) => r !== 'MASTER').length;
    if (fits && counts && children >= GROUP_KINDS[kind].minChildren) return kind;
  }
  throw new GroupShapeError(`no group has the roles ${roles.join(', ')}`);
}
