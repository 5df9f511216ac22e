import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { NewOrder, OrderPreview } from '../../../shared/openapi/records/orders';
import { invoke } from '../../lib/bridge';

/** The client order ids of one intent: the entry's, and any others its orders carry (a bracket's exits). */
export interface PlaceOnceIds {
  entry: string;
}

/** What one ticket tells the shared submission: how its orders are named, built and sent. */
export interface PlaceOnceSpec<D extends { accountId: string }, I extends PlaceOnceIds> {
  /** Everything that makes the order what it is: a change here is a new intent with new ids. */
  key: string;
  newIds: () => I;
  /** The intent's orders on the wire; built at its first preview or placement, then kept. */
  toOrders: (draft: D, ids: I) => NewOrder[];
  preview: 'api.orderPreview' | 'api.optionOrderPreview';
  place: 'api.orderPlace' | 'api.optionOrderPlace';
}

interface Intent<D, I> {
  key: string;
  ids: I;
  draft: D;
  /** The orders as first previewed or placed: a price-dependent size is fixed then, so a retry names the same order. */
  orders?: NewOrder[];
}

/**
 * Idempotent submission, one for every order ticket (docs/ui.md "Options ticket", "Stock ticket"): one set of client
 * order ids per intent, made when the order (anything `key` covers) changes and kept across
 * retries, so a retry after a failure, a double click or a second Enter can only ever name the
 * same orders; the broker (and main's order discipline, electron/services/order-calls.ts) refuses
 * or recognises a repeat. A ref blocks a second call before React re-renders the disabled button.
 * Once an intent is placed, Place stays disabled until the ticket changes: a click after the
 * placement is the same intent, not a new order. The next intent gets fresh ids.
 *
 * The preview and a server error belong to the intent they were asked for: once the ticket
 * changes they are not shown, so the figures on screen are always those of the order on screen.
 */
export function usePlaceOnce<D extends { accountId: string }, I extends PlaceOnceIds>(
  draft: D,
  spec: PlaceOnceSpec<D, I>,
) {
  const { key } = spec;
  const intent = useRef<Intent<D, I> | undefined>(undefined);
  if (intent.current?.key !== key) intent.current = { key, ids: spec.newIds(), draft };
  const current = intent.current;
  const inFlight = useRef(false);
  const placedKey = useRef<string | undefined>(undefined);
  const [placedFor, setPlacedFor] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const ordersOf = (i: Intent<D, I>) => (i.orders ??= spec.toOrders(i.draft, i.ids));

  const preview = useMutation({
    mutationFn: (order: Intent<D, I>): Promise<OrderPreview[]> =>
      invoke(spec.preview, { account_id: order.draft.accountId, new_orders: ordersOf(order) }),
  });

  const place = useMutation({
    mutationFn: (order: Intent<D, I>) =>
      invoke(spec.place, { account_id: order.draft.accountId, new_orders: ordersOf(order) }),
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

  const mine = (v: Intent<D, I> | undefined) => v?.key === key;
  return {
    clientOrderId: current.ids.entry,
    /** The preview of the entry on screen, if one was asked for it. */
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

export type PlaceOnce = ReturnType<typeof usePlaceOnce>;
