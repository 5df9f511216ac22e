import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenApiClient, type OpenApiClient, type OpenApiClientOptions } from './client';
import { formatTimestamp, parseTimestamp } from '../../shared/signing';
import {
  json,
  snapshotRow,
  startLoopback,
  testEnvironment,
  TEST_CREDENTIALS,
  type Loopback,
  type SeenRequest,
} from './testing/loopback-server';

type Route = (req: SeenRequest, res: http.ServerResponse) => void;

let server: Loopback | undefined;
let client: OpenApiClient | undefined;
afterEach(async () => {
  client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

/** A fake API: `/openapi/config` answers token_check_enabled=false unless a route overrides it. */
async function setup(
  routes: Record<string, Route>,
  over: Partial<OpenApiClientOptions> = {},
  env: Parameters<typeof testEnvironment>[1] = {},
) {
  server = await startLoopback((req, res) => {
    const route =
      routes[req.path] ??
      (req.path === '/openapi/config'
        ? (_r: SeenRequest, s: http.ServerResponse) => json(s, 200, { token_check_enabled: false })
        : undefined);
    if (route) route(req, res);
    else json(res, 404, { error_code: 'NOT_FOUND', message: `no route ${req.path}` });
  });
  const slept: number[] = [];
  client = createOpenApiClient({
    environment: testEnvironment(server.url, env),
    credentials: TEST_CREDENTIALS,
    retry: { sleep: async (ms) => void slept.push(ms), random: () => 0.5, baseDelayMs: 100 },
    ...over,
  });
  return { server, client, slept, paths: () => server?.seen.map((r) => r.path) ?? [] };
}

describe('client: handshake', () => {
  it('calls GET /openapi/config once, with x-version v2, before the first call; later calls use the environment version', async () => {
    const { server, client, paths } = await setup(
      { '/openapi/market-data/watchlist/list': (_r, res) => json(res, 200, []) },
      {},
      { xVersion: 'v3' },
    );
    await client.api.watchlistList();
    await client.api.watchlistList();
    expect(paths()).toEqual([
      '/openapi/config',
      '/openapi/market-data/watchlist/list',
      '/openapi/market-data/watchlist/list',
    ]);
    expect(server.seen[0]?.headers['x-version']).toBe('v2');
    expect(server.seen[1]?.headers['x-version']).toBe('v3');
  });

  it('fails clearly on a non-200 or an empty reply, and tries again on the next call', async () => {
    let mode: 'error' | 'empty' | 'ok' = 'error';
    const { client } = await setup({
      '/openapi/config': (_r, res) => {
        if (mode === 'error') json(res, 403, { error_code: 'UNKNOWN_APP_KEY', message: 'unknown app key' });
        else if (mode === 'empty') res.end();
        else json(res, 200, { token_check_enabled: false });
      },
      '/openapi/market-data/watchlist/list': (_r, res) => json(res, 200, []),
    });
    await expect(client.ready()).rejects.toMatchObject({
      code: 'UNKNOWN_APP_KEY',
      status: 403,
      message: expect.stringContaining('Start-up check GET /openapi/config failed'),
    });
    mode = 'empty';
    await expect(client.ready()).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringContaining('empty'),
    });
    mode = 'ok';
    await expect(client.api.watchlistList()).resolves.toEqual([]);
  });
});

describe('client: retries', () => {
  it('retries a GET on 503/429 with backoff and honours Retry-After', async () => {
    let n = 0;
    const { client, slept, paths } = await setup({
      '/openapi/assets/positions': (_r, res) => {
        n++;
        if (n === 1) json(res, 503, { error_code: 'SERVICE_NOT_AVAILABLE', message: 'busy' });
        else if (n === 2)
          json(res, 429, { error_code: 'TOO_MANY_REQUESTS', message: 'slow' }, { 'retry-after': '2' });
        else json(res, 200, []);
      },
    });
    await expect(client.api.positions({ account_id: 'A1' })).resolves.toEqual([]);
    expect(paths().filter((p) => p.endsWith('positions'))).toHaveLength(3);
    expect(slept).toEqual([50, 2000]);
  });

  it('never retries an order POST', async () => {
    const { client, paths } = await setup({
      '/openapi/trade/order/place': (_r, res) =>
        json(res, 503, { error_code: 'SERVICE_NOT_AVAILABLE', message: 'busy' }),
    });
    const order = {
      client_order_id: 'a'.repeat(32),
      symbol: 'AAPL',
      order_type: 'MARKET',
      quantity: '1',
      side: 'BUY',
      time_in_force: 'DAY',
    } as const;
    await expect(client.api.orderPlace({ account_id: 'A1', new_orders: [order] })).rejects.toMatchObject({
      code: 'SERVICE_NOT_AVAILABLE',
    });
    expect(paths().filter((p) => p.endsWith('/place'))).toHaveLength(1);
  });

  it('rejects invalid input before sending anything', async () => {
    const { client, paths } = await setup({});
    await expect(client.call('positions', { account_id: '' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('account_id'),
    });
    expect(paths()).toEqual([]);
  });
});

describe('client: clock offset', () => {
  it('learns the offset from the Date header', async () => {
    const serverAhead = 3_600_000;
    const date = () => ({ date: new Date(Date.now() + serverAhead).toUTCString() });
    const { client, server } = await setup({
      '/openapi/config': (_r, res) => json(res, 200, { token_check_enabled: false }, date()),
      '/openapi/market-data/watchlist/list': (_r, res) => json(res, 200, [], date()),
    });
    await client.api.watchlistList();
    expect(Math.abs(client.clockOffsetMs() - serverAhead)).toBeLessThan(2_000);
    const sent = parseTimestamp(String(server.seen[1]?.headers['x-timestamp']));
    expect(Math.abs(sent - (Date.now() + serverAhead))).toBeLessThan(3_000);
  });

  it('re-signs a POST once after a timestamp rejection, with the corrected offset', async () => {
    const serverNow = () => Date.now() - 7_200_000; // server two hours behind; its Date header says so only on the rejection
    const { client, server } = await setup({
      '/openapi/config': (_r, res) => json(res, 200, { token_check_enabled: false }, { date: 'not a date' }),
      '/openapi/market-data/watchlist/create': (req, res) => {
        const skew = Math.abs(parseTimestamp(String(req.headers['x-timestamp'])) - serverNow());
        if (skew > 300_000)
          json(
            res,
            401,
            { error_code: 'TIMESTAMP_EXPIRED', message: 'stale' },
            { date: new Date(serverNow()).toUTCString() },
          );
        else json(res, 200, { watchlist_id: 'w1', name: 'Tech', sort: 0 });
      },
    });
    await expect(client.api.watchlistCreate({ name: 'Tech' })).resolves.toMatchObject({ watchlist_id: 'w1' });
    const creates = server.seen.filter((r) => r.path.endsWith('/create'));
    expect(creates).toHaveLength(2);
    expect(creates[0]?.headers['x-signature-nonce']).not.toBe(creates[1]?.headers['x-signature-nonce']);
    expect(creates[1]?.headers['x-timestamp']).not.toBe(formatTimestamp(Date.now()));
  });
});

describe('client: account list fallback', () => {
  it('falls back to the other path on 404 and remembers what worked', async () => {
    const { client, paths } = await setup({
      '/trading/accounts/list': (_r, res) => json(res, 200, [{ account_id: 'A1', account_type: 'MARGIN' }]),
      '/openapi/account/list': (_r, res) => {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<h1>Not Found</h1>');
      },
    });
    expect(await client.api.accountList()).toEqual([{ account_id: 'A1', account_type: 'MARGIN' }]);
    expect(await client.api.accountList()).toHaveLength(1);
    expect(paths()).toEqual([
      '/openapi/config',
      '/openapi/account/list',
      '/trading/accounts/list',
      '/trading/accounts/list',
    ]);
  });

  it('starts from the environment setting', async () => {
    const { client, paths } = await setup(
      { '/trading/accounts/list': (_r, res) => json(res, 200, []) },
      {},
      { accountListPath: '/trading/accounts/list' },
    );
    await client.api.accountListV3();
    expect(paths()).toEqual(['/openapi/config', '/trading/accounts/list']);
  });
});

/** A snapshot route answering one row for each symbol asked for, in the order asked. */
const snapshotEcho: Route = (req, res) =>
  json(
    res,
    200,
    (req.query.find(([n]) => n === 'symbols')?.[1] ?? '').split(',').map((s) => snapshotRow(s)),
  );

describe('client: market data', () => {
  it('coalesces identical in-flight GETs into one request', async () => {
    const { client, paths } = await setup({
      '/openapi/market-data/stock/snapshot': (req, res) =>
        setTimeout(
          () =>
            json(
              res,
              200,
              (req.query[0]?.[1] ?? '').split(',').map((s) => snapshotRow(s)),
            ),
          30,
        ),
    });
    await client.ready();
    const [a, b, c] = await Promise.all([
      client.api.snapshot({ symbols: ['AAPL', 'MSFT'] }),
      client.api.snapshot({ symbols: 'AAPL,MSFT', category: 'US_STOCK' }),
      client.api.snapshot({ symbols: ['TSLA'] }),
    ]);
    expect(a).toEqual(b);
    expect(c[0]?.symbol).toBe('TSLA');
    expect(paths().filter((p) => p.endsWith('snapshot'))).toHaveLength(2);
    expect(client.budget()).toMatchObject({ limit: 300, used: 2 });
  });

  it('splits snapshot symbols into batches and merges the results in input order', async () => {
    const { client, server } = await setup(
      {
        '/openapi/market-data/stock/snapshot': (req, res) =>
          json(
            res,
            200,
            (req.query.find(([n]) => n === 'symbols')?.[1] ?? '')
              .split(',')
              .reverse()
              .map((s) => snapshotRow(s)),
          ),
      },
      { snapshotBatchSize: 50 },
    );
    const symbols = Array.from({ length: 120 }, (_, i) => `S${i}`);
    const rows = await client.snapshots([...symbols, 'S5'], { extend_hour_required: true });
    expect(rows.map((r) => r.symbol)).toEqual(symbols);
    const calls = server.seen.filter((r) => r.path.endsWith('snapshot'));
    expect(calls.map((r) => (r.query.find(([n]) => n === 'symbols')?.[1] ?? '').split(',').length)).toEqual([
      50, 50, 20,
    ]);
    expect(calls.every((r) => r.query.some(([n, v]) => n === 'extend_hour_required' && v === 'true'))).toBe(
      true,
    );
  });

  it("a snapshot call naming more symbols than a batch is the batches' calls, merged (a 5,000-symbol list's URL would pass the server's limit)", async () => {
    const { client, server } = await setup(
      { '/openapi/market-data/stock/snapshot': snapshotEcho },
      { snapshotBatchSize: 50 },
    );
    const symbols = Array.from({ length: 120 }, (_, i) => `S${i}`);
    const rows = await client.call('snapshot', { symbols, category: 'US_ETF' });
    expect(rows.map((r) => r.symbol)).toEqual(symbols);
    const calls = server.seen.filter((r) => r.path.endsWith('snapshot'));
    expect(calls.map((r) => (r.query.find(([n]) => n === 'symbols')?.[1] ?? '').split(',').length)).toEqual([
      50, 50, 20,
    ]);
    expect(calls.every((r) => r.query.some(([n, v]) => n === 'category' && v === 'US_ETF'))).toBe(true);
    // Up to a batch: one call, as before.
    await client.call('snapshot', { symbols: symbols.slice(0, 50) });
    expect(server.seen.filter((r) => r.path.endsWith('snapshot'))).toHaveLength(4);
  });

  it('asks snapshots 100 symbols a call by default (1,000 symbols: 10 calls)', async () => {
    const { client, server } = await setup({
      '/openapi/market-data/stock/snapshot': snapshotEcho,
    });
    const symbols = Array.from({ length: 1_000 }, (_, i) => `S${i}`);
    const rows = await client.snapshots(symbols);
    expect(rows).toHaveLength(1_000);
    const calls = server.seen.filter((r) => r.path.endsWith('snapshot'));
    expect(calls.map((r) => (r.query.find(([n]) => n === 'symbols')?.[1] ?? '').split(',').length)).toEqual(
      Array(10).fill(100),
    );
  });

  it('runs many calls at once without a listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const { client } = await setup({
        '/openapi/market-data/stock/snapshot': snapshotEcho,
      });
      // 2,000 symbols: 20 calls in flight or queued together, each listening for the client's close.
      const symbols = Array.from({ length: 2_000 }, (_, i) => `S${i}`);
      await expect(client.snapshots(symbols)).resolves.toHaveLength(2_000);
      await expect(client.snapshots(symbols.map((s) => `${s}X`))).resolves.toHaveLength(2_000);
      // Node emits process warnings on a later tick.
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('pauses the Market Data queue after a 429 with Retry-After', async () => {
    let n = 0;
    const { client } = await setup(
      {
        '/openapi/market-data/stock/quotes': (_r, res) => {
          n++;
          if (n === 1)
            json(res, 429, { error_code: 'TOO_MANY_REQUESTS', message: 'slow' }, { 'retry-after': '30' });
          else json(res, 200, { symbol: 'AAPL', asks: [], bids: [] });
        },
      },
      { retry: { attempts: 1 } },
    );
    await expect(client.api.quotes({ symbol: 'AAPL' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const b = client.budget();
    expect(b.pausedUntil).toBeGreaterThan(Date.now() + 25_000);
  });
});
