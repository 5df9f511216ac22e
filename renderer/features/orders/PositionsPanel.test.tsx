// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Position } from '../../../shared/openapi/records/accounts';
import type { QuoteDelta } from '../../../shared/ipc/streams';
import type { LinkedInstrument } from '../../ui/panel-types';
import { useStagedOrder } from '../order-ticket/staged-order';
import { useQuoteStore } from '../quotes/quote-store';
import { PositionsPanel } from './PositionsPanel';

const STOCK: Position = {
  instrument_id: 'i1',
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  category: 'US_STOCK',
  quantity: '10',
  cost_price: '180.0000',
  last_price: '185.00',
  market_value: '1850.00',
  unrealized_profit_loss: '50.00',
  multiplier: '1',
};
const PUT: Position = {
  instrument_id: 'i2',
  symbol: 'AAPL261120P00190000',
  instrument_type: 'OPTION',
  quantity: '5',
  cost_price: '1.1000',
  last_price: '1.00',
  market_value: '500.00',
  unrealized_profit_loss: '-50.00',
  multiplier: '100',
};

function fakeBridge() {
  const quoteListeners: Array<(d: QuoteDelta[]) => void> = [];
  const calls: string[] = [];
  window.bullpen = {
    invoke(op) {
      calls.push(op);
      const value =
        op === 'api.accountList'
          ? [{ account_id: 'A1', account_type: 'MARGIN', account_number: '0001' }]
          : op === 'api.positions'
            ? [STOCK, PUT]
            : op === 'api.optionSnapshot'
              ? [{ symbol: PUT.symbol, bid: '1.30', ask: '1.50', price: '1.35', pre_close: '1.20' }]
              : undefined;
      return Promise.resolve({ ok: true, value });
    },
    subscribe(stream, _params, onData) {
      if (stream === 'quotes') quoteListeners.push(onData as (d: QuoteDelta[]) => void);
      return () => undefined;
    },
  };
  return { calls, emit: (d: QuoteDelta[]) => act(() => quoteListeners.forEach((l) => l(d))) };
}

function renderPanel(linked: LinkedInstrument[]) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PositionsPanel
        instanceId="p1"
        settings={{}}
        updateSettings={() => undefined}
        instrument={undefined}
        setInstrument={(i) => linked.push(i)}
      />
    </QueryClientProvider>,
  );
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

afterEach(() => {
  cleanup();
  delete window.bullpen;
  useQuoteStore.getState().reset();
  useStagedOrder.setState({ staged: undefined });
});

describe('positions', () => {
  it('marks stocks to the quote stream and options to their snapshot: last, value, day and total P&L', async () => {
    const bridge = fakeBridge();
    renderPanel([]);
    const stock = await screen.findByRole('row', { name: /^AAPL US_STOCK|^AAPL EQUITY/ });
    bridge.emit([{ symbol: 'AAPL', time: 2, price: '190.00', preClose: '188.00' }]);
    expect(cells(stock).slice(4, 8)).toEqual(['190.00', '$1,900.00', '+$20.00', '+$100.00']);
    bridge.emit([{ symbol: 'AAPL', time: 3, price: '191.00' }]);
    expect(cells(stock).slice(4, 8)).toEqual(['191.00', '$1,910.00', '+$30.00', '+$110.00']);
    const put = screen.getByRole('row', { name: /AAPL 20 Nov 2026 190 Put/ });
    // Marked at the mid (1.40): 5 contracts × 100.
    await waitFor(() => expect(cells(put).slice(4, 8)).toEqual(['1.40', '$700.00', '+$100.00', '+$150.00']));
  });

  it("a position's Close stages the closing order in the linked ticket and sends nothing", async () => {
    const bridge = fakeBridge();
    const linked: LinkedInstrument[] = [];
    renderPanel(linked);
    await screen.findByRole('row', { name: /^AAPL EQUITY/ });
    await userEvent.click(await screen.findByRole('button', { name: 'Close AAPL 20 Nov 2026 190 Put' }));
    expect(linked).toEqual([{ symbol: 'AAPL', category: 'US_STOCK' }]);
    expect(useStagedOrder.getState().staged).toEqual({
      accountId: 'A1',
      underlying: 'AAPL',
      expiry: '2026-11-20',
      strike: '190',
      optionType: 'PUT',
      side: 'SELL',
      quantity: '5',
    });
    expect(bridge.calls.some((c) => c.includes('Place'))).toBe(false);
  });
});
