// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertsState, PriceAlert } from '../../../shared/ipc/contract';
import { useAlertDraft } from './alert-draft';
import { AlertsPanel } from './AlertsPanel';

/** The panel's writes are mutations: it renders inside the app's query client. */
const renderPanel = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <AlertsPanel />
    </QueryClientProvider>,
  );

// 2026-11-23 14:30:00 UTC = 09:30:00 in New York.
const CREATED = Date.UTC(2026, 10, 23, 14, 30, 0);

function alert(patch: Partial<PriceAlert>): PriceAlert {
  return {
    id: 'al_1',
    environmentId: 'sandbox',
    symbol: 'AAPL',
    category: 'US_STOCK',
    condition: { kind: 'above', price: '190' },
    status: 'armed',
    createdAt: CREATED,
    ...patch,
  };
}

/** A fake preload bridge: records invokes, answers from `replies`, and lets the test push the stream. */
function fakeBridge(initial: PriceAlert[]) {
  const calls: Array<{ op: string; input: Record<string, unknown> }> = [];
  let push: ((s: AlertsState) => void) | undefined;
  const replies: Record<string, unknown> = {};
  window.bullpen = {
    invoke(op, input) {
      calls.push({ op, input: input as Record<string, unknown> });
      const reply = replies[op];
      if (reply) return Promise.resolve(reply as never);
      return Promise.resolve({ ok: true, value: {} });
    },
    subscribe(stream, _params, onData) {
      if (stream === 'alerts') {
        push = onData as (s: AlertsState) => void;
        queueMicrotask(() => push?.({ environmentId: 'sandbox', alerts: initial }));
      }
      return () => undefined;
    },
  };
  return {
    calls,
    replies,
    push: (alerts: PriceAlert[]) => act(() => push?.({ environmentId: 'sandbox', alerts })),
  };
}

/** The text of the elements `aria-describedby` points at (the field's error). */
function description(el: HTMLElement): string {
  const ids = el.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
const valueOf = (el: HTMLElement) => (el as HTMLInputElement | HTMLSelectElement).value;

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

describe('Alerts panel', () => {
  it('lists each alert with its condition, status and times in ET', async () => {
    fakeBridge([
      alert({}),
      alert({
        id: 'al_2',
        symbol: 'SPY',
        category: 'US_ETF',
        condition: { kind: 'moveDown', percent: '1.5' },
        status: 'triggered',
        triggeredAt: CREATED + 60_000,
        triggerPrice: '495.10',
      }),
    ]);
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Price alerts' });
    const aapl = within(table).getByRole('row', { name: /AAPL/ });
    expect(aapl.textContent).toContain('at or above 190');
    expect(aapl.textContent).toContain('Armed');
    expect(aapl.textContent).toContain('Nov 23, 09:30:00 ET');
    const spy = within(table).getByRole('row', { name: /SPY/ });
    expect(spy.textContent).toContain('down 1.5 % from previous close');
    expect(spy.textContent).toContain('Triggered at 495.10');
    expect(spy.textContent).toContain('Nov 23, 09:31:00 ET');
    expect(within(table).getByRole('columnheader', { name: 'Created (ET)' })).toBeTruthy();
    // Only a triggered alert offers re-arming.
    expect(within(aapl).queryByRole('button', { name: /Re-arm/ })).toBeNull();
    expect(
      within(spy).getByRole('button', { name: 'Re-arm alert SPY down 1.5 % from previous close' }),
    ).toBeTruthy();
  });

  it('checks the form before sending and shows each error beside its field', async () => {
    const bridge = fakeBridge([]);
    renderPanel();
    const form = await screen.findByRole('form', { name: 'New price alert' });
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: 'Price' }), '-3');
    await user.click(within(form).getByRole('button', { name: 'Add alert' }));
    const symbol = within(form).getByRole('textbox', { name: 'Symbol' });
    expect(symbol.getAttribute('aria-invalid')).toBe('true');
    expect(description(within(form).getByRole('textbox', { name: 'Price' }))).toMatch(/expected a price/);
    expect(bridge.calls.filter((c) => c.op === 'alerts.create')).toHaveLength(0);
  });

  it('adds an alert with the keyboard and sends decimal text', async () => {
    const bridge = fakeBridge([]);
    renderPanel();
    const form = await screen.findByRole('form', { name: 'New price alert' });
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: 'Symbol' }), 'msft');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Condition' }), 'cross');
    await user.type(within(form).getByRole('textbox', { name: 'Price' }), '412.35{Enter}');
    await waitFor(() =>
      expect(bridge.calls.find((c) => c.op === 'alerts.create')?.input).toEqual({
        symbol: 'MSFT',
        category: 'US_STOCK',
        condition: { kind: 'cross', price: '412.35' },
      }),
    );
  });

  it('shows main’s INVALID_INPUT beside the field it names', async () => {
    const bridge = fakeBridge([]);
    bridge.replies['alerts.create'] = {
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: 'symbol: at most 500 alerts',
        field: 'symbol',
        retryable: false,
      },
    };
    renderPanel();
    const form = await screen.findByRole('form', { name: 'New price alert' });
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: 'Symbol' }), 'IBM');
    await user.type(within(form).getByRole('textbox', { name: 'Price' }), '1{Enter}');
    await waitFor(() =>
      expect(description(within(form).getByRole('textbox', { name: 'Symbol' }))).toMatch(
        /at most 500 alerts/,
      ),
    );
  });

  it('removes only after confirmation, and re-arms a triggered alert', async () => {
    const bridge = fakeBridge([alert({ status: 'triggered', triggeredAt: CREATED, triggerPrice: '191' })]);
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove alert AAPL at or above 190' }));
    expect(bridge.calls.filter((c) => c.op === 'alerts.remove')).toHaveLength(0);
    const confirm = screen.getByRole('group', { name: 'Remove alert AAPL at or above 190?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(bridge.calls.filter((c) => c.op === 'alerts.remove')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove alert AAPL at or above 190' }));
    await user.click(
      within(screen.getByRole('group', { name: /Remove alert AAPL/ })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(bridge.calls.find((c) => c.op === 'alerts.remove')?.input).toEqual({ id: 'al_1' });
    await user.click(screen.getByRole('button', { name: 'Re-arm alert AAPL at or above 190' }));
    expect(bridge.calls.find((c) => c.op === 'alerts.rearm')?.input).toEqual({ id: 'al_1' });
    bridge.push([]);
    expect(await screen.findByText('No alerts yet')).toBeTruthy();
  });

  it('edits an alert in the same form, keeping its id', async () => {
    const bridge = fakeBridge([alert({ note: 'earnings' })]);
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit alert AAPL at or above 190' }));
    const form = screen.getByRole('form', { name: 'Edit alert on AAPL' });
    const price = within(form).getByRole('textbox', { name: 'Price' });
    expect(valueOf(price)).toBe('190');
    await user.clear(price);
    await user.type(price, '195.5');
    await user.click(within(form).getByRole('button', { name: 'Save alert' }));
    await waitFor(() =>
      expect(bridge.calls.find((c) => c.op === 'alerts.update')?.input).toEqual({
        id: 'al_1',
        symbol: 'AAPL',
        category: 'US_STOCK',
        condition: { kind: 'above', price: '195.5' },
        note: 'earnings',
      }),
    );
  });

  it('fills the form from a request (watchlist row, chart, command) and focuses it', async () => {
    fakeBridge([]);
    renderPanel();
    await screen.findByRole('form', { name: 'New price alert' });
    act(() => useAlertDraft.getState().request({ symbol: 'NVDA', value: '130.25', kind: 'cross' }));
    const form = screen.getByRole('form', { name: 'New price alert' });
    expect(valueOf(within(form).getByRole('textbox', { name: 'Symbol' }))).toBe('NVDA');
    expect(valueOf(within(form).getByRole('textbox', { name: 'Price' }))).toBe('130.25');
    expect(valueOf(within(form).getByRole('combobox', { name: 'Condition' }))).toBe('cross');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Symbol' })),
    );
  });

  it('lands focus in the form when the request opened the panel (draft before mount, list still loading)', async () => {
    fakeBridge([]);
    act(() => useAlertDraft.getState().request({ symbol: 'AMD', value: '150' }));
    renderPanel();
    const form = await screen.findByRole('form', { name: 'New price alert' });
    expect(valueOf(within(form).getByRole('textbox', { name: 'Symbol' }))).toBe('AMD');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Symbol' })),
    );
  });
});
