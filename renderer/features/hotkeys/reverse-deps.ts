import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import { isTerminalStatus } from '../../../shared/trading';
import { errorMessage, invoke, subscribe } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import { heldShares } from './hotkey-orders';
import { REVERSE_FILL_BOUND_MS, type OrderEnd, type ReverseDeps } from './reverse-run';

/**
 * Follows one order by the window's trade events (the signal the blotter and the activity feed
 * follow) until it reaches a final status. The bound is the only timer: when it passes, the order
 * is read once (the events link may have been down) and what that read says is the answer.
 */
export function followOrder(
  accountId: string,
  clientOrderId: string,
  boundMs = REVERSE_FILL_BOUND_MS,
): { ended: Promise<OrderEnd>; stop(): void } {
  let last: OrderRecord | undefined;
  let done = false;
  let resolveEnded: (end: OrderEnd) => void = () => undefined;
  const ended = new Promise<OrderEnd>((resolve) => (resolveEnded = resolve));
  let off: () => void = () => undefined;
  const finish = (timedOut: boolean) => {
    if (done) return;
    done = true;
    off();
    clearTimeout(timer);
    resolveEnded({ order: last, timedOut });
  };
  const consider = (o: OrderRecord) => {
    if (o.client_order_id !== clientOrderId) return;
    last = o;
    if (isTerminalStatus(o.status)) finish(false);
  };
  const timer = setTimeout(() => {
    void invoke('api.orderDetail', { account_id: accountId, client_order_id: clientOrderId })
      .then(consider, () => undefined)
      .finally(() => finish(true));
  }, boundMs);
  off = subscribe('tradeEvents', {}, (e) => {
    if (e.kind === 'order' && e.accountId === accountId) consider(e.payload);
  });
  if (done) off();
  return { ended, stop: () => finish(false) };
}

/** The reverse's parts in the window: main for orders, fresh reads for the position, toasts. */
export function reverseDeps(queryClient: QueryClient, accountId: string, symbol: string): ReverseDeps {
  return {
    follow: (id) => followOrder(accountId, id),
    place: async (call) => {
      await invoke(call.op, call.input);
    },
    position: async () =>
      heldShares({
        symbol,
        positions: await queryClient.fetchQuery({
          ...apiQuery('api.positions', { account_id: accountId }),
          staleTime: 0,
        }),
      }),
    tell: (kind, title, description) => toast[kind](title, { description }),
    errorText: errorMessage,
  };
}

/**
 * Whether the broker lends the stock for a short sale: the instrument record's `shortable` (the
 * sandbox sets it; a record without it, or a failed read, is "not known" and the SHORT is tried).
 */
export async function shortableOf(queryClient: QueryClient, symbol: string): Promise<boolean | undefined> {
  try {
    const rows = await queryClient.fetchQuery({
      ...apiQuery('api.instruments', { symbols: [symbol], category: 'US_STOCK' }),
      staleTime: 5 * 60_000,
    });
    return rows.find((r) => r.symbol === symbol)?.shortable;
  } catch {
    return undefined;
  }
}
