// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuoteRecord } from '../../../shared/ipc/streams';
import type { Bar } from '../../../shared/openapi/records/market';
import { PanelInstanceProvider } from '../../shell/panels/PanelInstanceProvider';
import { BridgeError } from '../../lib/bridge';
import { DEFAULT_CHART_SETTINGS, type ChartSettings } from './chart-panel-props';
import { prependOlder, type ChartBar, type ChartData } from './convert';
import { useQuoteStore } from '../quotes/quote-store';

/**
 * The panel's wiring with the canvas part replaced (jsdom has no canvas): states, retry, paging
 * requests, live trades and re-theming. The chart maths is tested in the pure modules' tests.
 */
const bridge = vi.hoisted(() => ({
  invoke: vi.fn(),
  quotes: undefined as undefined | ((batch: QuoteRecord[]) => void),
  /** A batch the stream delivers as soon as a subscription starts (the symbol's current record). */
  onSubscribe: undefined as undefined | QuoteRecord[],
}));
vi.mock('../../lib/bridge', async (original) => ({
  ...(await original<typeof import('../../lib/bridge')>()),
  invoke: bridge.invoke,
  subscribe: (stream: string, _params: unknown, onData: (batch: QuoteRecord[]) => void) => {
    // The panel also listens to the alerts stream (for its alert lines); only quotes are driven here.
    if (stream !== 'quotes') return () => undefined;
    bridge.quotes = onData;
    if (bridge.onSubscribe) onData(bridge.onSubscribe);
    return () => {
      if (bridge.quotes === onData) bridge.quotes = undefined;
    };
  },
}));

const fake = vi.hoisted(() => ({
  instance: undefined as
    undefined | { applyTheme: () => void; onNearStart: () => void; bars: readonly unknown[] },
}));
vi.mock('./chart-controller', () => ({
  SMA_PERIOD: 20,
  EMA_PERIOD: 50,
  BB_PERIOD: 20,
  BB_MULT: 2,
  ChartController: class {
    data: ChartData = { bars: [], shade: [] };
    onNearStart = () => undefined;
    onHover = () => undefined;
    applyTheme = vi.fn();
    constructor() {
      fake.instance = this;
    }
    get bars() {
      return this.data.bars;
    }
    applySettings() {}
    clear() {
      this.data = { bars: [], shade: [] };
    }
    showFirst(d: ChartData) {
      this.data = d;
    }
    prepend(d: ChartData) {
      const { merged, added } = prependOlder(d.bars, this.data.bars);
      this.data = { ...this.data, bars: merged };
      return added;
    }
    refreshNewest() {}
    updateLast(bar: ChartBar, appended: boolean) {
      if (appended) this.data.bars.push(bar);
      else this.data.bars[this.data.bars.length - 1] = bar;
    }
    screenshotDataUrl() {
      return 'data:image/png;base64,';
    }
    indicatorReadings() {
      return [];
    }
    setAlertLines() {}
    /** The price under a height of the chart: 200 at the top, a dollar less each 10 px down. */
    priceAt(y: number) {
      return 200 - y / 10;
    }
    destroy() {}
  },
}));

// The orders layer has its own test (ChartOrders.test.tsx); here it would add account calls.
vi.mock('./ChartOrders', () => ({ ChartOrders: () => null }));

const { ChartPanel } = await import('./ChartPanel');

/** Regular-session opens (09:30 EST = 14:30Z) of consecutive November 2026 trading days. */
const open = (day: number) => Date.UTC(2026, 10, day, 14, 30);
const bar = (day: number, close: string): Bar => ({
  time: open(day),
  open: '100',
  high: '102',
  low: '99',
  close,
  volume: '1000',
});
const reply = (bars: Bar[]) => ({ symbol: 'AAPL', instrument_id: '1', timespan: 'D', bars });

const AAPL = { symbol: 'AAPL', category: 'US_STOCK' } as const;

function renderPanel(
  settings: ChartSettings = DEFAULT_CHART_SETTINGS,
  instrument: typeof AAPL | null = AAPL,
) {
  const updateSettings = vi.fn();
  render(
    <ChartPanel
      instanceId="c1"
      settings={settings}
      updateSettings={updateSettings}
      instrument={instrument ?? undefined}
      setInstrument={vi.fn()}
    />,
  );
  return { updateSettings };
}
const legend = () => screen.getByRole('group', { name: 'Chart legend' });

beforeEach(() => {
  bridge.invoke.mockReset();
  bridge.quotes = undefined;
  bridge.onSubscribe = undefined;
  useQuoteStore.getState().reset();
});
afterEach(cleanup);

describe('ChartPanel', () => {
  it('asks for an instrument when none is linked', () => {
    renderPanel(DEFAULT_CHART_SETTINGS, null);
    expect(screen.getByText(/Pick a symbol/)).toBeTruthy();
    expect(bridge.invoke).not.toHaveBeenCalled();
  });

  it('shows an error with its code and message, and Retry loads the bars', async () => {
    bridge.invoke
      .mockRejectedValueOnce(
        new BridgeError({ code: 'NETWORK_ERROR', message: 'sandbox unreachable', retryable: true }),
      )
      .mockResolvedValueOnce(reply([bar(16, '101'), bar(17, '103')]));
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('NETWORK_ERROR');
    expect(alert.textContent).toContain('sandbox unreachable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(legend().getAttribute('data-bars')).toBe('2'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(legend().textContent).toContain('C 103.00');
    expect(legend().textContent).toContain('+2.00 (+1.98%)');
  });

  it('says so when there are no bars', async () => {
    bridge.invoke.mockResolvedValueOnce(reply([]));
    renderPanel();
    expect(await screen.findByText('No daily bars for AAPL yet.')).toBeTruthy();
  });

  it('asks for the page before the first bar with end_time and prepends it', async () => {
    bridge.invoke.mockResolvedValueOnce(reply([bar(17, '101'), bar(18, '102')]));
    renderPanel();
    await waitFor(() => expect(legend().getAttribute('data-bars')).toBe('2'));
    bridge.invoke.mockResolvedValueOnce(reply([bar(13, '98'), bar(16, '99'), bar(17, '101')]));
    act(() => fake.instance?.onNearStart());
    await waitFor(() => expect(legend().getAttribute('data-bars')).toBe('4'));
    expect(bridge.invoke).toHaveBeenLastCalledWith(
      'api.bars',
      expect.objectContaining({ end_time: open(17) - 1, timespan: 'D' }),
    );
    // A page with nothing older is the start of history: no further requests.
    bridge.invoke.mockResolvedValueOnce(reply([bar(13, '98')]));
    act(() => fake.instance?.onNearStart());
    await screen.findByText('Start of history');
    const calls = bridge.invoke.mock.calls.length;
    act(() => fake.instance?.onNearStart());
    expect(bridge.invoke.mock.calls.length).toBe(calls);
  });

  it('moves the last bar with streamed trades and opens the next day’s bar', async () => {
    bridge.invoke.mockResolvedValueOnce(reply([bar(16, '101'), bar(17, '103')]));
    renderPanel();
    await waitFor(() => expect(bridge.quotes).toBeDefined());
    act(() => bridge.quotes?.([{ symbol: 'AAPL', time: Date.UTC(2026, 10, 17, 20, 0), price: '104.50' }]));
    await waitFor(() => expect(legend().getAttribute('data-last-close')).toBe('104.5'));
    expect(legend().getAttribute('data-bars')).toBe('2');
    act(() => bridge.quotes?.([{ symbol: 'AAPL', time: Date.UTC(2026, 10, 18, 15, 0), price: '105' }]));
    await waitFor(() => expect(legend().getAttribute('data-bars')).toBe('3'));
  });

  it('while another timespan loads, a trade builds no bar and near-start asks for no older page; the page then takes it', async () => {
    bridge.invoke.mockResolvedValueOnce(reply([bar(16, '101'), bar(17, '103')]));
    const view = render(
      <ChartPanel
        instanceId="c1"
        settings={DEFAULT_CHART_SETTINGS}
        updateSettings={vi.fn()}
        instrument={AAPL}
        setInstrument={vi.fn()}
      />,
    );
    await waitFor(() => expect(legend().getAttribute('data-bars')).toBe('2'));
    let answer: (r: ReturnType<typeof reply>) => void = () => undefined;
    bridge.invoke.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    view.rerender(
      <ChartPanel
        instanceId="c1"
        settings={{ ...DEFAULT_CHART_SETTINGS, timespan: 'M5' }}
        updateSettings={vi.fn()}
        instrument={AAPL}
        setInstrument={vi.fn()}
      />,
    );
    await waitFor(() => expect(bridge.invoke).toHaveBeenCalledTimes(2));
    act(() => bridge.quotes?.([{ symbol: 'AAPL', time: Date.UTC(2026, 10, 18, 15, 0), price: '105' }]));
    expect(fake.instance?.bars.length ?? 0).toBe(0);
    act(() => fake.instance?.onNearStart());
    expect(bridge.invoke).toHaveBeenCalledTimes(2);
    const m5 = (min: number): Bar => ({ ...bar(18, '104'), time: Date.UTC(2026, 10, 18, 14, min) });
    await act(async () => answer({ ...reply([m5(30), m5(35)]), timespan: 'M5' }));
    // The page shows, then the quote already streamed moves it: the legend shows the live price.
    await waitFor(() => expect(legend().getAttribute('data-bars')).toBe('3'));
    expect(legend().getAttribute('data-last-close')).toBe('105');
  });

  it('the last bar is the streamed price the other panels show, from the first bar on', async () => {
    // A quote in the store before the chart's bars load (the watchlist streamed it first).
    act(() =>
      useQuoteStore
        .getState()
        .applyBatch([{ symbol: 'AAPL', time: Date.UTC(2026, 10, 17, 20, 0), price: '103.25' }]),
    );
    bridge.invoke.mockResolvedValueOnce(reply([bar(16, '101'), bar(17, '103')]));
    renderPanel();
    await waitFor(() => expect(legend().getAttribute('data-last-close')).toBe('103.25'));
    expect(legend().getAttribute('data-bars')).toBe('2');
  });

  it('draws in the Panel frame: link group and pop-out in its header, like every panel', async () => {
    bridge.invoke.mockResolvedValue(reply([bar(16, '101')]));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PanelInstanceProvider instanceId="c1" panel="chart" linkable inDock>
          <ChartPanel
            instanceId="c1"
            settings={DEFAULT_CHART_SETTINGS}
            updateSettings={vi.fn()}
            instrument={AAPL}
            setInstrument={vi.fn()}
          />
        </PanelInstanceProvider>
      </QueryClientProvider>,
    );
    const region = screen.getByRole('region', { name: 'Chart AAPL' });
    expect(
      region.querySelector('header')?.contains(screen.getByRole('combobox', { name: 'Link group' })),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Open Chart AAPL in a new window' })).toBeTruthy();
    await waitFor(() => expect(legend().getAttribute('data-bars')).toBe('1'));
  });

  it('switches timespan through the named radio group', async () => {
    bridge.invoke.mockResolvedValue(reply([]));
    const { updateSettings } = renderPanel();
    expect(screen.getByRole('radio', { name: 'Daily' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '5 minutes' }));
    expect(updateSettings).toHaveBeenCalledWith({ timespan: 'M5' });
  });

  it('re-themes the chart when the theme changes', async () => {
    bridge.invoke.mockResolvedValue(reply([]));
    renderPanel();
    const theme = fake.instance?.applyTheme as ReturnType<typeof vi.fn>;
    const before = theme.mock.calls.length;
    document.documentElement.dataset.theme = 'light';
    await waitFor(() => expect(theme.mock.calls.length).toBeGreaterThan(before));
  });

  it('Shift+F10 on the chart opens its menu at a price on the tick; Escape gives the focus back', async () => {
    bridge.invoke.mockResolvedValue(reply([]));
    renderPanel();
    const chart = screen.getByRole('application', { name: /price chart/ });
    chart.focus();
    fireEvent.keyDown(chart, { key: 'F10', shiftKey: true });
    // jsdom lays nothing out: the pane's middle is at 0 px, where the fake's price is 200.
    const menu = screen.getByRole('menu', { name: 'Chart at 200.00' });
    expect(document.activeElement?.textContent).toBe('Buy limit at 200.00');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(chart);
  });
});
