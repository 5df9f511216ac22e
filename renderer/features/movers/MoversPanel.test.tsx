// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useQuoteStore } from '../quotes/quote-store';
import { MoversPanel } from './MoversPanel';

const mover = (symbol: string, price: string, change_ratio: string) => ({
  rank: 1,
  symbol,
  instrument_id: `id-${symbol}`,
  name: `${symbol} Inc.`,
  price,
  change: '1',
  change_ratio,
  volume: '1200000',
  category: 'US_STOCK',
});

let subscribed: string[] = [];

beforeEach(() => {
  subscribed = [];
  useQuoteStore.getState().reset();
  window.bullpen = {
    invoke: (op: string) =>
      Promise.resolve(
        op === 'api.gainersLosers'
          ? {
              ok: true as const,
              value: {
                page_index: 1,
                page_size: 12,
                total: 2,
                items: [mover('MSCI', '513.50', '0.0234'), mover('CLF', '7.59', '0.0412')],
              },
            }
          : { ok: true as const, value: undefined },
      ),
    subscribe: (stream: string, params: unknown) => {
      if (stream === 'quotes') subscribed.push(...(params as { symbols: string[] }).symbols);
      return () => undefined;
    },
  };
});

afterEach(() => {
  cleanup();
  delete window.bullpen;
  useQuoteStore.getState().reset();
});

function renderMovers() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MoversPanel
        instanceId="movers"
        settings={{ rank: 'GAINERS' }}
        updateSettings={() => undefined}
        instrument={undefined}
        setInstrument={() => undefined}
      />
    </QueryClientProvider>,
  );
}

describe('movers panel', () => {
  it("ranks by the page but shows each row's streamed last and change %, the page's only before it", async () => {
    renderMovers();
    const msci = await screen.findByRole('row', { name: /^MSCI / });
    expect(within(msci).getByText('513.50')).toBeTruthy();
    expect(within(msci).getByText('+2.34%')).toBeTruthy();
    // The page's symbols are streamed, so the rows get the quote every other panel shows.
    expect(subscribed.sort()).toEqual(['CLF', 'MSCI']);
    act(() =>
      useQuoteStore
        .getState()
        .applyBatch([{ symbol: 'MSCI', time: Date.now(), price: '513.48', changeRatio: '0.0233' }]),
    );
    expect(within(msci).getByText('513.48')).toBeTruthy();
    expect(within(msci).getByText('+2.33%')).toBeTruthy();
    // A row with no streamed quote yet keeps the page's values; the order stays the page's.
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent?.split(' ')[0])).toEqual(['MSCI', 'CLF']);
    const clf = screen.getByRole('row', { name: /^CLF / });
    expect(within(clf).getByText('7.59')).toBeTruthy();
  });
});
