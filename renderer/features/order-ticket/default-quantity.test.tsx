// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app-types';
import { OptionTicketPanel } from './OptionTicketPanel';

/** A new ticket starts at the default quantity chosen in Settings. */
beforeEach(() => {
  window.bullpen = {
    invoke: (op: string) => {
      const value =
        op === 'settings.get'
          ? { ...DEFAULT_SETTINGS, defaultQuantity: '5' }
          : op === 'api.accountList'
            ? [{ account_id: 'A1', account_type: 'MARGIN', account_number: '55551234' }]
            : op === 'api.optionContracts'
              ? { data: [] }
              : op === 'api.snapshot'
                ? [{ symbol: 'AAPL', price: '190.10' }]
                : op === 'api.optionSnapshot'
                  ? []
                  : undefined;
      return Promise.resolve({ ok: true, value });
    },
    subscribe: () => () => undefined,
  };
});
afterEach(() => {
  cleanup();
  delete window.bullpen;
});

describe('options ticket: default quantity', () => {
  it('starts at the quantity set in Settings', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OptionTicketPanel
          instanceId="t1"
          settings={{}}
          updateSettings={() => undefined}
          instrument={{ symbol: 'AAPL', category: 'US_STOCK' }}
          setInstrument={() => undefined}
        />
      </QueryClientProvider>,
    );
    const quantity = await screen.findByRole(
      'textbox',
      { name: 'Quantity (contracts)' },
      { timeout: 10_000 },
    );
    await waitFor(() => expect(quantity).toHaveProperty('value', '5'));
  });
});
