// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkedInstrument } from '../../ui/panel-types';
import { FUND_TABS, FundamentalsPanel, STOCK_TABS } from './FundamentalsPanel';
import type { FundamentalsSettings } from './fundamentals-settings';

/**
 * Records with every field missing (the renderer gets what main validated, but fundamentals
 * fields are lenient and may be absent): each view must show "—", never NaN/undefined or crash.
 */
const HOLLOW_LIST = new Set([
  'api.forecastEps',
  'api.filings',
  'api.earningsCalendar',
  'api.dividendCalendar',
  'api.capitalFlow',
  'api.financialIndicators',
  'api.incomeStatement',
  'api.cashFlowStatement',
  'api.balanceSheet',
  'api.financialAlert',
  'api.fundNetValue',
  'api.fundSplits',
  'api.fundFiles',
  'api.instruments',
]);
const WITH_ITEMS = new Set(['api.industryComparison', 'api.fundHoldings', 'api.fundDividends']);

function hollowBridge() {
  const calls: Array<{ op: string; input: unknown }> = [];
  window.bullpen = {
    invoke: (op: string, input: unknown) => {
      calls.push({ op, input });
      const value = HOLLOW_LIST.has(op) ? [{}] : WITH_ITEMS.has(op) ? { items: [{}] } : {};
      return Promise.resolve({ ok: true as const, value });
    },
    subscribe: () => () => undefined,
  };
  return calls;
}

function Harness({
  instrument,
  onInstrument,
}: {
  instrument: LinkedInstrument;
  onInstrument(i: LinkedInstrument): void;
}) {
  const [settings, setSettings] = useState<FundamentalsSettings>({ tab: 'profile', period: 'QUARTERLY' });
  return (
    <FundamentalsPanel
      instanceId="f1"
      settings={settings}
      updateSettings={(p) => setSettings((s) => ({ ...s, ...p }))}
      instrument={instrument}
      setInstrument={onInstrument}
    />
  );
}

function setup(instrument: LinkedInstrument) {
  const onInstrument = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <Harness instrument={instrument} onInstrument={onInstrument} />
    </QueryClientProvider>,
  );
  return { onInstrument };
}

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

async function everyTabShowsDashes(labels: readonly string[]) {
  for (const label of labels) {
    await userEvent.click(screen.getByRole('tab', { name: label }));
    const panel = screen.getByRole('tabpanel', { name: label });
    await waitFor(() => expect(within(panel).queryByRole('status')).toBeNull());
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(panel.textContent).toContain('—');
    expect(panel.textContent).not.toMatch(/NaN|undefined|null|Infinity/);
  }
}

describe('fundamentals panel', () => {
  it('every stock view renders records with missing fields as "—"', async () => {
    hollowBridge();
    setup({ symbol: 'AAPL', category: 'US_STOCK' });
    await everyTabShowsDashes(STOCK_TABS.map((t) => t.label));
  });

  it('every ETF view renders records with missing fields as "—"', async () => {
    hollowBridge();
    setup({ symbol: 'SPY', category: 'US_ETF' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(FUND_TABS.map((t) => t.label));
    await everyTabShowsDashes(FUND_TABS.map((t) => t.label));
  });

  it('loads a tab only when it is first viewed', async () => {
    const calls = hollowBridge();
    setup({ symbol: 'AAPL', category: 'US_STOCK' });
    await waitFor(() => expect(calls.length).toBe(2));
    expect(calls.map((c) => c.op).sort()).toEqual(['api.companyProfile', 'api.instruments']);
    await userEvent.click(screen.getByRole('tab', { name: 'Financials' }));
    await waitFor(() => expect(calls.length).toBe(6));
    expect(calls.slice(2).every((c) => (c.input as { type: string }).type === 'QUARTERLY')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Annual' }));
    await waitFor(() => expect(calls.length).toBe(10));
    expect(calls.slice(6).every((c) => (c.input as { type: string }).type === 'ANNUAL')).toBe(true);
  });

  it('is an ARIA tablist driven by the arrow keys', async () => {
    hollowBridge();
    setup({ symbol: 'AAPL', category: 'US_STOCK' });
    const first = screen.getByRole('tab', { name: 'Profile' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    const analysts = screen.getByRole('tab', { name: 'Analysts' });
    expect(analysts.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(analysts);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Alerts' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Home}');
    expect(first.getAttribute('aria-selected')).toBe('true');
  });

  it('a fund holding links its instrument to the group', async () => {
    window.bullpen = {
      invoke: (op: string) =>
        Promise.resolve({
          ok: true as const,
          value:
            op === 'api.fundHoldings'
              ? {
                  symbol: 'SPY',
                  as_of: '2026-11-20',
                  items: [{ symbol: 'MSFT', name: 'Microsoft', weight: '7.1' }],
                }
              : {},
        }),
      subscribe: () => () => undefined,
    };
    const { onInstrument } = setup({ symbol: 'SPY', category: 'US_ETF' });
    await userEvent.click(screen.getByRole('tab', { name: 'Holdings' }));
    const row = await screen.findByRole('row', { name: 'MSFT Microsoft' });
    expect(row.textContent).toContain('7.10%');
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(onInstrument).toHaveBeenCalledWith({ symbol: 'MSFT', category: 'US_STOCK' });
  });
});
