import { type OrderEvent, transition } from '../../shared/trading';
import type { OrderState } from './trading-state';

/**
 * Every status change of a stored order, through the domain's transition table
 * (shared/trading/lifecycle.ts): an event the order's status does not take throws
 * InvalidTransitionError and changes nothing.
 */
export function applyEvent(
  o: OrderState,
  event: OrderEvent,
  now: number,
  patch: Partial<Omit<OrderState, 'status'>> = {},
): OrderState {
  const status = transition(o.status, event);
  Object.assign(o, patch, { status, update_time: now });
  return o;
}
