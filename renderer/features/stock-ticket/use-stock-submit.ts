import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { NewOrder, OrderPreview } from '../../../shared/openapi/records/orders';
import { invoke } from '../../lib/bridge';
import type { StockDraft } from './stock-draft';
import { newIntentIds, stockIntentKey, toStockOrders, type IntentIds } from './stock-wire';

interface Intent {
  key: string;
  ids: IntentIds;
  draft: StockDraft;
  /** The orders as first previewed or placed, so a retry names the same orders. */
  orders?: NewOrder[];
}

/**
 * Idempotent submission, as the options ticket's (docs/ui.md "Order tickets"): one set of client
 * order ids per intent (the entry's, and its exits' for a bracket), made when the order changes
 * and kept across retries, so a double click or a second Enter can only ever name the same
 * orders. A ref blocks a second call before React re-renders the disabled button; once placed,
 * Place waits for a change. The preview and an error belong to the intent they were asked for.
 */
export function useStockSubmit(draft: StockDraft) {
  const key = stockIntentKey(draft);
  const intent = useRef<Intent | undefined>(undefined);
  if (intent.current?.key !== key) intent.current = { key, ids: newIntentIds(), draft };
  const current = intent.current;
  const inFlight = useRef(false);
  const placedKey = useRef<string | undefined>(undefined);
  const [placedFor, setPlacedFor] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const ordersOf = (i: Intent) => (i.orders ??= toStockOrders(i.draft, i.ids));

  const preview = useMutation({
    mutationFn: (order: Intent): Promise<OrderPreview[]> =>
      invoke('api.orderPreview', {
        account_id: order.draft.accountId,
        new_orders: ordersOf(order),
      }),
  });

  const place = useMutation({
    mutationFn: (order: Intent) =>
      invoke('api.orderPlace', {
        account_id: order.draft.accountId,
        new_orders: ordersOf(order),
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
    clientOrderId: current.ids.entry,
    /** The preview of the entry on screen, if one was asked for it. */
    previewShown: mine(preview.variables) ? preview.data?.[0] : undefined,
    previewPending: preview.isPending,
    runPreview: () => preview.mutate(current),
    /** The error of the last call made for the order on screen. */
    error: (mine(place.variables) ? place.error : null) ?? (mine(preview.variables) ? preview.error : null),
    placing: place.isPending,
    placed: placedFor === key,
    placedId: place.isSuccess ? place.data[0]?.client_order_id : undefined,
    submit,
  };
}
