// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteDelta } from '../../../shared/ipc/streams';
import { installFakeBridge } from '../../lib/fake-bridge';
import { useQuoteStore } from '../quotes/quote-store';
import { useStagedStockOrder } from '../stock-ticket';
import { QuoteDetailPanel } from './QuoteDetailPanel';

afterEach(() => {
  cleanup();
  delete window.bullpen;
  useQuoteStore.getState().reset();
});

/** The panel on AAPL (a plain render: it reads the quote store, no queries), then `quote` streamed in. */
function showAaplWith(quote: QuoteDelta[]) {
  const bridge = installFakeBridge();
  render(
    <QuoteDetailPanel
      instanceId="q1"
      settings={{}}
      updateSettings={() => undefined}
      instrument={{ symbol: 'AAPL', category: 'US_STOCK' }}
      setInstrument={() => undefined}
    />,
  );
  act(() => bridge.emit('quotes', quote));
}

describe('quote panel', () => {
  it('shows the last price, the change and bid × ask, live', () => {
    showAaplWith([
      {
        symbol: 'AAPL',
        time: Date.now(),
        price: '190.10',
        change: '2.10',
        changeRatio: '0.01117',
        bid: '190.09',
        ask: '190.11',
        bidSize: '300',
        askSize: '1200',
      },
    ]);
    const panel = screen.getByRole('region', { name: 'Quote' });
    const value = (term: string) =>
      within(panel).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Last')).toBe('190.10');
    expect(value('Change')).toBe('+2.10 (+1.12%)');
    expect(value('Bid × Ask')).toBe('190.09 (300) × 190.11 (1,200)');
  });
});

describe('depth ladder', () => {
  it('a click on a bid price stages a buy limit there, on an ask price a sell limit', () => {
    showAaplWith([
      {
        symbol: 'AAPL',
        time: Date.now(),
        price: '190.10',
        bids: [{ price: '190.09', size: '300' }],
        asks: [{ price: '190.11', size: '100' }],
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Buy limit at 190.09' }));
    expect(useStagedStockOrder.getState().staged).toEqual({
      symbol: 'AAPL',
      side: 'BUY',
      orderType: 'LIMIT',
      limitPrice: '190.09',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sell limit at 190.11' }));
    expect(useStagedStockOrder.getState().staged).toMatchObject({ side: 'SELL', limitPrice: '190.11' });
  });
});
