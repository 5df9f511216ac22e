// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import { installFakeBridge } from '../../lib/fake-bridge';
import { renderPanel, TEST_ACCOUNTS } from '../../ui/panel-test-kit';
import { OrdersPanel } from './OrdersPanel';

const OPEN: OrderRecord = {
  client_order_id: 'b'.repeat(32),
  order_id: 'O7',
  account_id: 'A1',
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  side: 'BUY',
  order_type: 'LIMIT',
  time_in_force: 'DAY',
  quantity: '10',
  filled_quantity: '0',
  limit_price: '150.25',
  status: 'SUBMITTED',
  place_time: 1_763_478_000_000,
  update_time: 1_763_478_000_000,
};

function fakeBridge(open: OrderRecord[] = [OPEN]) {
  const { calls } = installFakeBridge((op) =>
    op === 'api.accountList'
      ? TEST_ACCOUNTS
      : op === 'api.ordersOpen'
        ? open
        : { client_order_id: OPEN.client_order_id, order_id: 'O7' },
  );
  return { sent: (op: string) => calls.filter((c) => c.op === op) };
}

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

const renderBlotter = () => renderPanel(OrdersPanel);

const bracket = (id: string, over: Partial<OrderRecord>): OrderRecord => ({
  ...OPEN,
  client_order_id: id.repeat(32),
  order_id: id,
  combo_order_id: 'G1',
  ...over,
});
const ENTRY = bracket('1', { combo_type: 'MASTER', limit_price: '190' });
const PROFIT = bracket('2', { combo_type: 'STOP_PROFIT', side: 'SELL', limit_price: '200' });
const LOSS = bracket('3', {
  combo_type: 'STOP_LOSS',
  side: 'SELL',
  order_type: 'STOP_LOSS',
  limit_price: undefined,
  stop_price: '180',
});

describe('orders blotter: an order by amount', () => {
  it('shows its dollars as its size until it fills, and offers Cancel but no Replace', async () => {
    fakeBridge([
      {
        ...OPEN,
        order_type: 'MARKET',
        limit_price: undefined,
        entrust_type: 'AMOUNT',
        total_cash_amount: '500.00',
        quantity: '0',
      },
    ]);
    renderBlotter();
    const row = (await screen.findByRole('button', { name: 'Cancel AAPL' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: '$500.00' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Replace AAPL' })).toBeNull();
  });
});

describe('orders blotter: a bracket as one row', () => {
  it('shows the group as one row whose disclosure button (keyboard) shows its orders', async () => {
    fakeBridge([LOSS, ENTRY, PROFIT]);
    const user = userEvent.setup();
    renderBlotter();
    const disclosure = await screen.findByRole('button', { name: 'Orders of AAPL bracket' });
    // A header row and the group's one row.
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    disclosure.focus();
    await user.keyboard('{Enter}');
    expect(disclosure.getAttribute('aria-expanded')).toBe('true');
    const rows = screen.getAllByRole('row').slice(2);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Entry: AAPL',
      'Take-profit: AAPL',
      'Stop-loss: AAPL',
    ]);
    for (const id of disclosure.getAttribute('aria-controls')?.split(' ') ?? [])
      expect(document.getElementById(id)).not.toBeNull();
    await user.keyboard(' ');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('cancels the group by its open entry: one cancel', async () => {
    const bridge = fakeBridge([ENTRY, PROFIT, LOSS]);
    const user = userEvent.setup();
    renderBlotter();
    await user.click(await screen.findByRole('button', { name: 'Cancel AAPL bracket' }));
    await waitFor(() => expect(bridge.sent('api.orderCancel')).toHaveLength(1));
    expect(bridge.sent('api.orderCancel')[0]?.input).toEqual({
      account_id: 'A1',
      client_order_id: ENTRY.client_order_id,
    });
  });

  it('replaces the group as one: the changed prices of its orders in one replacement', async () => {
    const bridge = fakeBridge([ENTRY, PROFIT, LOSS]);
    const user = userEvent.setup();
    renderBlotter();
    await user.click(await screen.findByRole('button', { name: 'Replace AAPL bracket' }));
    const form = screen.getByRole('form', { name: 'Replace AAPL bracket' });
    const profit = within(form).getByRole('textbox', { name: 'Take-profit limit' });
    const loss = within(form).getByRole('textbox', { name: 'Stop-loss stop' });
    await user.clear(loss);
    await user.type(loss, 'x');
    await user.click(within(form).getByRole('button', { name: 'Send replacement' }));
    expect(loss.getAttribute('aria-invalid')).toBe('true');
    expect(bridge.sent('api.orderReplace')).toEqual([]);
    await user.clear(loss);
    await user.type(loss, '182.5');
    await user.clear(profit);
    await user.type(profit, '205');
    await user.click(within(form).getByRole('button', { name: 'Send replacement' }));
    await waitFor(() => expect(bridge.sent('api.orderReplace')).toHaveLength(1));
    expect(bridge.sent('api.orderReplace')[0]?.input).toEqual({
      account_id: 'A1',
      modify_orders: [
        { client_order_id: PROFIT.client_order_id, limit_price: '205' },
        { client_order_id: LOSS.client_order_id, stop_price: '182.5' },
      ],
    });
  });
});

describe('orders blotter: replace form', () => {
  it('refuses a bad quantity or limit price at its field and sends nothing; a good one is sent', async () => {
    const bridge = fakeBridge();
    const user = userEvent.setup();
    renderBlotter();
    await user.click(await screen.findByRole('button', { name: /^Replace / }));
    const form = screen.getByRole('form', { name: /^Replace / });
    const quantity = within(form).getByRole('textbox', { name: 'Quantity' });
    const limit = within(form).getByRole('textbox', { name: 'Limit price' });
    await user.clear(quantity);
    await user.type(quantity, '-3');
    await user.clear(limit);
    await user.type(limit, '1,5');
    await user.click(within(form).getByRole('button', { name: 'Send replacement' }));
    for (const field of [quantity, limit]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const message = document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
      expect(message).toMatch(/\S/);
    }
    expect(bridge.sent('api.orderReplace')).toEqual([]);

    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.clear(limit);
    await user.type(limit, '149.5');
    await user.click(within(form).getByRole('button', { name: 'Send replacement' }));
    await waitFor(() => expect(bridge.sent('api.orderReplace')).toHaveLength(1));
    expect(bridge.sent('api.orderReplace')[0]?.input).toEqual({
      account_id: 'A1',
      modify_orders: [{ client_order_id: OPEN.client_order_id, quantity: '12', limit_price: '149.5' }],
    });
  });
});
