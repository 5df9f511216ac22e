// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app-types';
import { useQuoteStore } from '../quotes/quote-store';

/**
 * Arming and firing in a window: nothing while disarmed or typing, one order a keypress when armed
 * (auto-repeat and a held key place nothing more), through the bridge as a ticket's order goes.
 */
const bridge = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('../../lib/bridge', async (original) => ({
  ...(await original<typeof import('../../lib/bridge')>()),
  invoke: bridge.invoke,
  invokeWith: (op: string, input: unknown) => bridge.invoke(op, input),
  subscribe: () => () => undefined,
}));
const { HotkeysToggle, useTradingHotkeys } = await import('./index');
const { useHotkeyArming } = await import('./hotkey-store');

const symbolNow = () => 'AAPL';
function Window() {
  useTradingHotkeys(symbolNow);
  return (
    <>
      <HotkeysToggle />
      <input aria-label="Notes" />
    </>
  );
}

let placed: unknown[] = [];
beforeEach(() => {
  placed = [];
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
