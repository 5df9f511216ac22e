import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { OrderPreview } from '../../../shared/openapi/records/orders';
import { invoke } from '../../lib/bridge';
import { intentKey, newClientOrderId, toNewOrder, type TicketDraft } from './ticket-model';

/**
 * Idempotent submission: one `client_order_id` per ticket intent. The id is made when the order
 * (anything `intentKey` covers) changes and kept across retries, so a retry after a failure, a
 * double click or a second Enter can only ever name the same order; the broker (and main's order
 * discipline, electron/services/order-calls.ts) refuses or recognises a repeat. A ref blocks a
 * second call before React re-renders the disabled button. After a placement the next order gets
 * a fresh id.
 */
export function useTicketSubmit(draft: TicketDraft) {
  const key = intentKey(draft);
  const intent = useRef<{ key: string; id: string } | undefined>(undefined);
  if (intent.current?.key !== key) intent.current = { key, id: newClientOrderId() };
  const current = intent.current;
  const inFlight = useRef(false);
  const queryClient = useQueryClient();

  const preview = useMutation({
    mutationFn: (): Promise<OrderPreview[]> =>
      invoke('api.optionOrderPreview', {
        account_id: draft.accountId,
        new_orders: [toNewOrder(draft, current.id)],
      }),
  });

  const place = useMutation({
    mutationFn: (order: { accountId: string; id: string; draft: TicketDraft }) =>
      invoke('api.optionOrderPlace', {
        account_id: order.accountId,
        new_orders: [toNewOrder(order.draft, order.id)],
      }),
    onSuccess: () => {
      intent.current = undefined;
      void queryClient.invalidateQueries({ queryKey: ['api.ordersOpen'] });
      void queryClient.invalidateQueries({ queryKey: ['api.ordersHistory'] });
    },
  });

  const submit = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await place.mutateAsync({ accountId: draft.accountId, id: current.id, draft });
    } catch {
      // The mutation keeps the error; the ticket shows it at its field or under the buttons.
    } finally {
      inFlight.current = false;
    }
  };

  return { clientOrderId: current.id, preview, place, submit };
}
