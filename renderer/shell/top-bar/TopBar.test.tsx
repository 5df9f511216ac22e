// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionStatus, EnvironmentsState } from '../../../shared/ipc/app-types';
import { TopBar } from './TopBar';

/**
 * The top bar's environment switch is a write: a refusal from main is shown beside the select (and
 * describes it), never swallowed.
 */
const ENVIRONMENTS: EnvironmentsState = {
  activeId: 'sandbox',
  environments: [
    {
      id: 'sandbox',
      name: 'Sandbox',
      kind: 'sandbox',
      apiBaseUrl: 'http://127.0.0.1:1',
      quotesUrl: 'mqtt://127.0.0.1:2',
      eventsAddress: '127.0.0.1:3',
    },
    {
      id: 'region-jp',
      name: 'Japan',
      kind: 'custom',
      apiBaseUrl: 'https://api.webull.co.jp',
      quotesUrl: 'mqtts://quotes.webull.co.jp',
      eventsAddress: 'events.webull.co.jp:443',
    },
  ],
} as EnvironmentsState;

function fakeBridge(streams: Record<string, unknown> = {}) {
  const selects: unknown[] = [];
  window.bullpen = {
    invoke(op, input) {
      if (op === 'environments.list') return Promise.resolve({ ok: true, value: ENVIRONMENTS });
      if (op === 'credentials.status')
        return Promise.resolve({
          ok: true,
          value: { environmentId: 'sandbox', appKeyHint: '••••1234', hasSecret: true, persisted: true },
        });
      if (op === 'environments.select') {
        selects.push(input);
        return Promise.resolve({
          ok: false,
          error: { code: 'NOT_CONFIGURED', message: 'Enter an app key and secret first', retryable: false },
        });
      }
      return Promise.resolve({
        ok: false,
        error: { code: 'UNAVAILABLE', message: 'not in this test', retryable: false },
      });
    },
    subscribe: (stream, _params, onData) => {
      if (stream in streams) queueMicrotask(() => onData(streams[stream]));
      return () => undefined;
    },
  };
  return { selects };
}

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

describe('TopBar environment switch', () => {
  it('shows a refused switch beside the select instead of swallowing it', async () => {
    const bridge = fakeBridge();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TopBar workspaceMenu={false} />
      </QueryClientProvider>,
    );
    const select = await screen.findByRole('combobox', { name: 'Environment' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Japan' })).toBeTruthy());
    await user.selectOptions(select, 'region-jp');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not switch: Enter an app key and secret first');
    expect(select.getAttribute('aria-describedby')).toBe(alert.id);
    expect(bridge.selects).toEqual([{ id: 'region-jp' }]);
  });
});

describe('TopBar rate budget', () => {
  it("says why Market Data calls wait, and until when (market time), while the server's 429 pause lasts", async () => {
    const pausedUntil = Date.parse('2026-11-18T15:31:05Z');
    fakeBridge({
      budget: { limit: 300, remaining: 280, windowMs: 60_000, queued: 3, resetInMs: 0, pausedUntil },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TopBar workspaceMenu={false} />
      </QueryClientProvider>,
    );
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Server rate limit: Market Data waits until 10:31:05 ET');
  });
});

describe('TopBar on an environment whose API cannot be reached', () => {
  it('says the API is unreachable and does not show the stored secret in green', async () => {
    fakeBridge({
      connection: {
        environmentId: 'sandbox',
        api: 'offline',
        quotes: 'offline',
        events: 'offline',
        staleSymbols: [],
        message: 'connect ECONNREFUSED 127.0.0.1:1',
      },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TopBar workspaceMenu={false} />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('status')).textContent).toBe('API unreachable');
    const secret = await screen.findByText('secret stored');
    expect(secret.className).not.toContain('ok');
  });
});

describe('TopBar market clock and quote link', () => {
  const renderBar = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TopBar workspaceMenu={false} />
      </QueryClientProvider>,
    );
  const status = (patch: Partial<ConnectionStatus>): ConnectionStatus => ({
    environmentId: 'sandbox',
    api: 'live',
    quotes: 'live',
    events: 'live',
    staleSymbols: [],
    ...patch,
  });

  it('shows the market clock main reports, not the wall clock, and names its mode', async () => {
    // Pinned to Wednesday 18 Nov 2026, 10:30 New York, read just now.
    const marketAt = Date.parse('2026-11-18T15:30:00Z');
    fakeBridge({
      connection: status({
        marketClock: { mode: 'pinned', marketAt, wallAt: Date.now(), label: 'Market clock started at …' },
      }),
    });
    renderBar();
    const clock = await screen.findByLabelText(/^Market time 10:3\d:\d\d ET, pinned$/);
    expect(clock.textContent).toMatch(/^10:3\d:\d\d ET$/);
    expect(screen.getByText('PINNED')).toBeTruthy();
  });

  it('never says Live over symbols that stopped updating', async () => {
    fakeBridge({ connection: status({ staleSymbols: ['AAPL', 'MSFT'] }) });
    renderBar();
    await waitFor(() => expect(screen.getByTestId('link-quotes').textContent).toContain('Live, 2 stale'));
    expect(screen.getByTestId('link-quotes').getAttribute('data-state')).toBe('stale');
    expect(screen.getByTestId('link-quotes').getAttribute('title')).toBe('Quotes: Live, 2 stale');
  });

  it('names the symbols the service refused', async () => {
    fakeBridge({ connection: status({ refusedSymbols: ['ZZZZZ'] }) });
    renderBar();
    expect((await screen.findByRole('status')).textContent).toBe('Refused: ZZZZZ');
  });
});
