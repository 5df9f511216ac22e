// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionCheckResult } from '../../../shared/ipc/contract';
import { ConnectionCheckSection } from './ConnectionCheckSection';

/** Settings → Check connection asks main for the tour and shows one row an operation. */
const RESULT: ConnectionCheckResult = {
  file: '/home/u/.config/Bullpen/reports/bullpen-doctor-prod-20261126T150000Z.json',
  report: {
    tool: 'bullpen doctor',
    version: '0.1.0',
    startedAt: '2026-11-26T15:00:00.000Z',
    environment: {
      id: 'prod',
      name: 'Webull US',
      apiBaseUrl: 'https://api.webull.com',
      quotesUrl: 'mqtts://data-api.webull.com:1883',
      eventsAddress: 'events-api.webull.com:443',
      algorithm: 'HMAC-SHA256',
      xVersion: 'v2',
    },
    symbol: 'AAPL',
    steps: [
      { id: 'handshake', label: 'Handshake', status: 'ok', latencyMs: 41, detail: 'accepted', notes: [] },
      {
        id: 'bars',
        label: 'Historical bars (one symbol)',
        status: 'failed',
        latencyMs: 63,
        error: { code: 'NOT_FOUND', status: 404, message: 'Route Not Found', retryable: false },
        hint: 'api.webull.com has no route for this path',
        notes: [],
      },
      {
        id: 'batch-bars',
        label: 'Historical bars (batch)',
        status: 'ok',
        latencyMs: 80,
        detail: '1 symbol',
        notes: [
          {
            operation: 'batchBars',
            kind: 'repaired',
            reader: 'time',
            path: '[].bars[].time',
            count: 5,
            sample: '2026-11-20T14:30:00.000+0000',
          },
        ],
      },
    ],
    summary: { ok: 2, failed: 1, skipped: 0 },
  },
};

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

describe('Connection check', () => {
  it('runs the check for this environment and shows each operation, the failure with its hint, and the report file', async () => {
    const asked: unknown[] = [];
    window.bullpen = {
      invoke(op, input) {
        asked.push([op, input]);
        return Promise.resolve({ ok: true, value: RESULT });
      },
      subscribe: () => () => undefined,
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ConnectionCheckSection environmentId="prod" />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check connection' }));
    const table = await screen.findByRole('table', { name: 'Connection check results' });
    expect(asked).toEqual([['connection.check', { environmentId: 'prod' }]]);
    const bars = within(table).getByRole('row', { name: /Historical bars \(one symbol\)/ });
    expect(within(bars).getByText('Failed')).toBeTruthy();
    expect(bars.textContent).toContain('Route Not Found');
    expect(bars.textContent).toContain('has no route for this path');
    const batch = within(table).getByRole('row', { name: /Historical bars \(batch\)/ });
    expect(batch.textContent).toContain(
      'read a time form at [].bars[].time ×5: 2026-11-20T14:30:00.000+0000',
    );
    expect(screen.getByRole('status').textContent).toBe('2 ok, 1 failed, 0 skipped');
    expect(screen.getByText(RESULT.file)).toBeTruthy();
  });

  it('shows main’s refusal as an alert instead of a table', async () => {
    window.bullpen = {
      invoke: () =>
        Promise.resolve({
          ok: false,
          error: { code: 'NOT_CONFIGURED', message: 'No app key and secret stored', retryable: false },
        }),
      subscribe: () => () => undefined,
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ConnectionCheckSection environmentId="prod" />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check connection' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No app key and secret stored');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
