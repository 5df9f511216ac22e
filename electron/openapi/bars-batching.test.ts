import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bars } from '../../shared/openapi/records/market';
import { BarsBatcher } from './bars-batching';

type Shared = { timespan: string };
const barsOf = (symbol: string, timespan = 'D'): Bars => ({
  symbol,
  instrument_id: `id-${symbol}`,
  timespan,
  bars: [],
});

function batcher(overrides: { maxSymbols?: number; omit?: Set<string>; failBatch?: boolean } = {}) {
  const batchCalls: string[][] = [];
  const singleCalls: string[] = [];
  const b = new BarsBatcher<Shared>({
    windowMs: 5,
    maxSymbols: overrides.maxSymbols,
    keyOf: (p) => p.timespan,
    fetchBatch: async (symbols, p) => {
      batchCalls.push(symbols);
      if (overrides.failBatch) throw new Error('batch refused');
      return symbols.filter((s) => !overrides.omit?.has(s)).map((s) => barsOf(s, p.timespan));
    },
    fetchOne: async (symbol, p) => {
      singleCalls.push(symbol);
      return barsOf(symbol, p.timespan);
    },
  });
  return { b, batchCalls, singleCalls };
}

afterEach(() => vi.useRealTimers());

describe('BarsBatcher', () => {
  it('folds concurrent requests with the same parameters into one batch, each caller its own bars', async () => {
    const { b, batchCalls, singleCalls } = batcher();
    const symbols = ['AAPL', 'MSFT', 'NVDA', 'AMZN'];
    const results = await Promise.all(symbols.map((s) => b.request(s, { timespan: 'D' })));
    expect(batchCalls).toEqual([symbols]);
    expect(singleCalls).toEqual([]);
    expect(results.map((r) => r.symbol)).toEqual(symbols);
  });

  it('splits 250 symbols into batches of at most 100', async () => {
    const { b, batchCalls } = batcher();
    const symbols = Array.from({ length: 250 }, (_, i) => `S${i}`);
    await Promise.all(symbols.map((s) => b.request(s, { timespan: 'D' })));
    expect(batchCalls.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(batchCalls.flat()).toEqual(symbols);
  });

  it('keeps different parameters apart', async () => {
    const { b, batchCalls } = batcher();
    const [d, m] = await Promise.all([
      Promise.all(['A', 'B'].map((s) => b.request(s, { timespan: 'D' }))),
      Promise.all(['A', 'B'].map((s) => b.request(s, { timespan: 'M1' }))),
    ]);
    expect(batchCalls).toHaveLength(2);
    expect(d.map((r) => r.timespan)).toEqual(['D', 'D']);
    expect(m.map((r) => r.timespan)).toEqual(['M1', 'M1']);
  });

  it('asks once for a symbol requested twice and answers both callers', async () => {
    const { b, batchCalls } = batcher();
    const [x, y, z] = await Promise.all([
      b.request('AAPL', { timespan: 'D' }),
      b.request('AAPL', { timespan: 'D' }),
      b.request('MSFT', { timespan: 'D' }),
    ]);
    expect(batchCalls).toEqual([['AAPL', 'MSFT']]);
    expect([x.symbol, y.symbol, z.symbol]).toEqual(['AAPL', 'AAPL', 'MSFT']);
  });

  it('sends a lone request as a plain bars call', async () => {
    const { b, batchCalls, singleCalls } = batcher();
    await b.request('AAPL', { timespan: 'D' });
    expect(batchCalls).toEqual([]);
    expect(singleCalls).toEqual(['AAPL']);
  });

  it('fetches on its own a symbol the batch reply left out', async () => {
    const { b, singleCalls } = batcher({ omit: new Set(['MSFT']) });
    const results = await Promise.all(['AAPL', 'MSFT'].map((s) => b.request(s, { timespan: 'D' })));
    expect(singleCalls).toEqual(['MSFT']);
    expect(results.map((r) => r.symbol)).toEqual(['AAPL', 'MSFT']);
  });

  it('rejects every caller of a failed batch with its error', async () => {
    const { b } = batcher({ failBatch: true });
    const settled = await Promise.allSettled(['AAPL', 'MSFT'].map((s) => b.request(s, { timespan: 'D' })));
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect((settled[0] as PromiseRejectedResult).reason).toEqual(new Error('batch refused'));
  });

  it('waits one window from the first request, then starts a new window for later ones', async () => {
    vi.useFakeTimers();
    const { b, batchCalls } = batcher();
    const first = [b.request('A', { timespan: 'D' }), b.request('B', { timespan: 'D' })];
    expect(b.pendingCount()).toBe(2);
    await vi.advanceTimersByTimeAsync(5);
    await Promise.all(first);
    const second = [b.request('C', { timespan: 'D' }), b.request('D', { timespan: 'D' })];
    await vi.advanceTimersByTimeAsync(5);
    await Promise.all(second);
    expect(batchCalls).toEqual([
      ['A', 'B'],
      ['C', 'D'],
    ]);
  });
});
