// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PanelId } from '../../../shared/ui/panels';
import { provideShowPanel } from '../../lib/show-panel';
import type { LinkedInstrument } from '../../ui/panel-types';
import { stageStockOrder, useStagedStockOrder } from './index';
import { StockTicketPanel } from './StockTicketPanel';

beforeEach(() => useStagedStockOrder.setState({ staged: undefined, target: undefined, seq: 0 }));
afterEach(() => {
  cleanup();
  provideShowPanel(undefined);
});

describe('stageStockOrder', () => {
  const order = { symbol: 'MSFT', side: 'SHORT', orderType: 'LIMIT', limitPrice: '410.50' } as const;

  it('brings a stock ticket forward through the shell, and the ticket takes the order once', () => {
    const shown: PanelId[] = [];
    provideShowPanel((panel) => shown.push(panel));
    stageStockOrder(order);
    expect(shown).toEqual(['stockTicket']);
    expect(useStagedStockOrder.getState().take('stockTicket-2')).toEqual(order);
    expect(useStagedStockOrder.getState().take('stockTicket-2')).toBeUndefined();
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
