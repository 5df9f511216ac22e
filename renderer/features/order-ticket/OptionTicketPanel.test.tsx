// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app-types';
import { OptionTicketPanel } from './OptionTicketPanel';
import { todayEt } from '../../lib/time';

const expiry = (() => {
  const [y, m, d] = todayEt().split('-').map(Number);
  return new Date(Date.UTC((y ?? 2026) + 1, (m ?? 1) - 1, d ?? 1)).toISOString().slice(0, 10);
})();
const chain = {
  underlying_symbol: 'AAPL',
  underlying_price: '190.10',
  expirations: [expiry],
  contracts: ['185', '190', '195'].map((k) => ({
    symbol: `AAPL${k}`,
    underlying_symbol: 'AAPL',
    option_type: 'CALL',
    strike_price: k,
    option_expire_date: expiry,
    bid: '1.20',
    ask: '1.30',
    implied_volatility: '0.25',
    delta: '0.5',
  })),
};

let calls: Array<{ op: string; input: unknown }> = [];
let confirmOrders = false;
let releasePlace: (() => void) | undefined;

beforeEach(() => {
  calls = [];
  confirmOrders = false;
  window.bullpen = {
    invoke: (op: string, input?: unknown) => {
      calls.push({ op, input });
      const value = (() => {
        switch (op) {
          case 'api.accountList':
            return [{ account_id: 'A1', account_type: 'MARGIN', account_number: '55551234' }];
          case 'api.optionChain':
            return chain;
          case 'api.optionSnapshot':
            return [];
          case 'settings.get':
            return { ...DEFAULT_SETTINGS, confirmOrders };
          default:
            return undefined;
        }
      })();
      if (op === 'api.optionOrderPlace') {
        const id = (input as { new_orders: { client_order_id: string }[] }).new_orders[0]?.client_order_id;
        return new Promise((resolve) => {
          releasePlace = () => resolve({ ok: true, value: [{ client_order_id: id, order_id: 'o1' }] });
        });
      }
      return Promise.resolve({ ok: true, value });
    },
    subscribe: () => () => undefined,
  };
});
afterEach(() => {
  cleanup();
  delete window.bullpen;
});

function renderTicket() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <OptionTicketPanel
        instanceId="t1"
        settings={{}}
        updateSettings={() => undefined}
        instrument={{ symbol: 'AAPL', category: 'US_STOCK' }}
        setInstrument={() => undefined}
      />
    </QueryClientProvider>,
  );
}

async function fillLimitCall(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(
    () => expect(screen.getByRole('combobox', { name: 'Expiry' })).toHaveProperty('value', expiry),
    { timeout: 10_000 },
  );
  await user.selectOptions(screen.getByRole('combobox', { name: 'Strike' }), '190');
  await user.type(screen.getByRole('textbox', { name: 'Limit price' }), '1.25');
  await user.clear(screen.getByRole('textbox', { name: 'Quantity (contracts)' }));
  await user.type(screen.getByRole('textbox', { name: 'Quantity (contracts)' }), '2');
}

describe('options ticket', () => {
  it('shows a rule broken at its field (aria-invalid, described by the message) and sends nothing', async () => {
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    await user.clear(screen.getByRole('textbox', { name: 'Limit price' }));
    await user.clear(screen.getByRole('textbox', { name: 'Quantity (contracts)' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity (contracts)' }), '1.5');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    const limit = screen.getByRole('textbox', { name: 'Limit price' });
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(limit.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a limit price.',
    );
    const qty = screen.getByRole('textbox', { name: 'Quantity (contracts)' });
    expect(document.getElementById(qty.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Options trade in whole contracts.',
    );
    expect(calls.some((c) => c.op === 'api.optionOrderPlace')).toBe(false);
  });

  it('shows only the price fields of the order type', async () => {
    const user = userEvent.setup();
    renderTicket();
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: 'Expiry' })).toHaveProperty('value', expiry),
      { timeout: 10_000 },
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'MARKET');
    expect(screen.queryByRole('textbox', { name: 'Limit price' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Stop price' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'STOP_LOSS_LIMIT');
    expect(screen.getByRole('textbox', { name: 'Limit price' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Stop price' })).toBeTruthy();
  });

  it('a double click on Place (and a click while pending) sends one order', async () => {
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    await user.dblClick(screen.getByRole('button', { name: 'Place' }));
    await user.click(screen.getByRole('button', { name: 'Place' }));
    const places = calls.filter((c) => c.op === 'api.optionOrderPlace');
    expect(places).toHaveLength(1);
    const order = (places[0]?.input as { new_orders: Record<string, unknown>[] }).new_orders[0];
    expect(order).toMatchObject({
      order_type: 'LIMIT',
      limit_price: '1.25',
      quantity: '2',
      option_strategy: 'SINGLE',
    });
    releasePlace?.();
    await screen.findByText(/Order sent/);
  });

  it('asks for confirmation in words when confirmations are on', async () => {
    confirmOrders = true;
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    await waitFor(() => expect(calls.some((c) => c.op === 'settings.get')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Place' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(dialog.textContent).toContain('Buy 2 AAPL');
    expect(dialog.textContent).toContain(
      '190 Call at a limit of 1.25, good for the day: about $250.00 plus commission',
    );
    expect(calls.some((c) => c.op === 'api.optionOrderPlace')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Send order' }));
    expect(calls.filter((c) => c.op === 'api.optionOrderPlace')).toHaveLength(1);
  });
});
