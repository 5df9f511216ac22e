import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/openapi/api-error';
import {
  createOpenApiClient,
  type OpenApiClient,
  type OpenApiClientOptions,
} from '../../electron/openapi/client';
import {
  json,
  snapshotRow,
  startLoopback,
  testEnvironment,
  TEST_CREDENTIALS,
  type Loopback,
  type SeenRequest,
} from '../../electron/openapi/testing/loopback-server';

const SNAPSHOT = '/openapi/market-data/stock/snapshot';
let server: Loopback | undefined;
let client: OpenApiClient | undefined;
afterEach(async () => {
  client?.close();
  await server?.close();
  client = server = undefined;
});

async function setup(
  route: (req: SeenRequest, res: http.ServerResponse) => void,
  over: Partial<OpenApiClientOptions> = {},
) {
  server = await startLoopback((req, res) => {
    if (req.path === '/openapi/config') json(res, 200, { token_check_enabled: false });
    else route(req, res);
  });
  client = createOpenApiClient({
    environment: testEnvironment(server.url),
    credentials: TEST_CREDENTIALS,
    // Real timers, short delays: what is tested is the sequence and that everything ends.
    retry: { baseDelayMs: 20, maxDelayMs: 50 },
    ...over,
  });
  return { server, client, hits: () => server?.seen.filter((r) => r.path === SNAPSHOT).length ?? 0 };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as ApiError,
  );
const symbolOf = (req: SeenRequest) => req.query.find(([k]) => k === 'symbols')?.[1] ?? '';

describe('HTTP faults', () => {
  it('retries a GET through 500 and 503 within the attempt budget and returns the data', async () => {
    let n = 0;
    const { client, hits } = await setup((req, res) => {
      n++;
      if (n === 1) json(res, 500, { error_code: 'INTERNAL_ERROR', message: 'boom' });
      else if (n === 2) {
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html>down</html>');
      } else json(res, 200, [snapshotRow(symbolOf(req))]);
    });
    const rows = await client.call('snapshot', { symbols: ['AAPL'] });
    expect(rows[0]?.symbol).toBe('AAPL');
    expect(hits()).toBe(3);
  });

  it('surfaces the error after the last attempt when the server stays down', async () => {
    const { client, hits } = await setup((_req, res) =>
      json(res, 503, { error_code: 'SERVICE_NOT_AVAILABLE', message: 'maintenance' }),
    );
    const error = await failure(client.call('snapshot', { symbols: ['AAPL'] }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('SERVICE_NOT_AVAILABLE');
    expect(hits()).toBe(3);
  });

  it('times out a server that never answers, retries, and ends with TIMEOUT', async () => {
    const { client, hits } = await setup(() => undefined, { timeoutMs: 150 });
    const error = await failure(client.call('snapshot', { symbols: ['AAPL'] }));
    expect(error.code).toBe('TIMEOUT');
    expect(hits()).toBe(3);
  });

  it('rides out a 429 storm: 20 concurrent GETs all complete once the server lets them', async () => {
    const seen = new Map<string, number>();
    const { client } = await setup((req, res) => {
      const s = symbolOf(req);
      const count = (seen.get(s) ?? 0) + 1;
      seen.set(s, count);
      if (count === 1)
        json(res, 429, { error_code: 'TOO_MANY_REQUESTS', message: 'slow down' }, { 'retry-after': '0' });
      else json(res, 200, [snapshotRow(s)]);
    });
    const symbols = Array.from({ length: 20 }, (_, i) => `S${i}`);
    const results = await Promise.all(symbols.map((s) => client.call('snapshot', { symbols: [s] })));
    expect(results.map((r) => r[0]?.symbol)).toEqual(symbols);
  });

  it.each([
    ['3600 seconds', () => '3600'],
    ['an HTTP date a day ahead', () => new Date(Date.now() + 86_400_000).toUTCString()],
  ])(
    'fails a GET told to wait %s at once, and other calls go through once the server recovers',
    async (_label, retryAfter) => {
      let recovered = false;
      const { client, hits } = await setup(
        (req, res) => {
          if (!recovered)
            json(
              res,
              429,
              { error_code: 'TOO_MANY_REQUESTS', message: 'come back later' },
              { 'retry-after': retryAfter() },
            );
          else json(res, 200, [snapshotRow(symbolOf(req))]);
        },
        // The app's own retry and limiter settings: no shortened cap or delays.
        { retry: undefined },
      );
      const error = await failure(client.call('snapshot', { symbols: ['AAPL'] }));
      expect(error.code).toBe('TOO_MANY_REQUESTS');
      expect(error.retryable).toBe(false);
      expect(error.message).toMatch(/asked to wait \d+ s/);
      expect(hits()).toBe(1);
      // Every other Market Data call waits the ordinary first backoff (1 s), not the 60-second cap.
      const paused = client.budget().pausedUntil ?? 0;
      expect(paused - Date.now()).toBeLessThanOrEqual(1_000);
      recovered = true;
      const rows = await client.call('snapshot', { symbols: ['MSFT'] });
      expect(rows[0]?.symbol).toBe('MSFT');
    },
  );

  // A row of the wrong type used to fail the whole reply; it is now left out and reported, so the
  // other rows arrive (docs/openapi-client.md "Reading replies"). A reply of the wrong shape is still BAD_RESPONSE.
  it('reports malformed JSON and wrong types as BAD_RESPONSE naming the field, and keeps working', async () => {
    let mode: 'garbled' | 'wrong' | 'wrongRow' | 'good' = 'garbled';
    const { client } = await setup((req, res) => {
      if (mode === 'garbled') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('[{"symbol": "AAPL", "price": ');
      } else if (mode === 'wrong') json(res, 200, { symbol: 'AAPL', price: { nested: true } });
      else if (mode === 'wrongRow')
        json(res, 200, [{ ...snapshotRow('AAPL'), price: { nested: true } }, snapshotRow('MSFT')]);
      else json(res, 200, [snapshotRow(symbolOf(req))]);
    });
    const garbled = await failure(client.call('snapshot', { symbols: ['AAPL'] }));
    expect(garbled.code).toBe('BAD_RESPONSE');
    expect(garbled.message).toMatch(/not JSON/);
    mode = 'wrong';
    const wrong = await failure(client.call('snapshot', { symbols: ['AAPL'] }));
    expect(wrong.code).toBe('BAD_RESPONSE');
    expect(wrong.message).toMatch(/expected array/);
    mode = 'wrongRow';
    const rows = await client.call('snapshot', { symbols: ['AAPL', 'MSFT'] });
    expect(rows.map((r) => r.symbol)).toEqual(['MSFT']);
    expect(client.readerReport()).toEqual([
      expect.objectContaining({ kind: 'skipped', reader: 'row', why: expect.stringMatching(/^price/) }),
    ]);
    mode = 'good';
    expect((await client.call('snapshot', { symbols: ['AAPL'] }))[0]?.symbol).toBe('AAPL');
  });
});
