// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorShape } from '../../../shared/errors';
import type { NewOrder } from '../../../shared/openapi/records/orders';
import { usePlaceOnce } from './use-place-once';

/** A ticket's draft as the hook sees it: what it is placing, and for whom. */
interface Draft {
  accountId: string;
  symbol: string;
  quantity: string;
}

type Sent = { account_id: string; new_orders: NewOrder[] };
type Reply = { ok: true; value: unknown } | { ok: false; error: ApiErrorShape };

const NETWORK: ApiErrorShape = { code: 'NETWORK_ERROR', message: 'The network is down', retryable: true };

let placed: Sent[] = [];
let previewed: Sent[] = [];
/** The next placement's reply: at once, a failure, or held until `release` is called. */
let placeReply: 'now' | 'wait' | { error: ApiErrorShape } = 'now';
let release: (() => void) | undefined;
let nextId = 0;
/** What the ticket's wire-building reads besides the draft (the stock ticket's reference price). */
let price = '10';

const ack = (s: Sent) => s.new_orders.map((o) => ({ client_order_id: o.client_order_id, order_id: 'o1' }));

beforeEach(() => {
  placed = [];
  previewed = [];
  placeReply = 'now';
  release = undefined;
  nextId = 0;
  price = '10';
  window.bullpen = {
    invoke: (op: string, input: Sent): Promise<Reply> => {
      if (op === 'api.orderPreview') {
        previewed.push(input);
        return Promise.resolve({
          ok: true,
          value: [{ client_order_id: input.new_orders[0]?.client_order_id }],
        });
      }
      if (op !== 'api.orderPlace') return Promise.resolve({ ok: true, value: undefined });
      placed.push(input);
      const reply = placeReply;
      if (typeof reply === 'object') return Promise.resolve({ ok: false, error: reply.error });
      if (reply === 'now') return Promise.resolve({ ok: true, value: ack(input) });
      return new Promise((resolve) => {
        release = () => resolve({ ok: true, value: ack(input) });
      });
    },
    subscribe: () => () => undefined,
  } as never;
});
afterEach(() => {
  cleanup();
  delete window.bullpen;
});

const DRAFT: Draft = { accountId: 'A1', symbol: 'AAPL', quantity: '5' };

/** The hook as a ticket with an entry and one exit uses it: two ids per intent, the price read at build time. */
function renderPlaceOnce(client = new QueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    (d: Draft) =>
      usePlaceOnce(d, {
        key: JSON.stringify([d.accountId, d.symbol, d.quantity]),
        newIds: () => ({ entry: `id-${++nextId}`, exit: `id-${++nextId}` }),
        toOrders: (draft, ids) =>
          [ids.entry, ids.exit].map((id) => ({
            client_order_id: id,
            symbol: draft.symbol,
            quantity: draft.quantity,
            limit_price: price,
            side: 'BUY',
            order_type: 'LIMIT',
            time_in_force: 'DAY',
            instrument_type: 'EQUITY',
            market: 'US',
          })) as NewOrder[],
        preview: 'api.orderPreview',
        place: 'api.orderPlace',
      }),
    { initialProps: DRAFT, wrapper },
  );
}

const idsOf = (s: Sent | undefined) => s?.new_orders.map((o) => o.client_order_id);

describe('usePlaceOnce', () => {
  it('retries an intent after a network failure with the same set of ids', async () => {
    const { result } = renderPlaceOnce();
    placeReply = { error: NETWORK };
    await act(() => result.current.submit());
    await waitFor(() => expect(result.current.error).toBeTruthy());
    expect(result.current.placed).toBe(false);
    placeReply = 'now';
    await act(() => result.current.submit());
    await waitFor(() => expect(result.current.placed).toBe(true));
    expect(placed).toHaveLength(2);
    expect(idsOf(placed[1])).toEqual(idsOf(placed[0]));
    expect(idsOf(placed[0])).toEqual(['id-1', 'id-2']);
  });

  it('makes a new intent, with new ids, when a field changes', async () => {
    const { result, rerender } = renderPlaceOnce();
    const first = result.current.clientOrderId;
    rerender({ ...DRAFT, quantity: '6' });
    expect(result.current.clientOrderId).not.toBe(first);
    await act(() => result.current.submit());
    expect(idsOf(placed[0])).toEqual(['id-3', 'id-4']);
    expect(placed[0]?.new_orders[0]?.quantity).toBe('6');
  });

  it('keeps the ids while nothing that makes the order changes', () => {
    const { result, rerender } = renderPlaceOnce();
    const first = result.current.clientOrderId;
    rerender({ ...DRAFT });
    expect(result.current.clientOrderId).toBe(first);
  });

  it('sends nothing for a second Place while the first is in flight', async () => {
    const { result } = renderPlaceOnce();
    placeReply = 'wait';
    let first: Promise<void> | undefined;
    act(() => {
      first = result.current.submit();
    });
    await waitFor(() => expect(result.current.placing).toBe(true));
    await act(() => result.current.submit());
    expect(placed).toHaveLength(1);
    act(() => release?.());
    await act(() => first);
    await waitFor(() => expect(result.current.placed).toBe(true));
    expect(placed).toHaveLength(1);
  });

  it('places a double click once', async () => {
    const { result } = renderPlaceOnce();
    placeReply = 'wait';
    const submit = result.current.submit;
    let clicks: Promise<unknown> | undefined;
    act(() => {
      clicks = Promise.all([submit(), submit()]);
    });
    await waitFor(() => expect(release).toBeDefined());
    act(() => release?.());
    await act(() => clicks);
    await waitFor(() => expect(result.current.placed).toBe(true));
    expect(placed).toHaveLength(1);
  });

  it('places an intent once: after success Place waits for a change, then places the new intent', async () => {
    const { result, rerender } = renderPlaceOnce();
    await act(() => result.current.submit());
    await waitFor(() => expect(result.current.placed).toBe(true));
    expect(result.current.placedId).toBe('id-1');
    await act(() => result.current.submit());
    rerender({ ...DRAFT });
    await act(() => result.current.submit());
    expect(placed).toHaveLength(1);
    rerender({ ...DRAFT, quantity: '7' });
    expect(result.current.placed).toBe(false);
    await act(() => result.current.submit());
    await waitFor(() => expect(result.current.placed).toBe(true));
    expect(placed).toHaveLength(2);
    expect(idsOf(placed[1])).not.toEqual(idsOf(placed[0]));
  });

  it('places the orders it previewed, built once per intent (a later price does not change them)', async () => {
    const { result } = renderPlaceOnce();
    act(() => result.current.runPreview());
    await waitFor(() => expect(result.current.previewShown).toBeDefined());
    price = '11';
    await act(() => result.current.submit());
    expect(placed[0]?.new_orders).toEqual(previewed[0]?.new_orders);
    expect(placed[0]?.new_orders[0]?.limit_price).toBe('10');
  });

  it('shows the preview and the error only for the intent they were asked for', async () => {
    const { result, rerender } = renderPlaceOnce();
    act(() => result.current.runPreview());
    await waitFor(() => expect(result.current.previewShown).toBeDefined());
    placeReply = { error: NETWORK };
    await act(() => result.current.submit());
    await waitFor(() => expect(result.current.error).toBeTruthy());
    rerender({ ...DRAFT, quantity: '8' });
    expect(result.current.previewShown).toBeUndefined();
    expect(result.current.error).toBeNull();
  });

  it('invalidates the open orders and the order history after a placement', async () => {
    const client = new QueryClient();
    client.setQueryData(['api.ordersOpen', { account_id: 'A1' }], []);
    client.setQueryData(['api.ordersHistory', { account_id: 'A1' }], []);
    client.setQueryData(['api.positions', { account_id: 'A1' }], []);
    const { result } = renderPlaceOnce(client);
    const stale = (k: string) => client.getQueryState([k, { account_id: 'A1' }])?.isInvalidated;
    expect(stale('api.ordersOpen')).toBe(false);
    await act(() => result.current.submit());
    await waitFor(() => expect(stale('api.ordersOpen')).toBe(true));
    expect(stale('api.ordersHistory')).toBe(true);
    expect(stale('api.positions')).toBe(false);
  });
});
