// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorShape } from '../../../shared/errors';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app-types';
import { OptionTicketPanel } from './OptionTicketPanel';
import { todayEt } from '../../lib/time';
import { useAccountStore } from '../account/account-store';
import { useStagedOrder } from './staged-order';
import { useQuoteStore } from '../quotes/quote-store';

const expiry = (() => {
  const [y, m, d] = todayEt().split('-').map(Number);
  return new Date(Date.UTC((y ?? 2026) + 1, (m ?? 1) - 1, d ?? 1)).toISOString().slice(0, 10);
})();
// The chain comes from the list-option-contracts operation (two pages) and the option snapshot.
const contracts = ['CALL', 'PUT'].flatMap((type) =>
  ['185', '190', '195'].map((k) => ({
    symbol: `AAPL${type}${k}`,
    underlying_symbol: 'AAPL',
    root_symbol: 'AAPL',
    option_type: type,
    strike_price: k,
    expiration_date: expiry,
    status: 'LISTING',
  })),
);
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
let placeReply: 'wait' | 'now' | { error: ApiErrorShape } = 'wait';
let positions: unknown[] = [];
let balance: Record<string, unknown> = {};
let accounts = [{ account_id: 'A1', account_type: 'MARGIN', account_number: '55551234' }];

type NewOrderInput = {
  new_orders: Array<{ client_order_id: string; quantity: string; limit_price?: string; side: string }>;
};
/** The sandbox's preview: a buy's cost positive, a sell's credit negative; buying power after floored at 0. */
function previewOf(input: NewOrderInput) {
  const o = input.new_orders[0];
  const qty = Number(o?.quantity ?? 0);
  const cost = qty * Number(o?.limit_price ?? '1.30') * 100 * (o?.side === 'SELL' ? -1 : 1);
  return [
    {
      client_order_id: o?.client_order_id,
      estimated_cost: cost.toFixed(2),
      estimated_commission: (qty * 0.65).toFixed(2),
      estimated_fees: '0.00',
      buying_power_after: Math.max(0, 76000 - Math.max(0, cost)).toFixed(2),
      currency: 'USD',
      warnings: [],
    },
  ];
}

beforeEach(() => {
  calls = [];
  environment = sandboxEnv;
  confirmOrders = false;
  placeReply = 'wait';
  positions = [];
  balance = {
    account_id: 'A1',
    total_asset_currency: 'USD',
    total_asset: '100000.00',
    total_cash: '100000.00',
    total_market_value: '0.00',
    buying_power: '152000.00',
    option_buying_power: '76000.00',
  };
  accounts = [{ account_id: 'A1', account_type: 'MARGIN', account_number: '55551234' }];
  window.bullpen = {
    invoke: (op: string, input?: unknown) => {
      calls.push({ op, input });
      const value = (() => {
        switch (op) {
          case 'api.accountList':
            return accounts;
          case 'api.positions':
            return positions;
          case 'api.balance':
            return balance;
          case 'api.optionOrderPreview':
            return previewOf(input as NewOrderInput);
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
        if (typeof placeReply === 'object') return Promise.resolve({ ok: false, error: placeReply.error });
        if (placeReply === 'now')
          return Promise.resolve({ ok: true, value: [{ client_order_id: id, order_id: 'o1' }] });
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

  const figure = (region: HTMLElement, term: string) => {
    const dt = within(region).getByText(term, { selector: 'dt' });
    return dt.nextElementSibling?.textContent;
  };

  it('shows the preview of the order on screen only: a change of side, quantity or price hides it', async () => {
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByLabelText('Preview');
    expect(figure(preview, 'Estimated amount')).toBe('$250.00 debit');
    await user.clear(screen.getByRole('textbox', { name: 'Quantity (contracts)' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity (contracts)' }), '3');
    expect(screen.queryByLabelText('Preview')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(figure(await screen.findByLabelText('Preview'), 'Estimated amount')).toBe('$375.00 debit');
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    expect(screen.queryByLabelText('Preview')).toBeNull();
  });

  it('writes the estimate and the preview the same way: $, separators, a debit named', async () => {
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    await user.clear(screen.getByRole('textbox', { name: 'Quantity (contracts)' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity (contracts)' }), '20');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByLabelText('Preview');
    const contract = screen.getByRole('region', { name: 'Contract' });
    expect(figure(contract, 'Estimated amount')).toBe('$2,500.00 debit');
    expect(figure(preview, 'Estimated amount')).toBe('$2,500.00 debit');
    expect(figure(preview, 'Commission')).toBe('$13.00');
    expect(figure(preview, 'Buying power after')).toBe('$73,500.00');
  });

  it('refuses an order beyond the buying power at the ticket, with Place disabled', async () => {
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    const qty = screen.getByRole('textbox', { name: 'Quantity (contracts)' });
    await user.clear(qty);
    await user.type(qty, '100000');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByLabelText('Preview');
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(qty.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Not enough buying power: this order needs $12,565,000.00; the option buying power is $76,000.00.',
    );
    expect(screen.getByRole('button', { name: 'Place' })).toHaveProperty('disabled', true);
  });

  it('selling held long puts to close shows no new risk and the realized P&L', async () => {
    positions = [
      {
        instrument_id: 'p1',
        symbol: `AAPL${expiry.slice(2).replaceAll('-', '')}P00190000`,
        instrument_type: 'OPTION',
        quantity: '5',
        cost_price: '1.1000',
      },
    ];
    const user = userEvent.setup();
    renderTicket();
    await waitFor(() => expect(calls.some((c) => c.op === 'api.positions')).toBe(true));
    await user.click(await screen.findByRole('radio', { name: 'Put' }));
    await fillLimitCall(user);
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    await user.clear(screen.getByRole('textbox', { name: 'Quantity (contracts)' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity (contracts)' }), '5');
    const contract = screen.getByRole('region', { name: 'Contract' });
    await waitFor(() => expect(figure(contract, 'Position')).toBe('Closes 5 of 5 held (long)'));
    expect(figure(contract, 'Estimated amount')).toBe('$625.00 credit');
    expect(figure(contract, 'Realized P&L (est.)')).toBe('+$75.00');
    expect(figure(contract, 'Max loss')).toBe('None: it only closes held contracts');
    expect(screen.queryByRole('img', { name: /Payoff at expiry/ })).toBeNull();
    // Selling two more than held opens two short: their risk, and only theirs, is shown.
    await user.clear(screen.getByRole('textbox', { name: 'Quantity (contracts)' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity (contracts)' }), '7');
    expect(figure(contract, 'Position')).toBe('Closes 5 of 5 held (long), opens 2 short');
    expect(figure(contract, 'Max loss')).toBe('$37,750.00');
  });

  it('a protective stop on a held long call has no unlimited loss', async () => {
    positions = [
      {
        instrument_id: 'c1',
        symbol: 'AAPL',
        instrument_type: 'OPTION',
        quantity: '2',
        cost_price: '1.0000',
        underlying_symbol: 'AAPL',
        option_type: 'CALL',
        strike_price: '190.00',
        option_expire_date: expiry,
      },
    ];
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'STOP_LOSS');
    await user.type(screen.getByRole('textbox', { name: 'Stop price' }), '1.00');
    const contract = screen.getByRole('region', { name: 'Contract' });
    await waitFor(() => expect(figure(contract, 'Position')).toBe('Closes 2 of 2 held (long)'));
    expect(figure(contract, 'Max loss')).toBe('None: it only closes held contracts');
  });

  it('checks the tick before sending: at most two decimal places', async () => {
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    const limit = screen.getByRole('textbox', { name: 'Limit price' });
    await user.type(limit, '4');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    expect(document.getElementById(limit.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The limit price goes in cents: at most 2 decimal places.',
    );
    expect(calls.some((c) => c.op === 'api.optionOrderPlace')).toBe(false);
  });

  it('shows a server refusal at its field in words, and drops it once the field changes', async () => {
    placeReply = {
      error: {
        code: 'INVALID_PARAMETER',
        message: "Invalid parameter 'new_orders[0].limit_price': 1.25 is outside the price band",
        field: 'new_orders[0].limit_price',
        requestId: 'req-1',
        retryable: false,
      },
    };
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    await user.click(screen.getByRole('button', { name: 'Place' }));
    const limit = screen.getByRole('textbox', { name: 'Limit price' });
    await waitFor(() => expect(limit.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(limit.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Refused by the broker: 1.25 is outside the price band.',
    );
    await user.clear(limit);
    await user.type(limit, '1.2');
    expect(limit.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText(/price band/)).toBeNull();
  });

  it('one intent is one order: a click after the placement sends nothing until the ticket changes', async () => {
    placeReply = 'now';
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    await user.dblClick(screen.getByRole('button', { name: 'Place' }));
    await screen.findByText(/Order sent/);
    await user.click(screen.getByRole('button', { name: 'Place' }));
    expect(screen.getByRole('button', { name: 'Place' })).toHaveProperty('disabled', true);
    expect(calls.filter((c) => c.op === 'api.optionOrderPlace')).toHaveLength(1);
    await user.clear(screen.getByRole('textbox', { name: 'Quantity (contracts)' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity (contracts)' }), '3');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    await waitFor(() => expect(calls.filter((c) => c.op === 'api.optionOrderPlace')).toHaveLength(2));
    const ids = calls
      .filter((c) => c.op === 'api.optionOrderPlace')
      .map((c) => (c.input as NewOrderInput).new_orders[0]?.client_order_id);
    expect(new Set(ids).size).toBe(2);
  });

  it("names the account in the confirmation and says when the top bar's account moves the ticket", async () => {
    confirmOrders = true;
    accounts = [
      { account_id: 'A1', account_type: 'MARGIN', account_number: '55551234' },
      { account_id: 'A2', account_type: 'CASH', account_number: '55559876' },
    ];
    const user = userEvent.setup();
    renderTicket();
    await fillLimitCall(user);
    await waitFor(() => expect(calls.some((c) => c.op === 'settings.get')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Place' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(dialog.textContent).toContain('Account: Margin ·· 1234');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    act(() => useAccountStore.getState().choose('A2'));
    expect((await screen.findByRole('status')).textContent).toBe(
      "The ticket's account is now Cash ·· 9876 (was Margin ·· 1234).",
    );
    act(() => useAccountStore.setState({ accountId: undefined }));
  });

  it('fills the form from a staged closing order and sends nothing', async () => {
    renderTicket();
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: 'Expiry' })).toHaveProperty('value', expiry),
      { timeout: 10_000 },
    );
    act(() =>
      useStagedOrder.getState().stage({
        accountId: 'A1',
        underlying: 'AAPL',
        expiry,
        strike: '195',
        optionType: 'PUT',
        side: 'SELL',
        quantity: '5',
      }),
    );
    expect(screen.getByRole('radio', { name: 'Put' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Sell' })).toHaveProperty('checked', true);
    expect(screen.getByRole('combobox', { name: 'Strike' })).toHaveProperty('value', '195');
    expect(screen.getByRole('textbox', { name: 'Quantity (contracts)' })).toHaveProperty('value', '5');
    expect(calls.some((c) => c.op === 'api.optionOrderPlace')).toBe(false);
  });

  it('builds its strikes from the contracts list, every page, with quotes from the option snapshot', async () => {
    renderTicket();
    const strike = await screen.findByRole('combobox', { name: 'Strike' }, { timeout: 10_000 });
    await waitFor(() => expect(strike.querySelectorAll('option')).toHaveLength(4), { timeout: 10_000 });
    await waitFor(() => expect(strike.textContent).toContain('195 · bid 1.20 / ask 1.30 · IV 25.0%'));
    expect(calls.filter((c) => c.op === 'api.optionContracts')).toHaveLength(2);
    expect(calls.some((c) => c.op === 'api.optionChain')).toBe(false);
  });

  it('shows the spot the other panels show: the streamed quote once there is one, the snapshot before', async () => {
    useQuoteStore.getState().reset();
    renderTicket();
    expect(await screen.findByText('AAPL 190.10', {}, { timeout: 10_000 })).toBeTruthy();
    act(() => useQuoteStore.getState().applyBatch([{ symbol: 'AAPL', time: Date.now(), price: '190.37' }]));
    expect(await screen.findByText('AAPL 190.37')).toBeTruthy();
    useQuoteStore.getState().reset();
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
