// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
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

function fakeBridge() {
  const calls: Array<{ op: string; input: unknown }> = [];
  window.bullpen = {
    invoke(op, input) {
      calls.push({ op, input });
      const value =
        op === 'api.accountList'
          ? [{ account_id: 'A1', account_type: 'MARGIN', account_number: '0001' }]
          : op === 'api.ordersOpen'
            ? [OPEN]
            : { client_order_id: OPEN.client_order_id, order_id: 'O7' };
      return Promise.resolve({ ok: true, value });
    },
    subscribe: () => () => undefined,
  };
  return { sent: (op: string) => calls.filter((c) => c.op === op) };
}

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

describe('orders blotter: replace form', () => {
  it('refuses a bad quantity or limit price at its field and sends nothing; a good one is sent', async () => {
    const bridge = fakeBridge();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OrdersPanel
          instanceId="orders"
          settings={{}}
          updateSettings={() => undefined}
          instrument={undefined}
          setInstrument={() => undefined}
        />
      </QueryClientProvider>,
    );
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
