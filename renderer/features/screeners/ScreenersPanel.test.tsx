// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkedInstrument } from '../../ui/panel-types';
import { ScreenersPanel } from './ScreenersPanel';
import { DEFAULT_SCREENER_SETTINGS, SCREENER_COLUMNS, toCsv, type ScreenerSettings } from './screener-kinds';

const row = (i: number, extra: Record<string, unknown> = {}) => ({
  rank: i,
  symbol: `S${i}`,
  instrument_id: `id${i}`,
  name: `Stock ${i}`,
  price: '10.5',
  change: '0.5',
  change_ratio: '0.05',
  volume: '1200000',
  ...extra,
});

/** A fake bridge answering screener ops with pages of `total` rows, recording every call. */
function fakeBridge(total = 45) {
  const calls: Array<{ op: string; input: Record<string, unknown> }> = [];
  window.bullpen = {
    invoke: (op: string, input: unknown) => {
      const i = input as Record<string, unknown>;
      calls.push({ op, input: i });
      const size = Number(i.page_size ?? 20);
      const index = Number(i.page_index ?? 1);
      const count = Math.max(0, Math.min(size, total - (index - 1) * size));
      if (op === 'api.marketSectors')
        return Promise.resolve({
          ok: true as const,
          value: {
            page_index: index,
            page_size: size,
            total: 2,
            items: [
              {
                sector_id: 'TECH',
                name: 'Technology',
                change_ratio: '0.01',
                volume: '5',
                market_cap: '9',
                up_count: 3,
                down_count: 1,
                flat_count: 0,
              },
              {
                sector_id: 'ENER',
                name: 'Energy',
                change_ratio: '-0.02',
                volume: '7',
                market_cap: '8',
                up_count: 0,
                down_count: 4,
                flat_count: 1,
              },
            ],
          },
        });
      const items = Array.from({ length: count }, (_, k) =>
        row((index - 1) * size + k + 1, op === 'api.highDividend' ? { category: 'US_ETF' } : {}),
      );
      return Promise.resolve({
        ok: true as const,
        value: { page_index: index, page_size: size, total, items },
      });
    },
    subscribe: () => () => undefined,
  };
  return calls;
}

function Harness({
  initial,
  onInstrument,
}: {
  initial?: Partial<ScreenerSettings>;
  onInstrument(i: LinkedInstrument): void;
}) {
  const [settings, setSettings] = useState<ScreenerSettings>({ ...DEFAULT_SCREENER_SETTINGS, ...initial });
  return (
    <ScreenersPanel
      instanceId="screeners"
      settings={settings}
      updateSettings={(p) => setSettings((s) => ({ ...s, ...p }))}
      instrument={undefined}
      setInstrument={onInstrument}
    />
  );
}

function setup(initial?: Partial<ScreenerSettings>) {
  const onInstrument = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <Harness initial={initial} onInstrument={onInstrument} />
    </QueryClientProvider>,
  );
  return { onInstrument };
}

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

describe('screeners panel', () => {
  it('pages with the operation page params', async () => {
    const calls = fakeBridge(45);
    setup();
    expect(await screen.findByText('Page 1 of 3 · 45 rows')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3 · 45 rows');
    await screen.findByRole('row', { name: 'S21 Stock 21' });
    expect(calls.at(-1)).toMatchObject({ op: 'api.gainersLosers', input: { page_index: 2, page_size: 20 } });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 3 of 3 · 45 rows');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  it('labels its prices as the page they are, with the market time it was fetched', async () => {
    fakeBridge(45);
    setup();
    await screen.findByText('Page 1 of 3 · 45 rows');
    expect(await screen.findByText(/ · page as of \d{1,2}:\d{2}(:\d{2})? ET · refresh 30 s$/)).toBeTruthy();
  });

  it('sorts by a column header through sort_by and direction, shown by aria-sort', async () => {
    const calls = fakeBridge(5);
    setup();
    await screen.findByRole('row', { name: 'S1 Stock 1' });
    // The table reloads under the new sort, so the header is looked up afresh each time.
    const header = () => screen.getByRole('columnheader', { name: /Volume/ });
    expect(header().getAttribute('aria-sort')).toBeNull();
    await userEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('descending'));
    expect(calls.at(-1)?.input).toMatchObject({ sort_by: 'volume', direction: 'DESC' });
    await userEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'));
    expect(calls.at(-1)?.input).toMatchObject({ sort_by: 'volume', direction: 'ASC' });
  });

  it('a row click and Enter on a focused row link the instrument with its category', async () => {
    fakeBridge(3);
    const { onInstrument } = setup({ kind: 'highDividend' });
    await userEvent.click(await screen.findByRole('row', { name: 'S2 Stock 2' }));
    expect(onInstrument).toHaveBeenLastCalledWith({ symbol: 'S2', category: 'US_ETF' });
    screen.getByRole('row', { name: 'S3 Stock 3' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onInstrument).toHaveBeenLastCalledWith({ symbol: 'S3', category: 'US_ETF' });
  });

  it('runs each screener operation from the Screener select', async () => {
    const calls = fakeBridge(3);
    setup();
    const select = await screen.findByRole('combobox', { name: 'Screener' });
    for (const [label, op] of [
      ['Top active', 'api.topActive'],
      ['High dividend', 'api.highDividend'],
      ['52-week high/low', 'api.week52HighLow'],
      ['Market sectors', 'api.marketSectors'],
    ] as const) {
      await userEvent.selectOptions(select, label);
      await waitFor(() => expect(calls.at(-1)?.op).toBe(op));
    }
    await userEvent.selectOptions(select, 'Top active');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rank by' }), 'Range');
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ op: 'api.topActive', input: { rank_type: 'RANGE' } }),
    );
  });

  it('drills from a sector into its members and back', async () => {
    const calls = fakeBridge(3);
    const { onInstrument } = setup({ kind: 'marketSectors' });
    await userEvent.click(await screen.findByRole('row', { name: 'Energy: open its members' }));
    expect(await screen.findByRole('heading', { name: 'Energy' })).toBeTruthy();
    await screen.findByRole('row', { name: 'S1 Stock 1' });
    expect(calls.at(-1)).toMatchObject({ op: 'api.marketSectorsDetail', input: { sector_id: 'ENER' } });
    expect(onInstrument).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'All sectors' }));
    expect(await screen.findByRole('row', { name: 'Technology: open its members' })).toBeTruthy();
  });

  it('sorts the sector page locally by a numeric column', async () => {
    fakeBridge(3);
    setup({ kind: 'marketSectors' });
    await screen.findByRole('row', { name: 'Energy: open its members' });
    const header = screen.getByRole('columnheader', { name: /Change %/ });
    await userEvent.click(within(header).getByRole('button'));
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('aria-label'));
    expect(names()).toEqual(['Technology: open its members', 'Energy: open its members']);
    await userEvent.click(within(header).getByRole('button'));
    expect(names()).toEqual(['Energy: open its members', 'Technology: open its members']);
  });
});

describe('screener CSV', () => {
  it('writes the displayed cells under the headers, quoting commas and quotes', () => {
    const csv = toCsv(SCREENER_COLUMNS, [row(1, { name: 'Acme, "Inc"', market_cap: '2100000000' })]);
    const [head, first] = csv.trimEnd().split('\r\n');
    expect(head).toBe('Rank,Symbol,Name,Last,Change %,Volume,Turnover,Mkt cap');
    expect(first).toBe('1,S1,"Acme, ""Inc""",10.50,+5.00%,1.20M,—,2.10B');
  });
});

describe('screener CSV export', () => {
  it('exports every row of the result, not the page shown, with raw decimal values', async () => {
    const calls = fakeBridge(450);
    const blobs: Blob[] = [];
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:csv';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      setup();
      expect(await screen.findByText('Page 1 of 23 · 450 rows')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      const lines = (await (blobs[0] as Blob).text()).trimEnd().split('\r\n');
      expect(lines[0]).toBe('rank,symbol,name,price,change_ratio,volume,turnover,market_cap');
      expect(lines).toHaveLength(451);
      expect(lines[1]).toBe('1,S1,Stock 1,10.5,0.05,1200000,,');
      expect(lines[450]).toBe('450,S450,Stock 450,10.5,0.05,1200000,,');
      const exportCalls = calls.filter((c) => c.input.page_size === 200);
      expect(exportCalls.map((c) => c.input.page_index)).toEqual([1, 2, 3]);
    } finally {
      created.mockRestore();
      revoke.mockRestore();
      click.mockRestore();
    }
  });
});
