import { useCallback, useEffect, useRef, useState } from 'react';
import type { Timespan } from '../../../shared/openapi/primitives';
import type { QuoteRecord } from '../../../shared/ipc/streams';
import { invoke } from '../../lib/bridge';
import { useQuoteStore } from '../quotes';
import { quoteTradeTime } from './bucket';
import type { ChartController } from './chart-controller';
import type { LinkedInstrument } from './chart-panel-props';
import { fromChartTime } from './clock';
import { applyTrade, toChartData } from './convert';
import { isIntraday } from './timespan-labels';

/** Bars per request (the API allows up to 1,200). */
const PAGE_BARS = 400;

type HistoryPhase = 'idle' | 'loading' | 'ready' | 'empty' | 'error';
export interface HistoryState {
  phase: HistoryPhase;
  error?: unknown;
  older: 'idle' | 'loading' | 'start' | 'error';
  olderError?: unknown;
  /** Bumped on every change of the loaded bars (the legend re-reads them). */
  version: number;
}

function fetchBars(
  instrument: LinkedInstrument,
  timespan: Timespan,
  shadeExtended: boolean,
  endTime?: number,
) {
  return invoke('api.bars', {
    symbol: instrument.symbol,
    category: instrument.category,
    timespan,
    count: PAGE_BARS,
    ...(shadeExtended ? { trading_sessions: ['PRE', 'RTH', 'ATH'] } : {}),
    ...(endTime !== undefined ? { end_time: endTime } : {}),
  });
}

/**
 * Loads a symbol's bars into the chart and keeps them current: the newest page on a change of
 * symbol/timespan/extended hours, the page before the first bar when the user scrolls near it
 * (`end_time` paging; one request at a time, stops at the start of history), a fresh newest page
 * when the window becomes visible again, and live trades from the quote stream into the last bar.
 * Every answer is dropped if the symbol or timespan changed while it was in flight.
 */
export function useChartHistory(
  ctrl: ChartController | undefined,
  instrument: LinkedInstrument | undefined,
  timespan: Timespan,
  extendedHours: boolean,
): HistoryState & { retry(): void; loadOlder(): void } {
  const [state, setState] = useState<HistoryState>({ phase: 'idle', older: 'idle', version: 0 });
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);
  /**
   * The generation whose newest page is in the chart. Until it equals `generation`, live trades and
   * near-start are ignored: the render state's `ready` is the previous key's for one render, and a
   * trade folded into the cleared chart would make a one-bar chart that "is near its start".
   */
  const shown = useRef(-1);
  const olderBusy = useRef<'idle' | 'loading' | 'start' | 'error'>('idle');
  const shading = extendedHours && isIntraday(timespan);
  const symbol = instrument?.symbol;
  const category = instrument?.category;
  const bump = (patch: Partial<HistoryState>) =>
    setState((s) => ({ ...s, ...patch, version: s.version + 1 }));

  useEffect(() => {
    if (!ctrl || !symbol || !category) return undefined;
    const gen = ++generation.current;
    olderBusy.current = 'idle';
    ctrl.clear();
    setState((s) => ({ phase: 'loading', older: 'idle', version: s.version + 1 }));
    fetchBars({ symbol, category }, timespan, shading).then(
      (reply) => {
        if (generation.current !== gen) return;
        const data = toChartData(reply.bars, shading);
        ctrl.showFirst(data);
        shown.current = gen;
        bump({ phase: data.bars.length > 0 ? 'ready' : 'empty', error: undefined });
      },
      (error: unknown) => {
        if (generation.current === gen) bump({ phase: 'error', error });
      },
    );
    return () => {
      // Deliberately the live value: invalidates every answer still in flight for this key.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      generation.current++;
    };
  }, [ctrl, symbol, category, timespan, shading, attempt]);

  const loadOlder = useCallback(() => {
    const first = ctrl?.bars[0];
    if (
      !ctrl ||
      !symbol ||
      !category ||
      !first ||
      shown.current !== generation.current ||
      olderBusy.current === 'loading' ||
      olderBusy.current === 'start'
    )
      return;
    const gen = generation.current;
    olderBusy.current = 'loading';
    bump({ older: 'loading' });
    fetchBars({ symbol, category }, timespan, shading, fromChartTime(first.time) - 1).then(
      (reply) => {
        if (generation.current !== gen) return;
        const added = ctrl.prepend(toChartData(reply.bars, shading));
        olderBusy.current = added === 0 ? 'start' : 'idle';
        bump({ older: olderBusy.current, olderError: undefined });
      },
      (olderError: unknown) => {
        if (generation.current !== gen) return;
        olderBusy.current = 'error';
        bump({ older: 'error', olderError });
      },
    );
  }, [ctrl, symbol, category, timespan, shading]);

  // Scrolling near the first bar loads the page before it (not after an error: the legend's retry does).
  useEffect(() => {
    if (!ctrl) return undefined;
    ctrl.onNearStart = () => {
      if (olderBusy.current === 'idle') loadOlder();
    };
    return () => {
      ctrl.onNearStart = () => undefined;
    };
  }, [ctrl, loadOlder]);

  // Back from hidden (a sleeping laptop): refetch the newest page; the view and older pages stay.
  const ready = state.phase === 'ready' || state.phase === 'empty';
  useEffect(() => {
    if (!ctrl || !symbol || !category || !ready) return undefined;
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      const gen = generation.current;
      fetchBars({ symbol, category }, timespan, shading).then(
        (reply) => {
          if (generation.current !== gen) return;
          ctrl.refreshNewest(toChartData(reply.bars, shading));
          bump({});
        },
        () => undefined, // the live stream keeps the last bar moving; the next visibility retries
      );
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [ctrl, symbol, category, timespan, shading, ready]);

  // Live: each streamed trade moves the last bar (or opens the next one). The trades are the quote
  // store's record of the symbol, the one every panel reads, so the legend's close is the price the
  // watchlist and the Quote panel show; the record already held is folded in at once.
  useEffect(() => {
    if (!ctrl || !symbol || !category || !ready) return undefined;
    let dayVolume: number | undefined;
    let seen: QuoteRecord | undefined;
    const fold = (u: QuoteRecord | undefined) => {
      if (!u || u === seen || shown.current !== generation.current) return;
      const prev = seen;
      seen = u;
      if (
        !u.price ||
        (prev && u.price === prev.price && u.volume === prev.volume && u.tradeTime === prev.tradeTime)
      )
        return;
      // The stream's volume is the day's running total: the bar gets the difference.
      const total = u.volume !== undefined ? Number(u.volume) : undefined;
      const volume =
        total !== undefined && dayVolume !== undefined && total >= dayVolume ? total - dayVolume : 0;
      if (total !== undefined) dayVolume = total;
      const r = applyTrade(
        ctrl.bars.at(-1),
        { price: Number(u.price), time: quoteTradeTime(u), volume },
        timespan,
        extendedHours,
      );
      if (!r) return;
      ctrl.updateLast(r.bar, r.appended, shading);
      bump({ phase: 'ready' });
    };
    fold(useQuoteStore.getState().quotes[symbol]);
    return useQuoteStore.subscribe((s) => fold(s.quotes[symbol]));
  }, [ctrl, symbol, category, timespan, extendedHours, shading, ready]);

  return { ...state, retry: () => setAttempt((a) => a + 1), loadOlder };
}
