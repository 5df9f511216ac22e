// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertsState, PriceAlert } from '../../../shared/ipc/alerts';
import { useAlertToasts } from './use-alert-toasts';

function fakeBridge() {
  const listeners: Array<(d: unknown) => void> = [];
  window.bullpen = {
    invoke: () => Promise.reject(new Error('no calls here')),
    subscribe(stream, _params, onData) {
      if (stream === 'alerts') listeners.push(onData);
      return () => undefined;
    },
  };
  return (state: AlertsState) =>
    act(() => {
      for (const l of listeners) l(state);
    });
}

function Harness() {
  useAlertToasts();
  return <Toaster />;
}

const alert = (id: string, patch: Partial<PriceAlert>): PriceAlert => ({
  id,
  environmentId: 'sandbox',
  symbol: 'AAPL',
  category: 'US_STOCK',
  condition: { kind: 'above', price: '190' },
  status: 'armed',
  createdAt: 1,
  ...patch,
});
const FIRED = {
  status: 'triggered' as const,
  triggeredAt: Date.parse('2026-11-18T15:31:00Z'),
  triggerPrice: '190.25',
};

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

describe('alert toasts', () => {
  it('toasts an alert that fires while the window is open, not one that had fired before', async () => {
    const emit = fakeBridge();
    render(<Harness />);
    emit({ environmentId: 'sandbox', alerts: [alert('old', { ...FIRED, symbol: 'MSFT' }), alert('a1', {})] });
    emit({
      environmentId: 'sandbox',
      alerts: [alert('old', { ...FIRED, symbol: 'MSFT' }), alert('a1', FIRED)],
    });
    expect(await screen.findByText('Price alert: AAPL')).toBeTruthy();
    expect(screen.getByText(/AAPL at or above 190 · last 190\.25 · Nov 18, 10:31:00 ET/)).toBeTruthy();
    expect(screen.queryByText('Price alert: MSFT')).toBeNull();
    // The same fire delivered again raises nothing new.
    emit({
      environmentId: 'sandbox',
      alerts: [alert('old', { ...FIRED, symbol: 'MSFT' }), alert('a1', FIRED)],
    });
    expect(screen.getAllByText('Price alert: AAPL')).toHaveLength(1);
  });
});
