import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';
import { createQuoteStream, type QuoteStream } from '../../electron/streaming/quote-stream';
import type { QuoteState } from '../../electron/streaming/quote-state';
import type { RouteSubscriptions } from '../../electron/streaming/subscription-registry';
import { Decimal } from '../../shared/decimal';
import type { OpParams } from '../../shared/openapi/operations';

/** How long a condition may take to come true over real sockets (polled every 10 ms). */
const WAIT = { timeout: 5_000, interval: 10 };

/**
 * The app's quote path end to end (docs/streaming.md): the real MQTT client (`createQuoteStream`) on the
 * sandbox's broker, its routing calls made by the real signed HTTP client (`streamingSubscribe` /
 * `streamingUnsubscribe`), protobuf payloads decoded and checked against the simulator itself.
 * The sandbox clock is fixed in regular hours, so every pushed value must equal the simulator's.
 */
const T0 = Date.parse('2026-11-18T15:00:00Z');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('quote stream ↔ sandbox broker, routed by the real client', () => {
  let sandbox: SandboxHandle;
  let client: OpenApiClient;
  let stream: QuoteStream | undefined;
  const routed: Array<
    | { op: 'streamingSubscribe'; params: OpParams<'streamingSubscribe'> }
    | { op: 'streamingUnsubscribe'; params: OpParams<'streamingUnsubscribe'> }
  > = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ clock: () => T0, quoteUpdatesPerSecond: 25 }, { log: () => undefined });
    client = createOpenApiClient({
      environment: testEnvironment(sandbox.apiUrl, { algorithm: sandbox.algorithm }),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      now: () => T0,
    });
  });
  afterAll(async () => {
    await stream?.close();
    client?.close();
    await sandbox?.stop();
  });

  /** What the app wires: the registry's routing calls become signed catalogue calls. */
  const route: RouteSubscriptions = {
    subscribe: (params) => {
      routed.push({ op: 'streamingSubscribe', params });
      return client.call('streamingSubscribe', params);
    },
    unsubscribe: (params) => {
      routed.push({ op: 'streamingUnsubscribe', params });
      return client.call('streamingUnsubscribe', params);
    },
  };

  it('routes once for three listeners, pushes simulator-consistent protobuf, and stops on the last release', async () => {
    const s = createQuoteStream({
      url: sandbox.mqttUrl,
      appKey: sandbox.appKey,
      routeSubscriptions: route,
      routeDebounceMs: 20,
      flushIntervalMs: 16,
    });
    stream = s;
    await vi.waitFor(() => expect(s.status() === 'live').toBe(true), WAIT);
    const batches: QuoteState[][] = [];
    s.onBatch((b) => batches.push(b));
    const seen: QuoteState[][] = [[], [], []];
    const offs = seen.map((list) => s.subscribe('AAPL', ['SNAPSHOT', 'QUOTE', 'TICK'], (q) => list.push(q)));

    const complete = (q: QuoteState | undefined) =>
      q?.snapshot.price !== undefined && q.depth !== undefined && q.tick !== undefined;
    await vi.waitFor(() => expect(seen.every((list) => complete(list.at(-1)))).toBe(true), WAIT);

    // Reference counting through the real HTTP call: one signed subscribe for three listeners,
    // and it is the only Market Data request the client has sent.
    expect(routed).toEqual([
      {
        op: 'streamingSubscribe',
        params: {
          session_id: s.sessionId,
          symbols: ['AAPL'],
          category: 'US_STOCK',
          sub_types: ['QUOTE', 'SNAPSHOT', 'TICK'],
        },
      },
    ]);
    expect(client.budget().used).toBe(1);

    const live = sandbox.market.quote('AAPL');
    if (!live) throw new Error('AAPL unknown to the simulator');
    const state = seen[0]?.at(-1);
    expect(state?.symbol).toBe('AAPL');
    expect(state?.instrumentId).toBe(live.instrument_id);
    expect(state?.tradingSession).toBe('RTH');
    expect(state?.snapshot.price).toBe(live.price);
    expect(state?.snapshot.pre_close).toBe(live.preClose);
    expect(state?.snapshot.volume).toBe(live.volume);
    // Depth is a ladder around the live bid/ask; the print is inside the spread.
    expect(new Decimal(state?.depth?.asks[0]?.price ?? 'NaN').eq(live.ask)).toBe(true);
    expect(new Decimal(state?.depth?.bids[0]?.price ?? 'NaN').eq(live.bid)).toBe(true);
    const print = new Decimal(state?.tick?.price ?? 'NaN');
    expect(print.gte(live.bid) && print.lte(live.ask)).toBe(true);
    // Conflation: never two entries for one symbol in a batch.
    expect(batches.every((b) => b.length === 1 && b[0]?.symbol === 'AAPL')).toBe(true);

    offs[0]?.();
    offs[1]?.();
    await sleep(80); // past the routing debounce: two releases of three cost nothing
    expect(routed).toHaveLength(1);
    const before = seen[2]?.length ?? 0;
    await vi.waitFor(() => expect((seen[2]?.length ?? 0) > before + 2).toBe(true), WAIT);

    offs[2]?.();
    await vi.waitFor(() => expect(routed.length === 2).toBe(true), WAIT);
    expect(routed[1]).toEqual({
      op: 'streamingUnsubscribe',
      params: {
        session_id: s.sessionId,
        symbols: ['AAPL'],
        category: 'US_STOCK',
        sub_types: ['QUOTE', 'SNAPSHOT', 'TICK'],
      },
    });
    expect(client.budget().used).toBe(2);
    await sleep(100);
    const settled = batches.length;
    await sleep(300); // ≈ 7 publishing rounds at 25/s
    expect(batches.length).toBe(settled);
  });

  it('a symbol the simulator does not list is refused, reported, and never takes the others down', async () => {
    const s = stream;
    if (!s) throw new Error('no stream');
    const errors: Array<{ code: string; symbol?: string; message: string }> = [];
    s.onError((e) => errors.push(e));
    routed.length = 0;
    // Routed in one batch, as after a re-route: the sandbox refuses a call naming ZZZZZ whole.
    const aapl: QuoteState[] = [];
    const msft: QuoteState[] = [];
    const offs = [
      s.subscribe('AAPL', ['SNAPSHOT'], (q) => aapl.push(q)),
      s.subscribe('ZZZZZ', ['SNAPSHOT'], () => undefined),
      s.subscribe('MSFT', ['SNAPSHOT'], (q) => msft.push(q)),
    ];
    await vi.waitFor(() => expect(aapl.length > 2 && msft.length > 2).toBe(true), WAIT);
    expect(errors.map((e) => [e.code, e.symbol])).toEqual([['REFUSED', 'ZZZZZ']]);
    expect(errors[0]?.message).toMatch(/symbols/);
    expect(s.refusedSymbols()).toEqual(['ZZZZZ']);
    const calls = routed.map((r) => r.params.symbols);
    // The real service's 417 echoes the whole `symbols` value (`invalid symbols, value: [...]`), so
    // the one to blame is found by halving: AAPL alone passes, ZZZZZ+MSFT is refused again, then
    // ZZZZZ alone is refused (reported) and MSFT alone passes.
    expect(calls).toEqual([['AAPL', 'ZZZZZ', 'MSFT'], ['AAPL'], ['ZZZZZ', 'MSFT'], ['ZZZZZ'], ['MSFT']]);
    // The refused symbol is not asked again while the others keep streaming.
    const seen = aapl.length;
    await vi.waitFor(() => expect(aapl.length > seen + 5).toBe(true), WAIT);
    expect(routed).toHaveLength(5);
    for (const off of offs) off();
    // Released, it is no longer reported as refused.
    expect(s.refusedSymbols()).toEqual([]);
  });
});
