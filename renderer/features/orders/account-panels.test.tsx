// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PanelProps } from '../../ui/panel-types';
import { BalancesPanel } from './BalancesPanel';
import { OrdersPanel } from './OrdersPanel';
import { PositionsPanel } from './PositionsPanel';

/**
 * The blotter's panels wait on the account list before their own call. When that list fails (an
 * environment whose host refuses) or is empty, they say so; they never stay on "Loading…".
 */
const REFUSED = {
  code: 'NETWORK',
  message: 'connect ECONNREFUSED 127.0.0.1:9',
  retryable: false,
};

function bridge(accounts: 'refused' | 'none') {
  const calls: string[] = [];
  window.bullpen = {
    invoke(op: string) {
      calls.push(op);
      if (op === 'api.accountList')
        return Promise.resolve(
          accounts === 'refused' ? { ok: false, error: REFUSED } : { ok: true, value: [] },
        );
      return Promise.resolve({ ok: true, value: [] });
    },
    subscribe: () => () => undefined,
  } as unknown as NonNullable<typeof window.bullpen>;
  return calls;
}

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

const PANELS: Array<[string, ComponentType<PanelProps<never>>]> = [
  ['Orders', OrdersPanel as ComponentType<PanelProps<never>>],
  ['Positions', PositionsPanel as ComponentType<PanelProps<never>>],
  ['Balances', BalancesPanel as ComponentType<PanelProps<never>>],
];

function show(Panel: ComponentType<PanelProps<never>>) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Panel
        instanceId="p"
        settings={{} as never}
        updateSettings={() => undefined}
        instrument={undefined}
        setInstrument={() => undefined}
      />
    </QueryClientProvider>,
  );
}

describe.each(PANELS)('%s panel without an account', (_name, Panel) => {
  it('shows the account list’s error with a Retry that asks again, not "Loading…"', async () => {
    const calls = bridge('refused');
    show(Panel);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ECONNREFUSED');
    expect(screen.queryByText(/^Loading/)).toBeNull();
    const before = calls.filter((c) => c === 'api.accountList').length;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('alert');
    expect(calls.filter((c) => c === 'api.accountList').length).toBe(before + 1);
  });

  it('says the environment lists no accounts when the list is empty', async () => {
    bridge('none');
    show(Panel);
    expect(await screen.findByText('This environment lists no accounts.')).toBeTruthy();
  });
});
