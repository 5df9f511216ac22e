import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConflator } from './conflation';

type Partial = { symbol: string; price?: string; volume?: string; seq: number };
type State = { symbol: string; price?: string; volume?: string; seq: number };

const merge = (prev: State | undefined, u: Partial): State => ({
  symbol: u.symbol,
  price: u.price ?? prev?.price,
  volume: u.volume ?? prev?.volume,
  seq: u.seq,
});

describe('createConflator', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('flushes one batch per interval with the exact final state of each symbol', () => {
    const batches: State[][] = [];
    const c = createConflator<Partial, State>({ intervalMs: 16, merge, sink: (b) => batches.push(b) });
    c.push('AAPL', { symbol: 'AAPL', price: '1.00', seq: 1 });
    c.push('AAPL', { symbol: 'AAPL', volume: '500', seq: 2 });
    c.push('MSFT', { symbol: 'MSFT', price: '9.00', seq: 3 });
    c.push('AAPL', { symbol: 'AAPL', price: '1.05', seq: 4 });
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(16);
    expect(batches).toEqual([
      [
        { symbol: 'AAPL', price: '1.05', volume: '500', seq: 4 },
        { symbol: 'MSFT', price: '9.00', volume: undefined, seq: 3 },
      ],
    ]);
    vi.advanceTimersByTime(100);
    expect(batches).toHaveLength(1);
  });

  it('does not queue under a flood: batch size and pending work stay bounded by distinct symbols', () => {
    const batches: State[][] = [];
    const c = createConflator<Partial, State>({ intervalMs: 16, merge, sink: (b) => batches.push(b) });
    const symbols = ['A', 'B', 'C', 'D', 'E'];
    let seq = 0;
    let maxPending = 0;
    // 100,000 updates over 1 s of fake time: 100 per ms.
    for (let ms = 0; ms < 1000; ms++) {
      for (let i = 0; i < 100; i++) {
        seq++;
        const symbol = symbols[seq % symbols.length] ?? 'A';
        c.push(symbol, { symbol, price: String(seq), seq });
      }
      maxPending = Math.max(maxPending, c.pendingCount());
      vi.advanceTimersByTime(1);
    }
    c.flush();
    expect(maxPending).toBeLessThanOrEqual(symbols.length);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(symbols.length);
    // ≈ one batch per 16 ms, not one per update.
    expect(batches.length).toBeGreaterThanOrEqual(60);
    expect(batches.length).toBeLessThanOrEqual(64);
    for (const symbol of symbols)
      expect(c.latest(symbol)?.seq).toBe(seq - ((seq - symbols.indexOf(symbol)) % symbols.length));
    const last = new Map(batches.flat().map((s) => [s.symbol, s.seq]));
    expect(Math.max(...last.values())).toBe(seq);
  });

  it('forgets a symbol and its pending update', () => {
    const batches: State[][] = [];
    const c = createConflator<Partial, State>({ intervalMs: 5, merge, sink: (b) => batches.push(b) });
    c.push('A', { symbol: 'A', price: '1', seq: 1 });
    c.forget('A');
    vi.advanceTimersByTime(5);
    expect(batches).toEqual([]);
    expect(c.latest('A')).toBeUndefined();
  });

  it('sends an update that follows a quiet interval at the end of the turn, and paces the next', () => {
    const flushedAt: number[] = [];
    const batches: State[][] = [];
    const c = createConflator<Partial, State>({
      intervalMs: 16,
      now: () => Date.now(),
      merge,
      sink: (b) => {
        flushedAt.push(Date.now());
        batches.push(b);
      },
    });
    const t0 = Date.now();
    c.push('A', { symbol: 'A', price: '1', seq: 1 });
    c.push('B', { symbol: 'B', price: '2', seq: 2 });
    expect(batches).toEqual([]); // not inside the push: the rest of the turn's updates join it
    vi.advanceTimersByTime(0);
    expect(batches.map((b) => b.map((s) => s.symbol))).toEqual([['A', 'B']]);
    // Sooner than an interval after that flush: it waits for the rest of the interval.
    vi.advanceTimersByTime(4);
    c.push('A', { symbol: 'A', price: '3', seq: 3 });
    vi.advanceTimersByTime(11);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(2);
    // Quiet again for longer than an interval: the next one goes out at once.
    vi.advanceTimersByTime(100);
    c.push('B', { symbol: 'B', price: '4', seq: 4 });
    vi.advanceTimersByTime(0);
    expect(flushedAt.map((t) => t - t0)).toEqual([0, 16, 116]);
  });

  it('flushes a steady stream every interval, measured from the start of the previous flush', () => {
    const flushedAt: number[] = [];
    const c = createConflator<Partial, State>({
      intervalMs: 16,
      now: () => Date.now(),
      merge,
      sink: () => flushedAt.push(Date.now()),
    });
    // An update every 5 ms: a timer armed by the first update after each flush would flush every
    // 20 ms (16 plus the wait for that update).
    for (let seq = 1; seq <= 40; seq++) {
      c.push('A', { symbol: 'A', price: String(seq), seq });
      vi.advanceTimersByTime(5);
    }
    const gaps = flushedAt.slice(1).map((t, i) => t - (flushedAt[i] ?? 0));
    expect(gaps.length).toBeGreaterThan(10);
    expect(new Set(gaps)).toEqual(new Set([16]));
  });
});
