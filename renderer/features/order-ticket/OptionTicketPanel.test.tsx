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
// The chain comes from the list-option-contracts operation (two pages) and the option snapshot.
const contracts = ['185', '190', '195'].map((k) => ({
  symbol: `AAPL${k}`,
  underlying_symbol: 'AAPL',
  root_symbol: 'AAPL',
  option_type: 'CALL',
  strike_price: k,
  expiration_date: expiry,
  status: 'LISTING',
}));
const quotes = contracts.map((c) => ({
  symbol: c.symbol,
  bid: '1.20',
  ask: '1.30',
  implied_volatility: '0.25',
  delta: '0.5',
}));
const sandboxEnv = { id: 'sandbox', kind: 'sandbox', name: 'Sandbox' };
let environment: Record<string, unknown> = sandboxEnv;

let calls: Array<{ op: string; input: unknown }> = [];
let confirmOrders = false;
let releasePlace: (() => void) | undefined;

beforeEach(() => {
  calls = [];
  environment = sandboxEnv;
  confirmOrders = false;
  window.bullpen = {
    invoke: (op: string, input?: unknown) => {
      calls.push({ op, input });
      const value = (() => {
        switch (op) {
          case 'api.accountList':
            return [{ account_id: 'A1', account_type: 'MARGIN', account_number: '55551234' }];
          case 'api.optionContracts':
            return (input as { pagination_key?: string }).pagination_key === 'p2'
              ? { data: contracts.slice(2) }
              : { data: contracts.slice(0, 2), pagination_key: 'p2' };
          case 'api.snapshot':
            return [{ symbol: 'AAPL', price: '190.10' }];
          case 'api.optionSnapshot':
            return quotes.filter((q) => (input as { symbols: string[] }).symbols.includes(q.symbol));
          case 'environments.list':
            return { environments: [environment], activeId: environment.id };
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

  it('builds its strikes from the contracts list, every page, with quotes from the option snapshot', async () => {
    renderTicket();
    const strike = await screen.findByRole('combobox', { name: 'Strike' }, { timeout: 10_000 });
    await waitFor(() => expect(strike.querySelectorAll('option')).toHaveLength(4), { timeout: 10_000 });
    await waitFor(() => expect(strike.textContent).toContain('195 · bid 1.20 / ask 1.30 · IV 25.0%'));
    expect(calls.filter((c) => c.op === 'api.optionContracts')).toHaveLength(2);
    expect(calls.some((c) => c.op === 'api.optionChain')).toBe(false);
  });

  it('under the real rules: no Market type, a sell is Day only, and the order says open or close', async () => {
    environment = { id: 'region-us', kind: 'custom', name: 'Webull US (production)' };
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    const type = screen.getByRole('combobox', { name: 'Order type' });
    expect([...type.querySelectorAll('option')].map((o) => o.value)).not.toContain('MARKET');
    const tif = screen.getByRole('combobox', { name: 'Time in force' });
    await user.selectOptions(tif, 'GTC');
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    expect(tif).toHaveProperty('value', 'DAY');
    expect(screen.getByRole('option', { name: 'Good till cancelled' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('radio', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Place' }));
    await waitFor(() => expect(calls.some((c) => c.op === 'api.optionOrderPlace')).toBe(true));
    const order = (
      calls.find((c) => c.op === 'api.optionOrderPlace')?.input as { new_orders: Record<string, unknown>[] }
    ).new_orders[0];
    expect(order).toMatchObject({ side: 'SELL', time_in_force: 'DAY', position_intent: 'SELL_TO_CLOSE' });
  });

  it('on the Sandbox (the interface text rules) offers Market and GTC sells and sends no position intent', async () => {
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    await waitFor(() => expect(calls.some((c) => c.op === 'environments.list')).toBe(true));
    const type = screen.getByRole('combobox', { name: 'Order type' });
    await waitFor(() => expect([...type.querySelectorAll('option')].map((o) => o.value)).toContain('MARKET'));
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time in force' }), 'GTC');
    expect(screen.queryByRole('radio', { name: 'Close' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place' }));
    await waitFor(() => expect(calls.some((c) => c.op === 'api.optionOrderPlace')).toBe(true));
    const order = (
      calls.find((c) => c.op === 'api.optionOrderPlace')?.input as { new_orders: Record<string, unknown>[] }
    ).new_orders[0];
    expect(order).toMatchObject({ side: 'SELL', time_in_force: 'GTC' });
    expect(order).not.toHaveProperty('position_intent');
  });
});
