// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app-types';
import { useQuoteStore } from '../quotes/quote-store';

/**
 * Arming and firing in a window: nothing while disarmed or typing, one order a keypress when armed
 * (auto-repeat and a held key place nothing more), through the bridge as a ticket's order goes.
 */
const bridge = vi.hoisted(() => ({
  invoke: vi.fn(),
  listeners: new Map<string, Set<(data: unknown) => void>>(),
}));
vi.mock('../../lib/bridge', async (original) => ({
  ...(await original<typeof import('../../lib/bridge')>()),
  invoke: bridge.invoke,
  invokeWith: (op: string, input: unknown) => bridge.invoke(op, input),
  subscribe: (stream: string, _params: unknown, onData: (data: unknown) => void) => {
    const set = bridge.listeners.get(stream) ?? new Set();
    bridge.listeners.set(stream, set);
    set.add(onData);
    return () => set.delete(onData);
  },
}));
/** A trade event as main pushes it to the window. */
const push = (stream: string, data: unknown) => {
  for (const l of bridge.listeners.get(stream) ?? []) l(data);
};
const { HotkeysToggle, useTradingHotkeys } = await import('./index');
const { useHotkeyArming } = await import('./hotkey-store');

const symbolNow = () => 'AAPL';
function Window() {
  useTradingHotkeys(symbolNow);
  return (
    <>
      <HotkeysToggle />
      <input aria-label="Notes" />
      <Toaster />
    </>
  );
}

let placed: unknown[] = [];
let held = '0';
beforeEach(() => {
  placed = [];
  held = '0';
  bridge.listeners.clear();
  useHotkeyArming.getState().setArmed(false);
  useQuoteStore
    .getState()
    .applyBatch([{ symbol: 'AAPL', time: 1, bid: '190.09', ask: '190.11', price: '190.10' }]);
  bridge.invoke.mockReset();
  bridge.invoke.mockImplementation((op: string, input: unknown) => {
    if (op === 'settings.get') return Promise.resolve(DEFAULT_SETTINGS);
    if (op === 'api.orderPlace') {
      placed.push(input);
      return Promise.resolve([{ client_order_id: 'x', order_id: '1' }]);
    }
    if (op === 'api.positions')
      return Promise.resolve([
        { symbol: 'AAPL', instrument_type: 'EQUITY', quantity: held, cost_price: '180' },
      ]);
    if (op === 'api.instruments') return Promise.resolve([{ symbol: 'AAPL', shortable: true }]);
    return Promise.resolve([]);
  });
});
afterEach(cleanup);

async function renderWindow() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['api.accountList', {}], [{ account_id: 'A1', account_type: 'MARGIN' }]);
  render(
    <QueryClientProvider client={client}>
      <Window />
    </QueryClientProvider>,
  );
  const toggle = screen.getByRole('button', { name: /^Hotkeys (off|armed)$/ });
  await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
  return toggle;
}
const shiftB = { code: 'KeyB', key: 'B', shiftKey: true };

describe('trading hotkeys', () => {
  it('are off until armed in the window, and say so in the top bar', async () => {
    const toggle = await renderWindow();
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.textContent).toBe('Hotkeys off');
    fireEvent.keyDown(window, shiftB);
    fireEvent.keyUp(window, shiftB);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toBe('Hotkeys armed');
    // Nothing was placed while disarmed (the armed press below is the first order).
    fireEvent.keyDown(window, shiftB);
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]).toMatchObject({
      account_id: 'A1',
      new_orders: [
        { symbol: 'AAPL', side: 'BUY', order_type: 'LIMIT', limit_price: '190.11', quantity: '100' },
      ],
    });
  });

  it('one keypress places one order: auto-repeat and a held key place nothing more', async () => {
    const toggle = await renderWindow();
    fireEvent.click(toggle);
    fireEvent.keyDown(window, shiftB);
    fireEvent.keyDown(window, { ...shiftB, repeat: true });
    fireEvent.keyDown(window, { ...shiftB, repeat: true });
    fireEvent.keyDown(window, shiftB);
    fireEvent.keyUp(window, shiftB);
    fireEvent.keyDown(window, { code: 'KeyS', key: 'S', shiftKey: true });
    // The sell comes after the buy's presses: when it is placed, every press before it was handled.
    await waitFor(() => expect(placed).toHaveLength(2));
    expect(placed.map((p) => (p as { new_orders: Array<{ side: string }> }).new_orders[0]?.side)).toEqual([
      'BUY',
      'SELL',
    ]);
  });

  it('never fire while typing in a field', async () => {
    const toggle = await renderWindow();
    fireEvent.click(toggle);
    const input = screen.getByRole('textbox', { name: 'Notes' });
    fireEvent.keyDown(input, shiftB);
    fireEvent.keyUp(input, shiftB);
    fireEvent.keyDown(window, { code: 'KeyS', key: 'S', shiftKey: true });
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]).toMatchObject({ new_orders: [{ side: 'SELL' }] });
    await act(async () => undefined);
  });
});

type Placed = { new_orders: Array<{ side: string; quantity: string; client_order_id: string }> };

describe('the reverse hotkey', () => {
  it('sells, waits for the fill on the trade events, then sells short; a press meanwhile sends nothing and says so', async () => {
    held = '10';
    const toggle = await renderWindow();
    fireEvent.click(toggle);
    const shiftR = { code: 'KeyR', key: 'R', shiftKey: true };
    fireEvent.keyDown(window, shiftR);
    fireEvent.keyUp(window, shiftR);
    await waitFor(() => expect(placed).toHaveLength(1));
    const sell = (placed[0] as Placed).new_orders[0];
    expect(sell).toMatchObject({ side: 'SELL', quantity: '10' });
    // A second press while the first order has not filled: nothing is placed, the trader is told.
    fireEvent.keyDown(window, shiftR);
    fireEvent.keyUp(window, shiftR);
    expect(await screen.findByText('Reverse already under way')).toBeTruthy();
    // Another order's fill is not this one's.
    const event = (over: Record<string, unknown>) => ({
      kind: 'order',
      accountId: 'A1',
      environmentId: 'sandbox',
      time: 1,
      payload: { client_order_id: sell?.client_order_id, symbol: 'AAPL', quantity: '10', ...over },
    });
    act(() =>
      push(
        'tradeEvents',
        event({ client_order_id: 'f'.repeat(32), status: 'FILLED', filled_quantity: '10' }),
      ),
    );
    act(() => push('tradeEvents', event({ status: 'PARTIAL_FILLED', filled_quantity: '4' })));
    expect(placed).toHaveLength(1);
    held = '0';
    act(() => push('tradeEvents', event({ status: 'FILLED', filled_quantity: '10' })));
    await waitFor(() => expect(placed).toHaveLength(2));
    expect((placed[1] as Placed).new_orders[0]).toMatchObject({ side: 'SHORT', quantity: '10' });
    expect(await screen.findByText('Reverse: Sell short 10 AAPL at market sent')).toBeTruthy();
  });
});
