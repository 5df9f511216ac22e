// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDockControl } from '../../app/workspace/dock-control';
import type { LinkedInstrument } from '../../app/panels/panel-types';
import { stageStockOrder, useStagedStockOrder } from './index';
import { StockTicketPanel } from './StockTicketPanel';

/** A dock double with the two calls staging makes: find/activate a panel, or add one. */
function fakeDock(panels: Array<{ id: string; component: string }>) {
  const activated: string[] = [];
  const added: Array<{ id: string; component: string }> = [];
  const api = {
    panels: panels.map((p) => ({
      id: p.id,
      view: { contentComponent: p.component },
      api: { setActive: () => activated.push(p.id) },
    })),
    groups: [],
    addPanel: (p: { id: string; component: string }) => added.push(p),
  };
  return { api, activated, added };
}

beforeEach(() => useStagedStockOrder.setState({ staged: undefined, target: undefined, seq: 0 }));
afterEach(() => {
  cleanup();
  useDockControl.setState({ api: undefined });
});

describe('stageStockOrder', () => {
  const order = { symbol: 'MSFT', side: 'SHORT', orderType: 'LIMIT', limitPrice: '410.50' } as const;

  it('brings an open stock ticket forward, and only that ticket takes the order, once', () => {
    const dock = fakeDock([
      { id: 'chart', component: 'chart' },
      { id: 'stockTicket-2', component: 'stockTicket' },
    ]);
    useDockControl.setState({ api: dock.api as never });
    stageStockOrder(order);
    expect(dock.activated).toEqual(['stockTicket-2']);
    expect(dock.added).toEqual([]);
    expect(useStagedStockOrder.getState().take('stockTicket')).toBeUndefined();
    expect(useStagedStockOrder.getState().take('stockTicket-2')).toEqual(order);
    expect(useStagedStockOrder.getState().take('stockTicket-2')).toBeUndefined();
  });

  it('opens a stock ticket when the dock has none, and the new one takes the order', () => {
    const dock = fakeDock([{ id: 'chart', component: 'chart' }]);
    useDockControl.setState({ api: dock.api as never });
    stageStockOrder(order);
    expect(dock.added.map((p) => [p.id, p.component])).toEqual([['stockTicket', 'stockTicket']]);
    expect(useStagedStockOrder.getState().take('stockTicket')).toEqual(order);
  });
});

describe('the stock ticket takes a staged order', () => {
  it('fills its form, shows the staged symbol and sends nothing', () => {
    const calls: string[] = [];
    window.bullpen = {
      invoke: (op: string) => {
        calls.push(op);
        return Promise.resolve({ ok: true, value: undefined });
      },
    } as never;
    let instrument: LinkedInstrument | undefined = { symbol: 'AAPL', category: 'US_STOCK' };
    const view = () => (
      <StockTicketPanel
        instanceId="stockTicket"
        settings={{}}
        updateSettings={() => undefined}
        instrument={instrument}
        setInstrument={(next) => {
          instrument = next;
        }}
      />
    );
    const { rerender } = render(view());
    act(() =>
      useStagedStockOrder.getState().stage(
        {
          symbol: 'MSFT',
          side: 'SHORT',
          orderType: 'STOP_LOSS_LIMIT',
          limitPrice: '401',
          stopPrice: '402',
          quantity: '7',
        },
        'stockTicket',
      ),
    );
    expect(instrument).toEqual({ symbol: 'MSFT', category: 'US_STOCK' });
    rerender(view());
    expect(screen.getByRole('radio', { name: 'Sell short' })).toHaveProperty('checked', true);
    expect(screen.getByRole('combobox', { name: 'Order type' })).toHaveProperty('value', 'STOP_LOSS_LIMIT');
    expect(screen.getByRole('textbox', { name: 'Limit price' })).toHaveProperty('value', '401');
    expect(screen.getByRole('textbox', { name: 'Stop price' })).toHaveProperty('value', '402');
    expect(screen.getByRole('textbox', { name: 'Quantity (shares)' })).toHaveProperty('value', '7');
    expect(calls.filter((c) => c.includes('Order'))).toEqual([]);
  });
});
