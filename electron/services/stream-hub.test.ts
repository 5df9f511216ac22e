import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamDelivery } from '../../shared/ipc/channels';
import type { QuoteRecord } from '../../shared/ipc/streams';
import { createStreamHub, type StreamSources } from './stream-hub';

function fakeSources() {
  const quoteEmitters = new Map<string, (u: QuoteRecord) => void>();
  let eventEmit: ((e: never) => void) | undefined;
  const closed: string[] = [];
  const unused = () => () => undefined;
  const sources: StreamSources = {
    quotes: (params, emit) => {
      for (const s of params.symbols) quoteEmitters.set(s, emit);
      return () => closed.push(`quotes:${params.symbols.join(',')}`);
    },
    tradeEvents: (_p, emit) => {
      eventEmit = emit as (e: never) => void;
      return () => closed.push('tradeEvents');
    },
    connection: unused,
    alerts: unused,
    budget: (_p, emit) => {
      emit({ limit: 300, remaining: 300, windowMs: 60_000, queued: 0, resetInMs: 0 });
      emit({ limit: 300, remaining: 299, windowMs: 60_000, queued: 0, resetInMs: 0 });
      return () => closed.push('budget');
    },
    tokenProgress: unused,
    theme: unused,
    appCommands: unused,
    links: unused,
  };
  return { sources, quoteEmitters, closed, emitEvent: (e: unknown) => eventEmit?.(e as never) };
}

describe('stream hub', () => {
  afterEach(() => vi.useRealTimers());

  // The quote feed's conflator is the frame-paced stage; the hub forwards what one task emitted as
  // one message at the end of that task (no second frame of delay), merged per symbol.
  it('conflates a flood of quotes emitted in one task into one message with the exact final state', async () => {
    vi.useFakeTimers();
    const f = fakeSources();
    const sent: Array<{ senderId: number; batch: StreamDelivery[] }> = [];
    const hub = createStreamHub({
      sources: f.sources,
      send: (senderId, batch) => sent.push({ senderId, batch }),
      flushMs: 16,
    });
    expect(hub.subscribe(7, 'q1', 'quotes', { symbols: ['AAPL', 'MSFT'] })).toEqual({
      ok: true,
      value: { subscriptionId: 'q1' },
    });
    const emitA = f.quoteEmitters.get('AAPL');
    const emitM = f.quoteEmitters.get('MSFT');
    for (let i = 0; i < 10_000; i++) {
      emitA?.({
        symbol: 'AAPL',
        time: i,
        price: `${100 + i / 100}`,
        ticks: [{ time: i, price: '1', volume: '1', side: 'B' }],
      });
      if (i % 2 === 0) emitM?.({ symbol: 'MSFT', time: i, price: `${300 + i}` });
    }
    emitA?.({ symbol: 'AAPL', time: 10_000, bid: '99.5' });
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    const [delivery] = sent[0]?.batch ?? [];
    const updates = delivery?.data as QuoteRecord[];
    expect(updates).toHaveLength(2);
    const aapl = updates.find((u) => u.symbol === 'AAPL');
    expect(aapl).toMatchObject({ time: 10_000, price: '199.99', bid: '99.5' });
    expect(aapl?.ticks).toHaveLength(50);
    expect(aapl?.ticks?.at(-1)?.time).toBe(9_999);
    expect(updates.find((u) => u.symbol === 'MSFT')).toMatchObject({ time: 9_998, price: '10298' });
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(1); // nothing new, nothing sent
  });

  it('keeps every trade event, only the newest status value, and batches per window', () => {
    vi.useFakeTimers();
    const f = fakeSources();
    const sent: Array<{ senderId: number; batch: StreamDelivery[] }> = [];
    const hub = createStreamHub({
      sources: f.sources,
      send: (senderId, batch) => sent.push({ senderId, batch }),
      flushMs: 16,
    });
    hub.subscribe(1, 'ev', 'tradeEvents', {});
    hub.subscribe(1, 'b', 'budget', {});
    f.emitEvent({ kind: 'order', n: 1 });
    f.emitEvent({ kind: 'order', n: 2 });
    vi.advanceTimersByTime(16);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.batch).toEqual([
      { subscriptionId: 'ev', data: { kind: 'order', n: 1 } },
      { subscriptionId: 'ev', data: { kind: 'order', n: 2 } },
      {
        subscriptionId: 'b',
        data: { limit: 300, remaining: 299, windowMs: 60_000, queued: 0, resetInMs: 0 },
      },
    ]);
  });

  it('rejects bad subscription ids, duplicate ids and invalid params with INVALID_INPUT', () => {
    const hub = createStreamHub({ sources: fakeSources().sources, send: () => undefined });
    expect(hub.subscribe(1, '../x', 'quotes', { symbols: ['AAPL'] }).ok).toBe(false);
    expect(hub.subscribe(1, 'a', 'quotes', { symbols: ['aapl'] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(hub.subscribe(1, 'a', 'nope', {})).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(hub.subscribe(1, 'a', 'quotes', { symbols: ['AAPL'] }).ok).toBe(true);
    expect(hub.subscribe(1, 'a', 'quotes', { symbols: ['AAPL'] }).ok).toBe(false);
  });

  it("closes a window's subscriptions when it goes away, and only that window's", () => {
    const f = fakeSources();
    const hub = createStreamHub({ sources: f.sources, send: () => undefined });
    hub.subscribe(1, 'a', 'quotes', { symbols: ['AAPL'] });
    hub.subscribe(2, 'a', 'quotes', { symbols: ['MSFT'] });
    hub.subscribe(1, 'e', 'tradeEvents', {});
    hub.dropSender(1);
    expect(f.closed.sort()).toEqual(['quotes:AAPL', 'tradeEvents']);
    expect(hub.subscriptionCount()).toBe(1);
    expect(hub.unsubscribe(2, 'a')).toEqual({ ok: true, value: { removed: true } });
    expect(hub.unsubscribe(2, 'a')).toEqual({ ok: true, value: { removed: false } });
    expect(f.closed).toContain('quotes:MSFT');
  });
});
