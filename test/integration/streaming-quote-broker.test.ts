import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect, type MqttClient } from 'mqtt';
import { operations } from '../../shared/openapi/operations';
import { QuoteCodec, SnapshotCodec, TickCodec } from '../../shared/proto/quotes';
import { startQuoteBroker, type QuoteBroker } from '../../sandbox/testing';
import { createStubMarket } from './helpers/stub-market';
import { createMarketSimulator } from '../../sandbox/testing';
import { SandboxError, type RouteTable } from '../../sandbox/testing';

/** How long a condition may take to come true over real sockets (polled every 10 ms). */
const WAIT = { timeout: 5_000, interval: 10 };

const APP_KEY = 'quotes-key';
const brokers: QuoteBroker[] = [];
const clients: MqttClient[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) await c.endAsync(true);
  for (const b of brokers.splice(0)) await b.close();
});

async function broker(updatesPerSecond = 20) {
  const b = await startQuoteBroker({
    market: createStubMarket(Date.now, { tickMs: 10 }),
    appKeys: [APP_KEY],
    updatesPerSecond,
  });
  brokers.push(b);
  return b;
}

/** Calls a route the way the sandbox's HTTP server does: catalogue validation first. */
function call(
  routes: RouteTable,
  op: 'streamingSubscribe' | 'streamingUnsubscribe',
  input: unknown,
  appKey = APP_KEY,
) {
  const ctx = { appKey, requestId: 'r', now: Date.now() };
  if (op === 'streamingSubscribe')
    return routes.streamingSubscribe?.(operations.streamingSubscribe.params.parse(input), ctx);
  return routes.streamingUnsubscribe?.(operations.streamingUnsubscribe.params.parse(input), ctx);
}

type Received = { topic: string; payload: Buffer; at: number };
async function session(b: QuoteBroker, id: string, username = APP_KEY) {
  const c = connect(b.url, {
    clientId: id,
    username,
    password: 'f00d',
    reconnectPeriod: 0,
    protocolVersion: 4,
  });
  clients.push(c);
  const received: Received[] = [];
  c.on('message', (topic, payload) => received.push({ topic, payload, at: Date.now() }));
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('error', reject);
  });
  return { client: c, received };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sandbox quote broker', () => {
  it('refuses an unknown app key at CONNACK', async () => {
    const b = await broker();
    const c = connect(b.url, {
      clientId: 'x'.repeat(32),
      username: 'who-knows',
      password: '00',
      reconnectPeriod: 0,
      protocolVersion: 4,
    });
    clients.push(c);
    const err = await new Promise<Error & { code?: number }>((resolve) => c.once('error', resolve));
    expect(err.code).toBe(4);
    expect(b.sessions()).toEqual([]);
  });

  it('routes only to the subscribed session and only the requested sub-types, as protobuf', async () => {
    const b = await broker(20);
    const routes = b.createStreamingRoutes();
    const a = await session(b, 'a'.repeat(32));
    const other = await session(b, 'b'.repeat(32));
    await sleep(150);
    expect(a.received).toEqual([]);

    const ack = await call(routes, 'streamingSubscribe', {
      session_id: 'a'.repeat(32),
      symbols: ['AAPL', 'MSFT'],
      category: 'US_STOCK',
      sub_types: ['SNAPSHOT', 'QUOTE'],
      depth: 3,
    });
    expect(ack).toMatchObject({ session_id: 'a'.repeat(32), symbols: ['AAPL', 'MSFT'] });
    await vi.waitFor(
      () => expect(a.received.filter((m) => m.topic === 'quote').length >= 4).toBe(true),
      WAIT,
    );
    expect(other.received).toEqual([]);
    expect(new Set(a.received.map((m) => m.topic))).toEqual(new Set(['snapshot', 'quote']));

    const snap = SnapshotCodec.decode(
      a.received.find((m) => m.topic === 'snapshot')?.payload ?? Buffer.alloc(0),
    );
    expect(['AAPL', 'MSFT']).toContain(snap.basic?.symbol);
    expect(snap.price).toMatch(/^\d+\.\d{2}$/);
    expect(snap.pre_close).not.toBe('');
    const quote = QuoteCodec.decode(a.received.find((m) => m.topic === 'quote')?.payload ?? Buffer.alloc(0));
    expect(quote.asks).toHaveLength(3);
    expect(quote.asks[0]?.order[0]?.mpid).toBe('NSDQ');
  });

  it('rejects a session that is not connected, naming session_id, and an unknown symbol', async () => {
    const b = await broker();
    const routes = b.createStreamingRoutes();
    expect(() =>
      call(routes, 'streamingSubscribe', { session_id: 'nobody', symbols: ['AAPL'], sub_types: ['TICK'] }),
    ).toThrow(/session_id/);
    await session(b, 'c'.repeat(32));
    const unknown = () =>
      call(routes, 'streamingSubscribe', {
        session_id: 'c'.repeat(32),
        symbols: ['ZZZZ'],
        sub_types: ['TICK'],
      });
    expect(unknown).toThrow(SandboxError);
    expect(unknown).toThrow(/symbols/);
    // Another app key may not route to this session.
    expect(() =>
      call(
        routes,
        'streamingSubscribe',
        { session_id: 'c'.repeat(32), symbols: ['AAPL'], sub_types: ['TICK'] },
        'other-key',
      ),
    ).toThrow(/session_id/);
  });

  it('stops the flow on unsubscribe and on unsubscribe_all', async () => {
    const b = await broker(50);
    const routes = b.createStreamingRoutes();
    const id = 'd'.repeat(32);
    const s = await session(b, id);
    await call(routes, 'streamingSubscribe', {
      session_id: id,
      symbols: ['AAPL', 'MSFT'],
      sub_types: ['TICK', 'SNAPSHOT'],
    });
    await vi.waitFor(() => expect(s.received.length >= 8).toBe(true), WAIT);
    await call(routes, 'streamingUnsubscribe', { session_id: id, symbols: ['AAPL'], sub_types: ['TICK'] });
    expect(b.routesOf(id)).toEqual({ AAPL: ['SNAPSHOT'], MSFT: ['TICK', 'SNAPSHOT'] });
    await sleep(60);
    const mark = Date.now();
    await sleep(150);
    const after = s.received.filter((m) => m.at > mark);
    const ticks = after
      .filter((m) => m.topic === 'tick')
      .map((m) => TickCodec.decode(m.payload).basic?.symbol);
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.every((sym) => sym === 'MSFT')).toBe(true);

    await call(routes, 'streamingUnsubscribe', { session_id: id, unsubscribe_all: true });
    await sleep(60);
    const count = s.received.length;
    await sleep(150);
    expect(s.received.length).toBe(count);
  });

  it('does not duplicate when the client also SUBSCRIBEs to the topics', async () => {
    const b = await broker(10);
    const routes = b.createStreamingRoutes();
    const id = 'e'.repeat(32);
    const s = await session(b, id);
    await s.client.subscribeAsync(['snapshot', 'quote', 'tick', '#']);
    await call(routes, 'streamingSubscribe', { session_id: id, symbols: ['AAPL'], sub_types: ['SNAPSHOT'] });
    await vi.waitFor(() => expect(s.received.length >= 5).toBe(true), WAIT);
    const stamps = s.received.map((m) => SnapshotCodec.decode(m.payload).basic?.timestamp);
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it('publishes at least 50 updates per second per symbol when asked', async () => {
    const b = await broker(2);
    b.setUpdatesPerSecond(100);
    const routes = b.createStreamingRoutes();
    const id = 'f'.repeat(32);
    const s = await session(b, id);
    await call(routes, 'streamingSubscribe', { session_id: id, symbols: ['AAPL'], sub_types: ['TICK'] });
    await vi.waitFor(() => expect(s.received.length > 0).toBe(true), WAIT);
    const start = s.received.length;
    await sleep(1000);
    // 100/s asked; timers on a busy 2-core machine lose some, so the bound is loose.
    expect(s.received.length - start).toBeGreaterThanOrEqual(50);
  });

  it('streams every symbol of a 999-symbol list, not only the first rows', async () => {
    const market = createMarketSimulator({ seed: 42, clock: () => Date.parse('2026-11-18T15:00:00Z') });
    const symbols = market
      .universe()
      .slice(0, 999)
      .map((u) => u.symbol);
    const b = await startQuoteBroker({ market, appKeys: [APP_KEY], updatesPerSecond: 2 });
    brokers.push(b);
    const id = '9'.repeat(32);
    const s = await session(b, id);
    const snapshots = new Map<string, number>();
    s.client.on('message', (topic, payload) => {
      if (topic !== 'snapshot') return;
      const symbol = SnapshotCodec.decode(payload).basic?.symbol ?? '';
      snapshots.set(symbol, (snapshots.get(symbol) ?? 0) + 1);
    });
    await call(b.createStreamingRoutes(), 'streamingSubscribe', {
      session_id: id,
      symbols,
      sub_types: ['SNAPSHOT', 'QUOTE'],
    });
    // Two rounds' worth for every symbol: the tail of the list as well as its head.
    await vi.waitFor(() => expect(symbols.filter((sym) => (snapshots.get(sym) ?? 0) < 2)).toEqual([]), {
      timeout: 20_000,
      interval: 50,
    });
  }, 30_000);

  it('drops the routing when the session disconnects', async () => {
    const b = await broker();
    const routes = b.createStreamingRoutes();
    const id = '1'.repeat(32);
    const s = await session(b, id);
    await call(routes, 'streamingSubscribe', { session_id: id, symbols: ['SPY'], sub_types: ['QUOTE'] });
    expect(b.routesOf(id)).toEqual({ SPY: ['QUOTE'] });
    await s.client.endAsync();
    await vi.waitFor(() => expect(b.sessions().length === 0).toBe(true), WAIT);
    expect(b.routesOf(id)).toEqual({});
  });
});
