// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import { installFakeBridge } from '../../lib/fake-bridge';
import type { LinkedInstrument } from '../../ui/panel-types';
import { renderPanel, TEST_ACCOUNTS } from '../../ui/panel-test-kit';
import { JournalPanel } from './JournalPanel';

const at = (iso: string) => Date.parse(iso);
const PUT = 'AAPL261218P00150000';
const order = (
  id: string,
  side: string,
  qty: string,
  price: string,
  iso: string,
  over: Partial<OrderRecord> = {},
) =>
  ({
    client_order_id: id,
    order_id: `o-${id}`,
    account_id: 'A1',
    symbol: 'AAPL',
    instrument_type: 'EQUITY',
    side,
    order_type: 'MARKET',
    time_in_force: 'DAY',
    quantity: qty,
    filled_quantity: qty,
    avg_fill_price: price,
    status: 'FILLED',
    place_time: at(iso),
    update_time: at(iso),
    filled_time: at(iso),
    ...over,
  }) as OrderRecord;

/** The history as the service lists it: newest first. */
const HISTORY = [
  order('c6', 'BUY', '3', '1', '2026-11-18T17:00:00Z', {
    filled_quantity: '0',
    avg_fill_price: undefined,
    status: 'SUBMITTED',
  }),
  order('c5', 'SELL', '5', '300', '2026-11-18T16:30:00Z', { symbol: 'MSFT' }),
  order('c4', 'SELL', '1', '1.50', '2026-11-18T16:00:00Z', { instrument_type: 'OPTION', option_symbol: PUT }),
  order('c3', 'BUY', '1', '1.00', '2026-11-18T15:30:00Z', { instrument_type: 'OPTION', option_symbol: PUT }),
  order('c2', 'SELL', '4', '110', '2026-11-18T15:00:00Z'),
  order('c1', 'BUY', '10', '100', '2026-11-17T15:00:00Z'),
];

const fakeBridge = () =>
  installFakeBridge((op) =>
    op === 'api.accountList' ? TEST_ACCOUNTS : op === 'api.ordersHistory' ? HISTORY : undefined,
  ).calls;
const renderJournal = (linked: LinkedInstrument[]) => renderPanel(JournalPanel, { linked });

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

describe('trade journal', () => {
  it('realized P&L per instrument (FIFO) and in total, fills by market day, newest first', async () => {
    const calls = fakeBridge();
    renderJournal([]);
    const byInstrument = await screen.findByRole('table', { name: 'Realized P&L by instrument' });
    const rows = within(byInstrument).getAllByRole('row');
    expect(rows.slice(1).map((r) => [within(r).queryByRole('rowheader')?.textContent, ...cells(r)])).toEqual([
      [undefined, 'AAPL', '2', '4', '+$40.00', ''],
      [undefined, 'AAPL 18 Dec 2026 150 Put', '2', '1', '+$50.00', ''],
      [undefined, 'MSFT', '1', '0', '$0.00', '5'],
      ['Total', '+$90.00', ''],
    ]);
    expect(screen.getByText(/Unmatched: sold from shares bought before this period/)).toBeTruthy();
    const fills = screen.getByRole('table', { name: 'Fills by day' });
    const days = within(fills)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter((t) => /^\d{4}-/.test(t ?? ''));
    expect(days).toEqual(['2026-11-18 · 4 fills', '2026-11-17 · 1 fill']);
    const named = within(fills)
      .getAllByRole('row')
      .map((r) => r.getAttribute('aria-label'))
      .filter(Boolean);
    expect(named).toEqual([
      'Sell 5 MSFT at 300, 2026-11-18',
      'Sell 1 AAPL 18 Dec 2026 150 Put at 1.50, 2026-11-18',
      'Buy 1 AAPL 18 Dec 2026 150 Put at 1.00, 2026-11-18',
      'Sell 4 AAPL at 110, 2026-11-18',
      'Buy 10 AAPL at 100, 2026-11-17',
    ]);
    // Every page of the period was asked for, at the operation's largest page.
    expect(calls.find((c) => c.op === 'api.ordersHistory')?.input).toMatchObject({ page_size: 100 });
  });

  it('one tab stop on the fills: arrows move between them, Enter links the instrument', async () => {
    fakeBridge();
    const linked: LinkedInstrument[] = [];
    renderJournal(linked);
    const first = await screen.findByRole('row', { name: 'Sell 5 MSFT at 300, 2026-11-18' });
    expect(first.tabIndex).toBe(0);
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    const put = screen.getByRole('row', { name: 'Sell 1 AAPL 18 Dec 2026 150 Put at 1.50, 2026-11-18' });
    expect(document.activeElement).toBe(put);
    expect(first.tabIndex).toBe(-1);
    await userEvent.keyboard('{Enter}');
    expect(linked).toEqual([{ symbol: 'AAPL', category: 'US_STOCK' }]);
    await userEvent.keyboard('{End}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Buy 10 AAPL at 100, 2026-11-17');
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(first);
  });

  it('Export CSV writes every fill, oldest first, in raw values', async () => {
    fakeBridge();
    const blobs: Blob[] = [];
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:csv';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderJournal([]);
      await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      const lines = (await (blobs[0] as Blob).text()).trimEnd().split('\r\n');
      expect(lines).toEqual([
        'date,time,order_id,instrument,side,quantity,price,multiplier,realized,unmatched',
        `2026-11-17,${at('2026-11-17T15:00:00Z')},c1,AAPL,BUY,10,100,1,0,0`,
        `2026-11-18,${at('2026-11-18T15:00:00Z')},c2,AAPL,SELL,4,110,1,40,0`,
        `2026-11-18,${at('2026-11-18T15:30:00Z')},c3,${PUT},BUY,1,1.00,100,0,0`,
        `2026-11-18,${at('2026-11-18T16:00:00Z')},c4,${PUT},SELL,1,1.50,100,50,0`,
        `2026-11-18,${at('2026-11-18T16:30:00Z')},c5,MSFT,SELL,5,300,1,0,5`,
      ]);
    } finally {
      created.mockRestore();
      revoke.mockRestore();
      click.mockRestore();
    }
  });
});
