// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorShape } from '../../../shared/errors';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app-types';
import type { LinkedInstrument } from '../../ui/panel-types';
import { useAccountStore } from '../account/account-store';
import { useQuoteStore } from '../quotes/quote-store';
import { useStagedStockOrder } from './staged-stock-order';
import { StockTicketPanel } from './StockTicketPanel';

/** A regular session's morning on the market clock main reports (the rules read the session from it). */
const REGULAR_HOURS = Date.parse('2026-11-18T15:30:00Z');

type Sent = { account_id: string; new_orders: Array<Record<string, string>> };
let calls: Array<{ op: string; input: unknown }> = [];
let confirmOrders = false;
let placeReply: 'wait' | 'now' | { error: ApiErrorShape } = 'now';
let releasePlace: (() => void) | undefined;
let positions: unknown[] = [];
let accounts = [{ account_id: 'A1', account_type: 'MARGIN', account_number: '55551234' }];
let shortable = true;
let defaultQuantity = '1';
let overnightQuotes = false;
let environmentKind = 'sandbox';

function previewOf(input: Sent) {
  const o = input.new_orders[0] ?? {};
  const cost = Number(o.quantity ?? 0) * Number(o.limit_price ?? '190.20') * (o.side === 'BUY' ? 1 : -1);
  return [
    {
      client_order_id: o.client_order_id,
      estimated_cost: cost.toFixed(2),
      estimated_commission: '0.00',
      buying_power_after: Math.max(0, 152000 - Math.max(0, cost)).toFixed(2),
      currency: 'USD',
    },
  ];
}

beforeEach(() => {
  calls = [];
  confirmOrders = false;
  placeReply = 'now';
  positions = [];
  shortable = true;
  defaultQuantity = '1';
  overnightQuotes = false;
  environmentKind = 'sandbox';
  accounts = [{ account_id: 'A1', account_type: 'MARGIN', account_number: '55551234' }];
  useQuoteStore.getState().reset();
  useStagedStockOrder.setState({ staged: undefined, seq: 0 });
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
            return {
              account_id: 'A1',
              total_asset_currency: 'USD',
              buying_power: '152000.00',
              total_cash: '100000.00',
            };
          case 'api.snapshot':
            return [
              {
                symbol: 'AAPL',
                price: '190.15',
                bid: '190.10',
                ask: '190.20',
                ...((input as { overnight_required?: boolean }).overnight_required && overnightQuotes
                  ? { ovn_price: '190.30', ovn_trade_time: REGULAR_HOURS }
                  : {}),
              },
            ];
          case 'api.instruments':
            return [
              {
                symbol: 'AAPL',
                instrument_id: '1',
                name: 'Apple',
                exchange: 'NSQ',
                currency: 'USD',
                status: 'OC',
                shortable,
              },
            ];
          case 'api.orderPreview':
            return previewOf(input as Sent);
          case 'environments.list':
            return {
              environments: [
                { id: 'env', kind: environmentKind, name: 'Env', apiBaseUrl: 'http://127.0.0.1:1' },
              ],
              activeId: 'env',
            };
          case 'settings.get':
            return { ...DEFAULT_SETTINGS, confirmOrders, defaultQuantity };
          default:
            return undefined;
        }
      })();
      if (op === 'api.orderPlace') {
        const ids = (input as Sent).new_orders.map((o) => ({
          client_order_id: o.client_order_id,
          order_id: 'o1',
        }));
        if (typeof placeReply === 'object') return Promise.resolve({ ok: false, error: placeReply.error });
        if (placeReply === 'now') return Promise.resolve({ ok: true, value: ids });
        return new Promise((resolve) => {
          releasePlace = () => resolve({ ok: true, value: ids });
        });
      }
      return Promise.resolve({ ok: true, value });
    },
    subscribe: (stream: string, _params: unknown, onData: (d: unknown) => void) => {
      if (stream === 'connection')
        onData({ marketClock: { mode: 'pinned', marketAt: REGULAR_HOURS, wallAt: Date.now() } });
      return () => undefined;
    },
  } as never;
});
afterEach(() => {
  cleanup();
  delete window.bullpen;
  act(() => useAccountStore.setState({ accountId: undefined }));
});

function renderTicket(onInstrument?: (next: LinkedInstrument) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <StockTicketPanel
        instanceId="stockTicket"
        settings={{}}
        updateSettings={() => undefined}
        instrument={{ symbol: 'AAPL', category: 'US_STOCK' }}
        setInstrument={onInstrument ?? (() => undefined)}
      />
    </QueryClientProvider>,
  );
}

const places = () => calls.filter((c) => c.op === 'api.orderPlace').map((c) => c.input as Sent);
const describedBy = (el: HTMLElement) =>
  document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;

async function ready() {
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Account' })).toHaveProperty('value', 'A1'),
  );
  await waitFor(() => expect(screen.getByLabelText('Market').textContent).toContain('190.20'));
}

describe('stock ticket', () => {
  it('buys 10 AAPL at a limit: one order on the unified endpoint, in the regular session', async () => {
    const user = userEvent.setup();
    renderTicket();
    await ready();
    const qty = screen.getByRole('textbox', { name: 'Quantity (shares)' });
    await user.clear(qty);
    await user.type(qty, '10');
    await user.type(screen.getByRole('textbox', { name: 'Limit price' }), '190.00');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    await screen.findByText(/^Order sent:/);
    expect(places()).toHaveLength(1);
    const [order] = places()[0]?.new_orders ?? [];
    expect(order).toMatchObject({
      symbol: 'AAPL',
      instrument_type: 'EQUITY',
      side: 'BUY',
      order_type: 'LIMIT',
      limit_price: '190',
      quantity: '10',
      time_in_force: 'DAY',
      support_trading_session: 'CORE',
      combo_type: 'NORMAL',
    });
    expect(order?.client_order_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows a rule broken at its field, described by the message, and sends nothing', async () => {
    const user = userEvent.setup();
    renderTicket();
    await ready();
    await user.type(screen.getByRole('textbox', { name: 'Limit price' }), '190.005');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    const limit = screen.getByRole('textbox', { name: 'Limit price' });
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(limit)).toBe(
      'The limit price goes in cents at $1.00 and above: at most 2 decimal places.',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'STOP_LOSS');
    await user.type(screen.getByRole('textbox', { name: 'Stop price' }), '189');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    expect(describedBy(screen.getByRole('textbox', { name: 'Stop price' }))).toBe(
      'A buy stop must be above the ask (190.20).',
    );
    expect(places()).toHaveLength(0);
  });

  it('refuses a short sale of a stock with none to borrow at the side', async () => {
    shortable = false;
    const user = userEvent.setup();
    renderTicket();
    await ready();
    await user.click(screen.getByRole('radio', { name: 'Sell short' }));
    await user.type(screen.getByRole('textbox', { name: 'Limit price' }), '190.50');
    await waitFor(() => expect(calls.some((c) => c.op === 'api.instruments')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Place' }));
    expect(describedBy(screen.getByRole('radio', { name: 'Sell short' }))).toBe(
      'AAPL cannot be sold short now (none to borrow).',
    );
    expect(places()).toHaveLength(0);
  });

  it('sells short a shortable stock: side SHORT, and the confirmation says so and names the account', async () => {
    confirmOrders = true;
    const user = userEvent.setup();
    renderTicket();
    await ready();
    await user.click(screen.getByRole('radio', { name: 'Sell short' }));
    await user.type(screen.getByRole('textbox', { name: 'Limit price' }), '190.50');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(dialog.textContent).toMatch(
      /Sell short 1 share of AAPL at a limit of 190.50, good for the day, regular session only: about \$190.50 received, less commission. Account: .*1234/,
    );
    expect(places()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send order' }));
    await waitFor(() => expect(places()).toHaveLength(1));
    expect(places()[0]?.new_orders[0]).toMatchObject({ side: 'SHORT', limit_price: '190.5' });
  });

  it('a double click on Place, and a click while it is pending, send one order', async () => {
    placeReply = 'wait';
    const user = userEvent.setup();
    renderTicket();
    await ready();
    await user.type(screen.getByRole('textbox', { name: 'Limit price' }), '190.00');
    await user.dblClick(screen.getByRole('button', { name: 'Place' }));
    await user.click(screen.getByRole('button', { name: 'Place' }));
    expect(places()).toHaveLength(1);
    act(() => releasePlace?.());
    await screen.findByText(/change the ticket to place another/);
    await user.click(screen.getByRole('button', { name: 'Place' }));
    expect(places()).toHaveLength(1);
  });

  it('a failed place retried sends the same client order id; a changed order gets a new one', async () => {
    placeReply = { error: { code: 'NETWORK', message: 'socket hang up' } as ApiErrorShape };
    const user = userEvent.setup();
    renderTicket();
    await ready();
    await user.type(screen.getByRole('textbox', { name: 'Limit price' }), '190.00');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    await waitFor(() => expect(places()).toHaveLength(2));
    const id = (n: number) => places()[n]?.new_orders[0]?.client_order_id;
    expect(id(1)).toBe(id(0));
    await user.clear(screen.getByRole('textbox', { name: 'Limit price' }));
    await user.type(screen.getByRole('textbox', { name: 'Limit price' }), '189.99');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    await waitFor(() => expect(places()).toHaveLength(3));
    expect(id(2)).not.toBe(id(0));
  });

  it('shows a server refusal at the field it names', async () => {
    placeReply = {
      error: {
        code: 'INVALID_PARAMETER',
        message: "Invalid parameter 'new_orders[0].limit_price': price is outside the daily band",
        field: 'new_orders[0].limit_price',
      } as ApiErrorShape,
    };
    const user = userEvent.setup();
    renderTicket();
    await ready();
    await user.type(screen.getByRole('textbox', { name: 'Limit price' }), '190.00');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    await waitFor(() =>
      expect(describedBy(screen.getByRole('textbox', { name: 'Limit price' }))).toBe(
        'Refused by the broker: Price is outside the daily band.',
      ),
    );
  });

  it('shows the preview of the order on screen, and drops it when the order changes', async () => {
    const user = userEvent.setup();
    renderTicket();
    await ready();
    await user.type(screen.getByRole('textbox', { name: 'Limit price' }), '190.00');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByLabelText('Preview');
    expect(preview.textContent).toContain('$190.00 debit');
    await user.type(screen.getByRole('textbox', { name: 'Quantity (shares)' }), '0');
    expect(screen.queryByLabelText('Preview')).toBeNull();
  });

  it('starts at the default quantity from Settings', async () => {
    defaultQuantity = '25';
    renderTicket();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Quantity (shares)' })).toHaveProperty('value', '25'),
    );
  });

  it('takes a staged order: fills the form, shows the staged symbol, sends nothing', async () => {
    let instrument: LinkedInstrument | undefined;
    renderTicket((next) => {
      instrument = next;
    });
    await ready();
    act(() =>
      useStagedStockOrder.getState().stage({
        symbol: 'MSFT',
        side: 'SHORT',
        orderType: 'STOP_LOSS_LIMIT',
        limitPrice: '401',
        stopPrice: '402',
        quantity: '7',
      }),
    );
    expect(instrument).toEqual({ symbol: 'MSFT', category: 'US_STOCK' });
    expect(screen.getByRole('radio', { name: 'Sell short' })).toHaveProperty('checked', true);
    expect(screen.getByRole('combobox', { name: 'Order type' })).toHaveProperty('value', 'STOP_LOSS_LIMIT');
    expect(screen.getByRole('textbox', { name: 'Limit price' })).toHaveProperty('value', '401');
    expect(screen.getByRole('textbox', { name: 'Stop price' })).toHaveProperty('value', '402');
    expect(screen.getByRole('textbox', { name: 'Quantity (shares)' })).toHaveProperty('value', '7');
    expect(calls.some((c) => c.op === 'api.orderPlace' || c.op === 'api.orderPreview')).toBe(false);
  });

  it('attaches bracket exits to the entry: one placement, MASTER with its take-profit and stop-loss', async () => {
    const user = userEvent.setup();
    renderTicket();
    await ready();
    const qty = screen.getByRole('textbox', { name: 'Quantity (shares)' });
    await user.clear(qty);
    await user.type(qty, '10');
    await user.type(screen.getByRole('textbox', { name: 'Limit price' }), '190.00');
    await user.click(screen.getByRole('checkbox', { name: 'Bracket exits' }));
    await user.type(screen.getByRole('textbox', { name: 'Take-profit (limit)' }), '185');
    await user.type(screen.getByRole('textbox', { name: 'Stop-loss (stop)' }), '180');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    expect(describedBy(screen.getByRole('textbox', { name: 'Take-profit (limit)' }))).toBe(
      'The take-profit must be above the entry (190).',
    );
    expect(places()).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: 'Take-profit (limit)' }));
    await user.type(screen.getByRole('textbox', { name: 'Take-profit (limit)' }), '200');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    await waitFor(() => expect(places()).toHaveLength(1));
    expect(places()[0]?.new_orders.map((o) => [o.combo_type, o.side, o.order_type])).toEqual([
      ['MASTER', 'BUY', 'LIMIT'],
      ['STOP_PROFIT', 'SELL', 'LIMIT'],
      ['STOP_LOSS', 'SELL', 'STOP_LOSS'],
    ]);
  });

  it('offers the overnight sessions only where the symbol is quoted overnight', async () => {
    const { unmount } = renderTicket();
    await ready();
    const options = () =>
      [...screen.getByRole('combobox', { name: 'Session' }).querySelectorAll('option')].map((o) => o.value);
    await waitFor(() =>
      expect(calls.some((c) => (c.input as { overnight_required?: boolean })?.overnight_required)).toBe(true),
    );
    expect(options()).toEqual(['CORE', 'ALL']);
    unmount();
    overnightQuotes = true;
    renderTicket();
    await ready();
    await waitFor(() => expect(options()).toEqual(['CORE', 'ALL', 'NIGHT', 'ALL_DAY']));
  });

  it('offers sizing in dollars where the environment takes fractions, and sends the amount as AMOUNT', async () => {
    environmentKind = 'custom';
    const { unmount } = renderTicket();
    await ready();
    expect(screen.queryByRole('radio', { name: 'Dollars' })).toBeNull();
    unmount();
    environmentKind = 'sandbox';
    confirmOrders = true;
    const user = userEvent.setup();
    renderTicket();
    await ready();
    await user.click(await screen.findByRole('radio', { name: 'Dollars' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'MARKET');
    await user.type(screen.getByRole('textbox', { name: 'Amount ($)' }), '4');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    expect(places()).toHaveLength(0);
    expect(describedBy(screen.getByRole('textbox', { name: 'Amount ($)' }))).toBe(
      'A buy by amount is at least $5.00.',
    );
    await user.type(screen.getByRole('textbox', { name: 'Amount ($)' }), '50');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(dialog.textContent).toMatch(
      /Buy \$450\.00 of AAPL at market \(about [\d.]+ shares\), good for the day/,
    );
    await user.click(screen.getByRole('button', { name: 'Send order' }));
    await waitFor(() => expect(places()).toHaveLength(1));
    expect(places()[0]?.new_orders[0]).toMatchObject({
      order_type: 'MARKET',
      entrust_type: 'AMOUNT',
      total_cash_amount: '450.00',
    });
    expect(places()[0]?.new_orders[0]).not.toHaveProperty('quantity');
  });

  it('sells all of a fractional position by its quantity', async () => {
    positions = [{ symbol: 'AAPL', quantity: '2.65083' }];
    const user = userEvent.setup();
    renderTicket();
    await ready();
    expect(screen.queryByRole('button', { name: /Sell all/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    await user.click(await screen.findByRole('button', { name: 'Sell all (2.65083 shares)' }));
    expect((screen.getByRole('textbox', { name: 'Quantity (shares)' }) as HTMLInputElement).value).toBe(
      '2.65083',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'MARKET');
    await user.click(screen.getByRole('button', { name: 'Place' }));
    await waitFor(() => expect(places()).toHaveLength(1));
    expect(places()[0]?.new_orders[0]).toMatchObject({
      side: 'SELL',
      entrust_type: 'QTY',
      quantity: '2.65083',
    });
  });
});
