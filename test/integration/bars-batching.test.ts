import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/index';

/** Concurrent daily-bars requests for a whole watchlist reach the sandbox as batch-bars calls. */
describe('bars requests coalesce into batch-bars against the sandbox', () => {
  let sandbox: RunningSandbox | undefined;
  let proxy: http.Server | undefined;
  let proxyUrl = '';
  const requests: string[] = [];
  const clientFor = (barsBatchWindowMs?: number | false): OpenApiClient => {
    if (!sandbox) throw new Error('no sandbox');
    return createOpenApiClient({
      environment: testEnvironment(proxyUrl, { algorithm: sandbox.algorithm }),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      barsBatchWindowMs,
    });
  };

  beforeAll(async () => {
    // A stopped market clock: the day's bar is still forming in a live market, so a batched reply
    // and a later single call would otherwise see different closes for the same day.
    const at = Date.parse('2026-11-18T15:30:00Z');
    sandbox = await startSandbox({ marketClock: () => at }, { log: () => undefined });
    // A recording pass-through in front of the sandbox: it sees every call the client makes.
    // Headers pass unchanged, so the signed Host (this proxy's) is what the sandbox verifies.
    const target = new URL(sandbox.apiUrl);
    proxy = http.createServer((req, res) => {
      requests.push(`${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''}`);
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (reply) => {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((r) => proxy?.listen(0, '127.0.0.1', r));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => proxy?.close(r));
    await sandbox?.stop();
  });

  it('serves 150 concurrent daily-bars calls with 2 batch calls, each caller its own symbol', async () => {
    const client = clientFor();
    try {
      const { instruments } = await instrumentSymbols(client);
      const symbols = instruments.slice(0, 150);
      requests.length = 0;
      const results = await Promise.all(
        symbols.map((symbol) => client.api.bars({ symbol, category: 'US_STOCK', timespan: 'D', count: 5 })),
      );
      expect(results.map((r) => r.symbol)).toEqual(symbols);
      for (const r of results) expect(r.bars.length).toBeGreaterThan(0);
      expect(requests.filter((r) => r === 'POST /openapi/market-data/stock/batch-bars')).toHaveLength(2);
      expect(requests.filter((r) => r === 'GET /openapi/market-data/stock/bars')).toHaveLength(0);

      // A batched reply is the same as the single call's for that symbol.
      const alone = await clientFor(false).api.bars({
        symbol: symbols[7] ?? '',
        category: 'US_STOCK',
        timespan: 'D',
        count: 5,
      });
      expect(results[7]).toEqual(alone);
    } finally {
      client.close();
    }
  });
});

async function instrumentSymbols(client: OpenApiClient): Promise<{ instruments: string[] }> {
  const page = await client.api.instruments({ category: 'US_STOCK', page_size: 200 });
  return { instruments: page.map((i) => i.symbol) };
}
