import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { OrderPreview } from '../../../shared/openapi/records/orders';
import { invoke } from '../../lib/bridge';
import { newClientOrderId } from '../../../shared/trading';
import { intentKey, toNewOrder, type TicketDraft } from './ticket-model';

interface Intent {
  key: string;
  id: string;
  draft: TicketDraft;
}

/**
 * Idempotent submission: one `client_order_id` per ticket intent. The id is made when the order
 * (anything `intentKey` covers) changes and kept across retries, so a retry after a failure, a
 * double click or a second Enter can only ever name the same order; the broker (and main's order
 * discipline, electron/services/order-calls.ts) refuses or recognises a repeat. A ref blocks a
 * second call before React re-renders the disabled button. Once an intent is placed, Place stays
 * disabled until the ticket changes: a click after the placement is the same intent, not a new
 * order. The next intent gets a fresh id.
 *
 * The preview and a server error belong to the intent they were asked for: once the ticket
 * changes they are not shown, so the figures on screen are always those of the order on screen.
 */
export function useTicketSubmit(draft: TicketDraft) {
  const key = intentKey(draft);
  const intent = useRef<Intent | undefined>(undefined);
  if (intent.current?.key !== key) intent.current = { key, id: newClientOrderId(), draft };
  const current = intent.current;
  const inFlight = useRef(false);
  const placedKey = useRef<string | undefined>(undefined);
  const [placedFor, setPlacedFor] = useState<string | undefined>();
  const queryClient = useQueryClient();

  const preview = useMutation({
    mutationFn: (order: Intent): Promise<OrderPreview[]> =>
      invoke('api.optionOrderPreview', {
        account_id: order.draft.accountId,
        new_orders: [toNewOrder(order.draft, order.id)],
      }),
  });

  const place = useMutation({
    mutationFn: (order: Intent) =>
      invoke('api.optionOrderPlace', {
        account_id: order.draft.accountId,
        new_orders: [toNewOrder(order.draft, order.id)],
      }),
    onSuccess: (_data, order) => {
      placedKey.current = order.key;
      setPlacedFor(order.key);
      if (intent.current?.key === order.key) intent.current = undefined;
      void queryClient.invalidateQueries({ queryKey: ['api.ordersOpen'] });
      void queryClient.invalidateQueries({ queryKey: ['api.ordersHistory'] });
    },
  });

  const submit = async () => {
    if (inFlight.current || placedKey.current === current.key) return;
    inFlight.current = true;
    try {
      await place.mutateAsync(current);
    } catch {
      // The mutation keeps the error; the ticket shows it at its field or under the buttons.
    } finally {
      inFlight.current = false;
    }
  };

  const mine = (v: Intent | undefined) => v?.key === key;
  return {
    clientOrderId: current.id,
    /** The preview of the order on screen, if one was asked for it. */
    previewShown: mine(preview.variables) ? preview.data?.[0] : undefined,
    previewPending: preview.isPending,
    runPreview: () => preview.mutate(current),
    /** The error of the last call made for the order on screen. */
    error: (mine(place.variables) ? place.error : null) ?? (mine(preview.variables) ? preview.error : null),
    placing: place.isPending,
    /** The order on screen was placed: Place waits for a change. */
    placed: placedFor === key,
    placedId: place.isSuccess ? place.data[0]?.client_order_id : undefined,
    submit,
  };
}
