import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamDelivery } from '../../shared/ipc/channels';
import { applyQuoteDelta, QUOTE_TIME_RESOLUTION_MS } from '../../shared/ipc/quote-delta';
import type { QuoteDelta, QuoteRecord } from '../../shared/ipc/streams';
import { createConflator } from '../streaming/conflation';
import { createStreamHub, type StreamSources } from './stream-hub';

/**
 * The quote path through the hub: the upstream conflator is the one batching stage; the hub
 * forwards each of its flushes at once, per subscriber, level-filtered and compact.
 */
function sourcesWith(quotes: StreamSources['quotes']): StreamSources {
  const unused = () => () => undefined;
  return {
    quotes,
    connection: unused,
    budget: unused,
    tradeEvents: unused,
    tokenProgress: unused,
    alerts: unused,
    theme: unused,
    appCommands: unused,
    links: unused,
  };
}

/** A fake quote feed: a conflator (like the quote stream's) whose flush emits every changed state. */
function conflatedFeed(intervalMs: number) {
  const listeners = new Set<(u: QuoteRecord) => void>();
  const conflator = createConflator<QuoteRecord, QuoteRecord>({
    intervalMs,
    merge: (prev, u) => ({ ...prev, ...u }),
    sink: (batch) => {
      for (const u of batch) for (const l of listeners) l(u);
    },
  });
  const source: StreamSources['quotes'] = (_params, emit) => {
    listeners.add(emit);
    return () => listeners.delete(emit);
  };
  return { conflator, source };
}

const book = (p: number) => ({
  asks: [
    { price: `${p + 0.01}`, size: '100' },
    { price: `${p + 0.02}`, size: '200' },
  ],
  bids: [
    { price: `${p - 0.01}`, size: '100' },
    { price: `${p - 0.02}`, size: '300' },
  ],
  bid: `${p - 0.01}`,
  ask: `${p + 0.01}`,
});

/** A hub over a conflated feed, one `top` subscriber of AAPL, and every batch's deltas it sent. */
function hubWithAaplSubscriber() {
  vi.useFakeTimers();
  const feed = conflatedFeed(16);
  const batches: QuoteDelta[][] = [];
  const hub = createStreamHub({
    sources: sourcesWith(feed.source),
    send: (_id, batch) => batches.push(...batch.map((d) => d.data as QuoteDelta[])),
  });
  hub.subscribe(1, 'q', 'quotes', { symbols: ['AAPL'] });
  return { feed, batches, hub };
}

describe('stream hub: quotes', () => {
  afterEach(() => vi.useRealTimers());

  it('sends one message per frame under a flood, the first at the end of its turn (no second stage)', async () => {
    vi.useFakeTimers();
    const feed = conflatedFeed(16);
    const sent: number[] = [];
    const hub = createStreamHub({
      sources: sourcesWith(feed.source),
      send: () => sent.push(Date.now()),
      flushMs: 16,
    });
    hub.subscribe(1, 'q', 'quotes', { symbols: ['AAPL', 'MSFT'] });
    const start = Date.now();
    for (let ms = 0; ms < 160; ms++) {
      for (let i = 0; i < 50; i++) {
        feed.conflator.push('AAPL', { symbol: 'AAPL', time: ms, price: `${100 + ms}.${i}` });
        feed.conflator.push('MSFT', { symbol: 'MSFT', time: ms, price: `${200 + ms}.${i}` });
      }
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(100);
    // 160 ms of flood at a 16 ms frame: the first message goes out as its turn ends (nothing was
    // sent in the frame before it), then one send a frame; a second batching stage would add one.
    expect(sent.map((t) => t - start)).toEqual([0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160]);
    hub.close();
  });

  it('never sends the depth book to a top-of-book subscriber; a depth subscriber gets it', async () => {
    vi.useFakeTimers();
    const feed = conflatedFeed(16);
    const sent: StreamDelivery[] = [];
    const hub = createStreamHub({
      sources: sourcesWith(feed.source),
      send: (_id, batch) => sent.push(...batch),
    });
    hub.subscribe(1, 'top', 'quotes', { symbols: ['AAPL'] });
    hub.subscribe(1, 'deep', 'quotes', { symbols: ['AAPL'], level: 'depth' });
    feed.conflator.push('AAPL', { symbol: 'AAPL', time: 1, price: '100', ...book(100) });
    await vi.advanceTimersByTimeAsync(16);
    feed.conflator.push('AAPL', { symbol: 'AAPL', time: 2, ...book(101) });
    await vi.advanceTimersByTimeAsync(16);
    const top = sent.filter((d) => d.subscriptionId === 'top').flatMap((d) => d.data as QuoteDelta[]);
    const deep = sent.filter((d) => d.subscriptionId === 'deep').flatMap((d) => d.data as QuoteDelta[]);
    expect(top).toHaveLength(2);
    for (const d of top) {
      expect(d).not.toHaveProperty('asks');
      expect(d).not.toHaveProperty('bids');
    }
    expect(top[1]).toEqual({ symbol: 'AAPL', time: 2, bid: '100.99', ask: '101.01' });
    expect(deep[1]?.asks).toEqual(book(101).asks);
    expect(deep[1]?.bids).toEqual(book(101).bids);
    hub.close();
  });

  it('sends only the fields that changed since the last batch to that subscriber', async () => {
    const { feed, batches, hub } = hubWithAaplSubscriber();
    feed.conflator.push('AAPL', { symbol: 'AAPL', time: 1, price: '100', open: '99', volume: '10' });
    await vi.advanceTimersByTimeAsync(16);
    feed.conflator.push('AAPL', { symbol: 'AAPL', time: 2, price: '100.5', open: '99', volume: '10' });
    await vi.advanceTimersByTimeAsync(16);
    expect(batches).toEqual([
      [{ symbol: 'AAPL', time: 1, price: '100', open: '99', volume: '10' }],
      [{ symbol: 'AAPL', time: 2, price: '100.5' }],
    ]);
    // A second subscriber starts from nothing: it gets the whole record once.
    hub.subscribe(1, 'late', 'quotes', { symbols: ['AAPL'] });
    feed.conflator.push('AAPL', { symbol: 'AAPL', time: 3, price: '100.5', open: '99', volume: '12' });
    await vi.advanceTimersByTimeAsync(16);
    expect(batches.slice(2)).toEqual([
      [{ symbol: 'AAPL', time: 3, volume: '12' }],
      [{ symbol: 'AAPL', time: 3, price: '100.5', open: '99', volume: '12' }],
    ]);
    hub.close();
  });

  it('sends a change of the receive time alone once a second, and any other change at once with its time', async () => {
    const { feed, batches, hub } = hubWithAaplSubscriber();
    const push = async (time: number, price: string) => {
      feed.conflator.push('AAPL', { symbol: 'AAPL', time, price, volume: '10' });
      await vi.advanceTimersByTimeAsync(16);
    };
    await push(1_000, '100');
    // The same snapshot again and again: nothing goes out until its time is a second newer.
    for (const t of [1_100, 1_500, 1_999]) await push(t, '100');
    expect(batches).toEqual([[{ symbol: 'AAPL', time: 1_000, price: '100', volume: '10' }]]);
    await push(2_000, '100');
    expect(batches.at(-1)).toEqual([{ symbol: 'AAPL', time: 2_000 }]);
    // A price change goes out at once, whatever the time since.
    await push(2_050, '100.5');
    expect(batches.at(-1)).toEqual([{ symbol: 'AAPL', time: 2_050, price: '100.5' }]);
    expect(batches).toHaveLength(3);
    hub.close();
  });

  it('final state is exact: applying every batch gives each symbol its last published state', async () => {
    const symbols = ['AAPL', 'MSFT', 'KO'] as const;
    const price = fc.integer({ min: 1, max: 99_999 }).map((n) => (n / 100).toFixed(2));
    const update = fc.record(
      {
        symbol: fc.constantFrom(...symbols),
        price,
        volume: fc.integer({ min: 0, max: 1e9 }).map(String),
        bid: price,
        ask: price,
        asks: fc.array(fc.record({ price, size: fc.constantFrom('100', '200') }), { maxLength: 3 }),
      },
      { requiredKeys: ['symbol'] },
    );
    const step = fc.oneof(update, fc.constant('flush' as const), fc.constant('frame' as const));
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 80 }),
        fc.constantFrom('top', 'depth'),
        async (steps, level) => {
          vi.useFakeTimers();
          const feed = conflatedFeed(16);
          const shown = new Map<string, QuoteRecord>();
          const hub = createStreamHub({
            sources: sourcesWith(feed.source),
            send: (_id, batch) => {
              for (const d of batch)
                for (const delta of d.data as QuoteDelta[])
                  shown.set(delta.symbol, applyQuoteDelta(shown.get(delta.symbol), delta));
            },
          });
          hub.subscribe(1, 'q', 'quotes', { symbols: [...symbols], level });
          const published = new Map<string, QuoteRecord>();
          let time = 0;
          for (const s of steps) {
            if (s === 'flush') feed.conflator.flush();
            else if (s === 'frame') await vi.advanceTimersByTimeAsync(16);
            else {
              // Receive times 0–400 ms apart: some repeats fall within the time's resolution, some not.
              time += [1, 150, 400][steps.indexOf(s) % 3] ?? 1;
              const u: QuoteRecord = { ...s, time };
              published.set(u.symbol, { ...published.get(u.symbol), ...u });
              feed.conflator.push(u.symbol, u);
            }
          }
          await vi.advanceTimersByTimeAsync(16);
          for (const [symbol, last] of published) {
            const expected: Partial<QuoteRecord> = { ...last };
            if (level === 'top') delete expected.asks;
            // Every field exact; the receive time at most its resolution behind.
            const got = shown.get(symbol);
            expect({ ...got, time: 0 }).toEqual({ ...expected, time: 0 });
            const behind = last.time - (got?.time ?? -Infinity);
            expect(behind).toBeGreaterThanOrEqual(0);
            expect(behind).toBeLessThan(QUOTE_TIME_RESOLUTION_MS);
          }
          expect([...shown.keys()].sort()).toEqual([...published.keys()].sort());
          hub.close();
          vi.useRealTimers();
        },
      ),
      { numRuns: 150 },
    );
  });
});
