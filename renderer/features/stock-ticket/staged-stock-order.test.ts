import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { provideShowPanel } from '../../lib/show-panel';
import { stageStockOrder, useStagedStockOrder } from './index';

beforeEach(() => useStagedStockOrder.setState({ staged: undefined, seq: 0 }));
afterEach(() => provideShowPanel(undefined));

describe('stageStockOrder', () => {
  const order = { symbol: 'MSFT', side: 'SHORT', orderType: 'LIMIT', limitPrice: '410.50' } as const;

  it('brings the stock ticket forward; the order is taken once', () => {
    const shown: string[] = [];
    provideShowPanel((panel) => shown.push(panel));
    stageStockOrder(order);
    expect(shown).toEqual(['stockTicket']);
    expect(useStagedStockOrder.getState().take()).toEqual(order);
    expect(useStagedStockOrder.getState().take()).toBeUndefined();
  });

  it('tells a repeated identical request apart', () => {
    provideShowPanel(() => undefined);
    stageStockOrder(order);
    stageStockOrder(order);
    expect(useStagedStockOrder.getState().seq).toBe(2);
  });
});
