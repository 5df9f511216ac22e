// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDockControl } from '../../app/workspace/dock-control';
import { stageStockOrder, useStagedStockOrder } from './index';

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
