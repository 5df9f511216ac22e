// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../shared/ipc/app-types';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import { apiQuery } from '../../lib/queries';
import { useTradeEvents } from './use-trade-events';

/**
 * The renderer's half of "no trade event lost or shown twice": a window re-reads orders, positions
 * and balances when the events link comes back (events sent meanwhile are not replayed), and one
 * order state raises one notice however often it is delivered. Main's half: test/faults/events-drop.
 */
function fakeBridge() {
  const calls: string[] = [];
  const listeners: Record<string, Array<(d: unknown) => void>> = {};
  window.bullpen = {
    invoke(op) {
      calls.push(op);
      return Promise.resolve({ ok: true, value: op === 'notify.show' ? { shown: true } : [] });
    },
    subscribe(stream, _params, onData) {
      (listeners[stream] ??= []).push(onData);
      return () => undefined;
    },
  };
  const emit = (stream: string, data: unknown) =>
    act(() => {
      for (const l of listeners[stream] ?? []) l(data);
    });
  return { calls, emit, count: (op: string) => calls.filter((c) => c === op).length };
}

function Harness() {
  useTradeEvents();
  useQuery(apiQuery('api.ordersOpen', { account_id: 'A1', page_size: 100 }));
  useQuery(apiQuery('api.ordersHistory', { account_id: 'A1', page_size: 100 }));
  useQuery(apiQuery('api.positions', { account_id: 'A1' }));
  useQuery(apiQuery('api.balance', { account_id: 'A1' }));
  return null;
}

const link = (events: ConnectionStatus['events']): ConnectionStatus => ({
  environmentId: 'sandbox',
  api: 'live',
  quotes: 'live',
  events,
  staleSymbols: [],
});

const TRADING = ['api.ordersOpen', 'api.ordersHistory', 'api.positions', 'api.balance'];

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

describe('useTradeEvents', () => {
  it('re-reads every trading query once when the events link returns to live, not before', async () => {
    const bridge = fakeBridge();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Harness />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(TRADING.map(bridge.count)).toEqual([1, 1, 1, 1]));
    bridge.emit('connection', link('live'));
    bridge.emit('connection', link('reconnecting'));
    bridge.emit('connection', link('reconnecting'));
    await new Promise((r) => setTimeout(r, 50));
    expect(TRADING.map(bridge.count)).toEqual([1, 1, 1, 1]);

    bridge.emit('connection', link('live'));
    await waitFor(() => expect(TRADING.map(bridge.count)).toEqual([2, 2, 2, 2]));
    // A repeated "live" (another link's change) is no second re-read.
    bridge.emit('connection', { ...link('live'), quotes: 'reconnecting' });
    await new Promise((r) => setTimeout(r, 50));
    expect(TRADING.map(bridge.count)).toEqual([2, 2, 2, 2]);
  });

  it('raises one notice per order state, however often the event is delivered', async () => {
    const bridge = fakeBridge();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Harness />
      </QueryClientProvider>,
    );
    const filled: OrderRecord = {
      client_order_id: 'c'.repeat(32),
      order_id: 'O1',
      account_id: 'A1',
      symbol: 'AAPL',
      instrument_type: 'EQUITY',
      side: 'BUY',
      order_type: 'MARKET',
      time_in_force: 'DAY',
      quantity: '3',
      filled_quantity: '3',
      avg_fill_price: '190.01',
      status: 'FILLED',
      place_time: 1,
      update_time: 2,
    };
    await waitFor(() => expect(TRADING.map(bridge.count)).toEqual([1, 1, 1, 1]));
    const event = { kind: 'order', environmentId: 'sandbox', accountId: 'A1', time: 2, payload: filled };
    bridge.emit('tradeEvents', event);
    bridge.emit('tradeEvents', event);
    await waitFor(() => expect(bridge.count('notify.show')).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(bridge.count('notify.show')).toBe(1);
    // Each delivery still re-reads (the lists are never patched from an event).
    await waitFor(() => expect(bridge.count('api.ordersOpen')).toBe(3));
  });
});
