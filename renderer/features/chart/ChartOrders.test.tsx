// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import { BridgeError } from '../../lib/bridge';
import type { ChartController } from './chart-controller';
import type { ShownLine } from './order-drag';
import type { OrderLayerHandlers } from './order-layer';

/**
 * The orders layer's wiring, with the canvas part replaced (jsdom has no canvas): the lines it
 * hands the chart, the keyboard's stepper, a drag's drop sent as a replacement through the bridge,
 * and the line back at its old price with a message when main refuses.
 */
const bridge = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('../../lib/bridge', async (original) => ({
  ...(await original<typeof import('../../lib/bridge')>()),
  invoke: bridge.invoke,
  invokeWith: (op: string, input: unknown) => bridge.invoke(op, input),
  subscribe: () => () => undefined,
}));
const { ChartOrders } = await import('./ChartOrders');

const T = Date.parse('2026-11-18T15:30:00Z');
const resting: OrderRecord = {
  client_order_id: 'a'.repeat(32),
  order_id: '1',
  account_id: 'A1',
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  side: 'BUY',
  order_type: 'LIMIT',
  time_in_force: 'DAY',
  quantity: '10',
  filled_quantity: '0',
  limit_price: '180.00',
  status: 'SUBMITTED',
  place_time: T,
  update_time: T,
};

let drawn: ShownLine[][] = [];
let handlers: OrderLayerHandlers | undefined;
const ctrl = {
  orderLayer: (h: OrderLayerHandlers) => {
    handlers = h;
    return {
      setLines: (lines: ShownLine[]) => drawn.push(lines),
      setPosition: () => undefined,
      setFills: () => undefined,
    };
  },
} as unknown as ChartController;

let replaceReply: () => Promise<unknown> = () => Promise.resolve([]);
beforeEach(() => {
  drawn = [];
  handlers = undefined;
  bridge.invoke.mockReset();
  bridge.invoke.mockImplementation((op: string) => {
    if (op === 'api.accountList') return Promise.resolve([{ account_id: 'A1', account_type: 'MARGIN' }]);
    if (op === 'api.ordersOpen') return Promise.resolve([resting]);
    if (op === 'api.orderReplace') return replaceReply();
    return Promise.resolve([]);
  });
});
afterEach(cleanup);

function renderLayer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChartOrders ctrl={ctrl} instrument={{ symbol: 'AAPL', category: 'US_STOCK' }} bars={[]} />
    </QueryClientProvider>,
  );
}
const lastDrawn = () => drawn.at(-1)?.map((l) => [l.title, l.price]);
const replaces = () => bridge.invoke.mock.calls.filter(([op]) => op === 'api.orderReplace');

describe('orders on the chart', () => {
  it('draws the working order and moves it from the keyboard: arrows, then Enter replaces', async () => {
    renderLayer();
    const stepper = await screen.findByRole('spinbutton', { name: /^Buy 10 AAPL limit 180.00/ });
    expect(lastDrawn()).toEqual([['BUY 10 Limit', '180.00']]);
    fireEvent.keyDown(stepper, { key: 'ArrowUp' });
    fireEvent.keyDown(stepper, { key: 'ArrowUp' });
    expect(stepper.getAttribute('aria-valuetext')).toBe('180.02, not sent (was 180.00)');
    expect(lastDrawn()).toEqual([['BUY 10 Limit → 180.02', '180.02']]);
    expect(replaces()).toEqual([]);
    fireEvent.keyDown(stepper, { key: 'Enter' });
    await waitFor(() => expect(replaces()).toHaveLength(1));
    expect(replaces()[0]?.[1]).toEqual({
      account_id: 'A1',
      modify_orders: [{ client_order_id: resting.client_order_id, quantity: '10', limit_price: '180.02' }],
    });
  });

  it('Escape puts a stepped line back without sending anything', async () => {
    renderLayer();
    const stepper = await screen.findByRole('spinbutton', { name: /^Buy 10 AAPL/ });
    fireEvent.keyDown(stepper, { key: 'PageDown' });
    expect(lastDrawn()).toEqual([['BUY 10 Limit → 179.90', '179.90']]);
    fireEvent.keyDown(stepper, { key: 'Escape' });
    expect(lastDrawn()).toEqual([['BUY 10 Limit', '180.00']]);
    expect(replaces()).toEqual([]);
  });

  it('a refused drag puts the line back at its old price and says why', async () => {
    let refuse: (e: unknown) => void = () => undefined;
    replaceReply = () => new Promise((_, reject) => (refuse = reject));
    renderLayer();
    await screen.findByRole('spinbutton', { name: /^Buy 10 AAPL/ });
    const key = `${resting.client_order_id}:limit_price`;
    act(() => handlers?.onMove(key, '181.50'));
    act(() => handlers?.onDrop(key, '181.50'));
    await waitFor(() => expect(replaces()).toHaveLength(1));
    // On its way: the line shows the new price and says it is being sent.
    expect(lastDrawn()).toEqual([['BUY 10 Limit → sending 181.50', '181.50']]);
    await act(async () =>
      refuse(
        new BridgeError({ code: 'USER_DECLINED', message: 'You declined the replacement', retryable: false }),
      ),
    );
    expect(lastDrawn()).toEqual([['BUY 10 Limit', '180.00']]);
    expect(screen.getByRole('alert').textContent).toBe(
      'Buy 10 AAPL limit 180.00 was not moved to 181.50: You declined the replacement. The order stays at 180.00.',
    );
    replaceReply = () => Promise.resolve([]);
  });

  it("shows a fill's text in a tooltip while the pointer is over its marker, and not after", async () => {
    renderLayer();
    await screen.findByRole('spinbutton', { name: /^Buy 10 AAPL/ });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => handlers?.onFillHover?.({ lines: ['B 5 @ 180.00'], x: 100, y: 120, leftOfPointer: false }));
    expect(screen.getByRole('tooltip').textContent).toBe('B 5 @ 180.00');
    expect(screen.getByRole('tooltip').style.left).toBe('112px');
    // Near the right edge it opens to the pointer's left, inside the chart.
    act(() =>
      handlers?.onFillHover?.({
        lines: ['S 10 @ 211.80', 'S 10 @ 211.81'],
        x: 500,
        y: 120,
        leftOfPointer: true,
      }),
    );
    const tip = screen.getByRole('tooltip');
    expect([...tip.children].map((c) => c.textContent)).toEqual(['S 10 @ 211.80', 'S 10 @ 211.81']);
    expect([tip.style.left, tip.style.top, tip.style.transform]).toEqual([
      '488px',
      '132px',
      'translateX(-100%)',
    ]);
    act(() => handlers?.onFillHover?.(undefined));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
