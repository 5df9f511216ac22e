import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenApiClient, type OpenApiClient } from './client';
import type { ReaderEvent } from '../../shared/openapi/read-reply';
import {
  json,
  snapshotRow,
  startLoopback,
  testEnvironment,
  TEST_CREDENTIALS,
  type Loopback,
  type SeenRequest,
} from './testing/loopback-server';

/** The client end to end over loopback with the real service's reply forms (docs/openapi-client.md "Reading replies"). */
type Route = (req: SeenRequest, res: http.ServerResponse) => void;

let server: Loopback | undefined;
let client: OpenApiClient | undefined;
afterEach(async () => {
  client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function setup(routes: Record<string, Route>) {
  server = await startLoopback((req, res) => {
    const route =
      routes[req.path] ??
      (req.path === '/openapi/config'
        ? (_r: SeenRequest, s: http.ServerResponse) => json(s, 200, { token_check_enabled: false })
        : (_r: SeenRequest, s: http.ServerResponse) => json(s, 404, { error_msg: 'Route Not Found' }));
    route(req, res);
  });
  const events: ReaderEvent[] = [];
  client = createOpenApiClient({
    environment: { ...testEnvironment(server.url), name: 'Webull US test' },
    credentials: TEST_CREDENTIALS,
    retry: { sleep: async () => undefined, random: () => 0.5 },
    onReaderEvent: (e) => events.push(e),
  });
  return { client, events, paths: () => server?.seen.map((r) => r.path) ?? [] };
}

const WL = '/openapi/market-data/watchlist';
const member = (symbol: string, sort: number) => ({
  symbol,
  instrument_id: `id-${symbol}`,
  category: 'US_STOCK',
  sort,
});

describe('client: watchlist receipts', () => {
  it('a bare true is completed by reading the list the change made', async () => {
    const { client, paths } = await setup({
      [`${WL}/instruments/add`]: (_r, res) => json(res, 200, true),
      [`${WL}/instruments/list`]: (_r, res) => json(res, 200, [member('AAPL', 0), member('MSFT', 1)]),
    });
    const after = await client.api.watchlistAdd({ watchlist_id: 'w1', instruments: [{ symbol: 'MSFT' }] });
    expect(after.map((m) => m.symbol)).toEqual(['AAPL', 'MSFT']);
    expect(paths().slice(1)).toEqual([`${WL}/instruments/add`, `${WL}/instruments/list`]);
    expect(client.readerReport()).toEqual([
      expect.objectContaining({
        operation: 'watchlistAdd',
        reader: 'receipt',
        kind: 'repaired',
        sample: 'true',
      }),
    ]);
  });

  it('a create answered {"watchlist_id"} reads that watchlist back; a delete answered true is deleted', async () => {
    const { client } = await setup({
      [`${WL}/create`]: (_r, res) => json(res, 200, { watchlist_id: '12345678' }),
      [`${WL}/list`]: (_r, res) => json(res, 200, [{ watchlist_id: '12345678', name: 'Tech', sort: 2 }]),
      [`${WL}/delete`]: (_r, res) => json(res, 200, true),
    });
    expect(await client.api.watchlistCreate({ name: 'Tech' })).toMatchObject({
      watchlist_id: '12345678',
      name: 'Tech',
    });
    expect(await client.api.watchlistDelete({ watchlist_id: '12345678' })).toEqual({
      watchlist_id: '12345678',
      deleted: true,
    });
  });

  it('false with HTTP 200 is a refusal, not a success', async () => {
    const { client } = await setup({ [`${WL}/update`]: (_r, res) => json(res, 200, false) });
    await expect(client.api.watchlistUpdate({ watchlist_id: 'w1', name: 'X' })).rejects.toMatchObject({
      code: 'REFUSED',
      retryable: false,
    });
  });
});

describe('client: errors of the real service', () => {
  it('417 OPENAPI_PARAM_ERR is INVALID_PARAMETER naming the field, sent once (never retried)', async () => {
    const { client, paths } = await setup({
      '/openapi/market-data/stock/snapshot': (_r, res) =>
        json(res, 417, { error_code: 'OPENAPI_PARAM_ERR', message: 'invalid category, value: [US_OPTION]' }),
    });
    await expect(client.api.snapshot({ symbols: ['AAPL'] })).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
      serverCode: 'OPENAPI_PARAM_ERR',
      field: 'category',
      retryable: false,
      status: 417,
    });
    expect(paths().filter((p) => p.endsWith('/snapshot'))).toHaveLength(1);
  });

  it('a gateway 404 names the environment and the path', async () => {
    const { client } = await setup({});
    // The gateway's bare {"error_msg"} is read, then explained (env-wire.ts explainRefusal).
    await expect(client.api.companyProfile({ symbol: 'AAPL' })).rejects.toMatchObject({
      code: 'ROUTE_NOT_FOUND',
      status: 404,
      message: expect.stringContaining('Webull US test has no route for /openapi/instrument/company/profile'),
    });
  });
});

describe('client: reader report', () => {
  it('counts repairs per field and reports a skipped row with a redacted sample', async () => {
    const secret = TEST_CREDENTIALS.appSecret;
    const { client, events } = await setup({
      '/openapi/market-data/stock/tick': (_r, res) =>
        json(res, 200, {
          symbol: 'AAPL',
          instrument_id: '1',
          result: [
            { time: '1787860837871', price: '1.00', volume: '1', side: 'N' },
            { time: '1787860837872', price: '1.00', volume: '1', side: 'N' },
            { time: 'soon', price: secret, volume: '1', side: 'N' },
          ],
        }),
      '/openapi/market-data/stock/snapshot': (_r, res) => json(res, 200, [snapshotRow('AAPL')]),
    });
    const ticks = await client.api.ticks({ symbol: 'AAPL' });
    expect(ticks.ticks.map((t) => t.time)).toEqual([1787860837871, 1787860837872]);
    await client.api.snapshot({ symbols: ['AAPL'] }); // documented form: nothing to report
    const report = client.readerReport();
    expect(report).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          operation: 'ticks',
          kind: 'repaired',
          reader: 'time',
          path: 'result[].time',
          count: 2,
        }),
        expect.objectContaining({ operation: 'ticks', kind: 'skipped', reader: 'row', path: 'result[]' }),
      ]),
    );
    expect(report.every((e) => e.operation === 'ticks')).toBe(true);
    expect(JSON.stringify(events)).not.toContain(secret);
  });
});

describe('client: the single-symbol bars example', () => {
  it('reads a bare list of bars as the bars of the symbol it asked for', async () => {
    const list = [
      {
        time: '2021-12-28T09:00:09.945+0000',
        open: '180.16',
        close: '179.29',
        high: '181.33',
        low: '178.53',
        volume: '79144339',
      },
    ];
    const { client, events } = await setup({
      '/openapi/market-data/stock/bars': (_r, res) => json(res, 200, list),
    });
    const bars = await client.call('bars', { symbol: 'MSFT', category: 'US_STOCK', timespan: 'D', count: 1 });
    expect(bars).toMatchObject({
      symbol: 'MSFT',
      bars: [{ time: Date.UTC(2021, 11, 28, 9, 0, 9, 945), close: '179.29' }],
    });
    expect(server?.seen.at(-1)?.query).toContainEqual(['symbol', 'MSFT']);
    expect(events.map((e) => e.reader)).toContain('request');
  });
});
