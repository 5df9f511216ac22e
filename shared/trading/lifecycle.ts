/**
 * An order's lifecycle as a transition table. The statuses are the ones the service reports
 * (`order_status`, the SDK's OrderStatus): SUBMITTED, PARTIAL_FILLED, FILLED, CANCELLED, FAILED,
 * and PENDING, reported while a cancel (observed: history right after a cancel) or a replace waits
 * on the market. Every status change goes through `transition`; open and terminal are derived from
 * the table (a status with no way out is terminal).
 */
export const ORDER_STATUSES = [
  'SUBMITTED',
  'PARTIAL_FILLED',
  'PENDING',
  'FILLED',
  'CANCELLED',
  'FAILED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_EVENTS = [
  /** Some, not all, of the quantity traded. */
  'PARTIAL_FILL',
  /** The last of the quantity traded. */
  'FILL',
  /** The trader asked to cancel; the service has not yet acted. */
  'REQUEST_CANCEL',
  /** The trader asked to replace; the service has not yet acted. */
  'REQUEST_REPLACE',
  /** The order left the market unfilled or part-filled: a confirmed cancel, a DAY order's close, a group rule. */
  'CANCEL',
  /** A replace took effect, nothing filled yet. */
  'REPLACED',
  /** A replace took effect on a part-filled order. */
  'REPLACED_PARTIAL',
  /** The market or the broker refused the order after it was accepted. */
  'REJECT',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** The status an accepted placement starts in. */
export const PLACED_STATUS: OrderStatus = 'SUBMITTED';

/** From each status, the events it takes and where each leads. An event not listed is invalid. */
const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>>> = {
  SUBMITTED: {
    PARTIAL_FILL: 'PARTIAL_FILLED',
    FILL: 'FILLED',
    REQUEST_CANCEL: 'PENDING',
    REQUEST_REPLACE: 'PENDING',
    CANCEL: 'CANCELLED',
    REJECT: 'FAILED',
  },
  PARTIAL_FILLED: {
    PARTIAL_FILL: 'PARTIAL_FILLED',
    FILL: 'FILLED',
    REQUEST_CANCEL: 'PENDING',
    REQUEST_REPLACE: 'PENDING',
    CANCEL: 'CANCELLED',
  },
  // A fill can race a pending cancel or replace: it still counts.
  PENDING: {
    PARTIAL_FILL: 'PENDING',
    FILL: 'FILLED',
    CANCEL: 'CANCELLED',
    REPLACED: 'SUBMITTED',
    REPLACED_PARTIAL: 'PARTIAL_FILLED',
  },
  FILLED: {},
  CANCELLED: {},
  FAILED: {},
};

/** An event the status does not take: a bug in whoever applied it, never a state to store. */
export class InvalidTransitionError extends Error {
  override readonly name = 'InvalidTransitionError';
  constructor(
    readonly from: OrderStatus,
    readonly event: OrderEvent,
  ) {
    super(`an order ${from} cannot take ${event}`);
  }
}

/** The status after `event`; throws InvalidTransitionError when `from` does not take it. */
export function transition(from: OrderStatus, event: OrderEvent): OrderStatus {
  const to = ORDER_TRANSITIONS[from][event];
  if (to === undefined) throw new InvalidTransitionError(from, event);
  return to;
}

/** Statuses with no way out. */
export const TERMINAL_STATUSES: ReadonlySet<OrderStatus> = new Set(
  ORDER_STATUSES.filter((s) => Object.keys(ORDER_TRANSITIONS[s]).length === 0),
);
/** Statuses an order can still leave: it is working, or waiting on a cancel or replace. */
export const OPEN_STATUSES: ReadonlySet<OrderStatus> = new Set(
  ORDER_STATUSES.filter((s) => !TERMINAL_STATUSES.has(s)),
);

const known = (s: string): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s);
/** Whether a status as read from the wire is open (an unknown status is not assumed open). */
export const isOpenStatus = (status: string): boolean => known(status) && OPEN_STATUSES.has(status);
export const isTerminalStatus = (status: string): boolean => known(status) && TERMINAL_STATUSES.has(status);
/** The event that ends a pending replace, by whether anything has filled. */
export const replacedEvent = (anyFilled: boolean): OrderEvent =>
  anyFilled ? 'REPLACED_PARTIAL' : 'REPLACED';
