import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect as mqttConnect, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { newClientOrderId } from '../../electron/openapi/order-placement';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';
import { decodeQuoteMessage } from '../../electron/streaming/quote-state';
import { newSessionId } from '../../electron/streaming/quote-stream';
import { Decimal } from '../../shared/decimal';
import { OPERATION_IDS, operations, type OperationId, type OpResult } from '../../shared/openapi/operations';
import {
  type CatalogueContext,
  catalogueSamples,
  REPLACED_OPTION_LIMIT,
  REPLACED_STOCK_LIMIT,
  RESTING_STOCK_LIMIT,
} from './helpers/catalogue-samples';

/** How long a condition may take to come true over real sockets (polled every 10 ms). */
const WAIT = { timeout: 5_000, interval: 10 };

/**
 * Every catalogue operation, through the real client (`createOpenApiClient`),
 * against the real sandbox (simulated market, stores, MQTT broker). Run under both signing
 * generations (docs/openapi-client.md) and both account-list paths; a recording pass-through proxy proves which
 * path and x-version actually went over the wire. The sandbox clock is fixed inside regular hours
 * (Wed 2026-11-18 10:00 New York), so quotes do not move and resting orders stay resting.
 */
const T0 = Date.parse('2026-11-18T15:00:00Z');
// Each run also takes one wire form (docs/sandbox.md "Wire forms"): the real service's, the default,
// and the documented one, so the client reads every operation in both without a third run.
const CONFIGS = [
  { algorithm: 'HMAC-SHA1', xVersion: 'v2', accountListPath: '/openapi/account/list', wire: 'real' },
  { algorithm: 'HMAC-SHA256', xVersion: 'v3', accountListPath: '/trading/accounts/list', wire: 'documented' },
] as const;

interface Seen {
  method: string;
  path: string;
  xVersion: string | undefined;
}

/** Forwards every request unchanged (Host included, so the signature still verifies) and records it. */
async function startRecordingProxy(target: string) {
  const to = new URL(target);
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const xv = req.headers['x-version'];
    seen.push({
      method: req.method ?? '',
      path: new URL(req.url ?? '/', 'http://proxy').pathname,
      xVersion: typeof xv === 'string' ? xv : undefined,
    });
    const upstream = http.request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      res.statusCode = 502;
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dec = (s: string | undefined) => new Decimal(s ?? 'NaN');
const descending = (values: string[]) => values.every((v, i) => i === 0 || dec(values[i - 1]).gte(v));

describe.each(CONFIGS)(
  'every catalogue operation via the real client ($algorithm, $xVersion, $wire wire)',
  (cfg) => {
    let sandbox: SandboxHandle;
    let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
    let client: OpenApiClient;
    let mqtt: MqttClient | undefined;
    const called = new Set<OperationId>();
    const ctx: CatalogueContext = {
      marginAccountId: '',
      heldInstrumentId: '',
      watchlistId: '',
      sectorId: '',
      option: { symbol: '', underlying: '', strike: '', expireDate: '', optionType: 'CALL' },
      stockOrderId: newClientOrderId(),
      optionOrderId: newClientOrderId(),
      sessionId: newSessionId(),
      token: '',
      tag: cfg.algorithm,
    };

    /** Calls `op` with its sample through the real client and re-checks the reply against the catalogue. */
    async function run<K extends OperationId>(op: K): Promise<OpResult<K>> {
      called.add(op);
      const result = await client.call(op, catalogueSamples[op](ctx));
      expect(operations[op].response.safeParse(result).success, `${op} reply parses`).toBe(true);
      return result;
    }

    beforeAll(async () => {
      sandbox = await startSandbox(
        {
          algorithm: cfg.algorithm,
          clock: () => T0,
          tokenApprovalDelayMs: 0,
          quoteUpdatesPerSecond: 20,
          wire: cfg.wire,
        },
        { log: () => undefined },
      );
      proxy = await startRecordingProxy(sandbox.apiUrl);
      client = createOpenApiClient({
        environment: testEnvironment(proxy.url, {
          algorithm: cfg.algorithm,
          xVersion: cfg.xVersion,
          accountListPath: cfg.accountListPath,
        }),
        credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
        now: () => T0,
      });
    });
    afterAll(async () => {
      client?.close();
      if (mqtt) await mqtt.endAsync(true);
      await proxy?.close();
      await sandbox?.stop();
    });

    it('handshake and access token', async () => {
      expect(await run('openApiConfig')).toEqual({ token_check_enabled: false });
      const created = await run('tokenCreate');
      expect(created.status).toBe('NORMAL');
      ctx.token = created.token;
      expect(await run('tokenCheck')).toEqual(created);
      const refreshed = await run('tokenRefresh');
      expect(refreshed).toMatchObject({ token: created.token, status: 'NORMAL' });
    });

    it('accounts and assets (on the configured account-list path and x-version)', async () => {
      const accounts = await run('accountList');
      // The first non-auth call ran the start-up handshake, which always goes out as v2, as the official SDKs send it.
      const configs = proxy.seen.filter((s) => s.path === '/openapi/config');
      expect(configs.map((s) => s.xVersion)).toEqual([cfg.xVersion, 'v2']);
      expect(accounts.map((a) => a.account_type).sort()).toEqual(['CASH', 'MARGIN']);
      expect(await run('accountListV3')).toEqual(accounts);
      ctx.marginAccountId = accounts.find((a) => a.account_type === 'MARGIN')?.account_id ?? '';
      const listCalls = proxy.seen.filter((s) => s.path.endsWith('/list') && s.path.includes('account'));
      expect(listCalls.map((s) => s.path)).toEqual([cfg.accountListPath, cfg.accountListPath]);
      expect(listCalls.every((s) => s.xVersion === cfg.xVersion)).toBe(true);

      const balance = await run('balance');
      expect(balance).toMatchObject({ account_id: ctx.marginAccountId, total_asset_currency: 'USD' });
      expect(dec(balance.total_asset).gt(0)).toBe(true);
      const positions = await run('positions');
      const held = positions[0];
      if (!held) throw new Error('the seeded margin account holds no position');
      ctx.heldInstrumentId = held.instrument_id;
      // Two lots per position (docs/sandbox.md): page_size 1 pages through them with last_id.
      const first = await run('positionDetails');
      expect(first).toMatchObject({ instrument_id: held.instrument_id, has_more: true });
      expect(first.items).toHaveLength(1);
      const second = await client.call('positionDetails', {
        ...catalogueSamples.positionDetails(ctx),
        last_id: first.last_id,
      });
      const lots = [...first.items, ...second.items];
      expect(new Set(lots.map((l) => l.lot_id)).size).toBe(lots.length);
      expect(lots.reduce((sum, l) => sum.plus(l.quantity), new Decimal(0)).eq(held.quantity)).toBe(true);
    });

    it('market data and options', async () => {
      const live = sandbox.market.quote('AAPL');
      const snaps = await run('snapshot');
      expect(snaps.map((s) => s.symbol)).toEqual(['AAPL', 'MSFT']);
      expect(snaps[0]?.price).toBe(live?.price);
      const book = await run('quotes');
      expect(book.asks).toHaveLength(3);
      expect(book.bids).toHaveLength(3);
      expect(dec(book.asks[0]?.price).gt(dec(book.bids[0]?.price))).toBe(true);
      const ticks = await run('ticks');
      expect(ticks.ticks).toHaveLength(5);
      expect(ticks.ticks.every((t) => t.time <= T0)).toBe(true);
      const bars = await run('bars');
      expect(bars).toMatchObject({ symbol: 'AAPL', timespan: 'M5' });
      expect(bars.bars).toHaveLength(12);
      expect(bars.bars.every((b, i, all) => i === 0 || b.time > (all[i - 1]?.time ?? 0))).toBe(true);
      const batch = await run('batchBars');
      expect(batch.map((b) => [b.symbol, b.bars.length])).toEqual([
        ['AAPL', 7],
        ['MSFT', 7],
      ]);

      const listed = await run('optionContracts');
      expect(listed.data.length).toBeGreaterThan(0);
      expect(listed.data.every((c) => c.underlying_symbol === 'AAPL' && c.option_type === 'CALL')).toBe(true);
      const chain = await run('optionChain');
      expect(chain.underlying_symbol).toBe('AAPL');
      const expiry = chain.expirations[0];
      const calls = chain.contracts.filter(
        (c) => c.option_expire_date === expiry && c.option_type === 'CALL',
      );
      const spot = dec(chain.underlying_price);
      const atm = calls.sort((a, b) =>
        dec(a.strike_price).minus(spot).abs().comparedTo(dec(b.strike_price).minus(spot).abs()),
      )[0];
      if (!atm || !expiry) throw new Error('no listed AAPL call');
      ctx.option = {
        symbol: atm.symbol,
        underlying: 'AAPL',
        strike: atm.strike_price,
        expireDate: atm.option_expire_date,
        optionType: 'CALL',
      };
      const optSnap = await run('optionSnapshot');
      expect(optSnap[0]).toMatchObject({
        symbol: atm.symbol,
        underlying_symbol: 'AAPL',
        option_type: 'CALL',
      });
      expect(dec(optSnap[0]?.strike_price).eq(dec(atm.strike_price))).toBe(true);
      expect((await run('optionBars')).bars).toHaveLength(4);
      const optTicks = await run('optionTick');
      expect(optTicks.symbol).toBe(atm.symbol);
      expect(optTicks.ticks.length).toBeLessThanOrEqual(3);

      const instruments = await run('instruments');
      expect(instruments.map((i) => i.symbol).sort()).toEqual(['AAPL', 'MSFT']);
      expect(instruments.every((i) => dec(i.maintenance_margin_long).gt(0))).toBe(true);
    });

    it('screeners', async () => {
      const gainers = await run('gainersLosers');
      expect(gainers.page_size).toBe(5);
      expect(gainers.items.length).toBeGreaterThan(0);
      expect(gainers.items.every((r) => dec(r.change_ratio).gt(0))).toBe(true);
      expect(descending(gainers.items.map((r) => r.change_ratio))).toBe(true);
      expect(descending((await run('topActive')).items.map((r) => r.volume))).toBe(true);
      const sectors = await run('marketSectors');
      const sector = sectors.items[0];
      if (!sector) throw new Error('no sector');
      ctx.sectorId = sector.sector_id;
      const members = await run('marketSectorsDetail');
      expect(members.items.length).toBeGreaterThan(0);
      expect(members.total).toBe(sector.up_count + sector.down_count + sector.flat_count);
      const dividends = await run('highDividend');
      expect(descending(dividends.items.map((r) => r.dividend_yield ?? '0'))).toBe(true);
      expect((await run('week52HighLow')).page_size).toBe(5);
    });

    it('fundamentals (stock AAPL, fund SPY)', async () => {
      for (const op of ['companyProfile', 'analystTargetPrice', 'analystRating'] as const)
        expect((await run(op)).symbol, op).toBe('AAPL');
      const rating = await run('analystRating');
      expect(rating.strong_buy + rating.buy + rating.hold + rating.sell + rating.strong_sell).toBeGreaterThan(
        0,
      );
      for (const op of [
        'forecastEps',
        'filings',
        'earningsCalendar',
        'dividendCalendar',
        'financialAlert',
      ] as const)
        expect(Array.isArray(await run(op)), op).toBe(true);
      const flow = await run('capitalFlow');
      expect(flow).toHaveLength(5);
      expect(flow.every((d) => dec(d.inflow).minus(d.outflow).eq(dec(d.net_flow)))).toBe(true);
      expect((await run('industryComparison')).symbol).toBe('AAPL');
      expect(await run('financialIndicators')).toHaveLength(4);
      const income = await run('incomeStatement');
      expect(income.map((p) => p.fiscal_period)).toEqual(['FY', 'FY', 'FY']);
      expect(await run('cashFlowStatement')).toHaveLength(2);
      expect(await run('balanceSheet')).toHaveLength(2);
      for (const op of ['fundBrief', 'fundPerformance', 'fundHoldings', 'fundRating'] as const)
        expect((await run(op)).symbol, op).toBe('SPY');
      expect(await run('fundNetValue')).toHaveLength(10);
      expect((await run('fundDividends')).page_size).toBe(4);
      for (const op of ['fundSplits', 'fundFiles'] as const)
        expect(Array.isArray(await run(op)), op).toBe(true);
      const allocation = await run('fundAllocation');
      expect(allocation.symbol).toBe('SPY');
      expect(allocation.sectors.reduce((sum, x) => sum.plus(x.weight), new Decimal(0)).gt(0)).toBe(true);
    });

    it('watchlists: create, rename, add, reorder, remove, delete', async () => {
      const before = await run('watchlistList');
      const created = await run('watchlistCreate');
      ctx.watchlistId = created.watchlist_id;
      expect(before.map((w) => w.watchlist_id)).not.toContain(created.watchlist_id);
      expect((await run('watchlistUpdate')).name).toBe(`Catalogue ${ctx.tag} renamed`);
      expect((await run('watchlistAdd')).map((i) => i.symbol).sort()).toEqual(['AAPL', 'MSFT', 'SPY']);
      const ordered = (items: Array<{ symbol: string; sort: number }>) =>
        [...items].sort((a, b) => a.sort - b.sort).map((i) => i.symbol);
      await run('watchlistReorder');
      // The order given becomes `sort`; members not named keep their order after them.
      expect(ordered(await run('watchlistInstruments'))).toEqual(['SPY', 'AAPL', 'MSFT']);
      await run('watchlistRemove');
      expect(ordered(await client.call('watchlistInstruments', { watchlist_id: ctx.watchlistId }))).toEqual([
        'SPY',
        'AAPL',
      ]);
      expect(await run('watchlistDelete')).toMatchObject({ watchlist_id: ctx.watchlistId, deleted: true });
      const after = await client.call('watchlistList', {});
      expect(after.map((w) => w.watchlist_id)).not.toContain(ctx.watchlistId);
    });

    it('stock orders: preview, place, open, detail, replace, cancel, history', async () => {
      const [preview] = await run('orderPreview');
      expect(dec(preview?.estimated_cost).eq(dec(RESTING_STOCK_LIMIT).times(2))).toBe(true);
      const [ack] = await run('orderPlace');
      expect(ack).toMatchObject({ client_order_id: ctx.stockOrderId, status: 'SUBMITTED' });
      expect((await run('ordersOpen')).map((o) => o.client_order_id)).toContain(ctx.stockOrderId);
      expect(await run('orderDetail')).toMatchObject({ status: 'SUBMITTED', symbol: 'AAPL', quantity: '2' });
      await run('orderReplace');
      const replaced = await client.call('orderDetail', catalogueSamples.orderDetail(ctx));
      expect(dec(replaced.limit_price).eq(REPLACED_STOCK_LIMIT)).toBe(true);
      expect(await run('orderCancel')).toMatchObject({
        client_order_id: ctx.stockOrderId,
        status: 'CANCELLED',
      });
      const open = await client.call('ordersOpen', catalogueSamples.ordersOpen(ctx));
      expect(open.map((o) => o.client_order_id)).not.toContain(ctx.stockOrderId);
      const history = await run('ordersHistory');
      expect(history.find((o) => o.client_order_id === ctx.stockOrderId)?.status).toBe('CANCELLED');
    });

    it('option orders: preview, place, replace, cancel', async () => {
      const [preview] = await run('optionOrderPreview');
      expect(dec(preview?.estimated_commission).eq('0.65')).toBe(true);
      const [ack] = await run('optionOrderPlace');
      expect(ack).toMatchObject({ client_order_id: ctx.optionOrderId, status: 'SUBMITTED' });
      await run('optionOrderReplace');
      const detail = await client.call('orderDetail', {
        account_id: ctx.marginAccountId,
        client_order_id: ctx.optionOrderId,
      });
      expect(detail).toMatchObject({ status: 'SUBMITTED', instrument_type: 'OPTION' });
      expect(dec(detail.limit_price).eq(REPLACED_OPTION_LIMIT)).toBe(true);
      expect(await run('optionOrderCancel')).toMatchObject({ status: 'CANCELLED' });
    });

    it('streaming routing: subscribe pushes protobuf to the session, unsubscribe stops it', async () => {
      const got: Array<{ topic: string; symbol: string; at: number }> = [];
      mqtt = mqttConnect(sandbox.mqttUrl, {
        clientId: ctx.sessionId,
        username: sandbox.appKey,
        password: 'f'.repeat(32),
        reconnectPeriod: 0,
      });
      mqtt.on('message', (topic, payload) => {
        const update = decodeQuoteMessage(topic, payload, Date.now());
        if (update) got.push({ topic, symbol: update.symbol, at: Date.now() });
      });
      await new Promise<void>((resolve, reject) => {
        mqtt?.once('connect', () => resolve());
        mqtt?.once('error', reject);
      });
      const ack = await run('streamingSubscribe');
      expect(ack.session_id ?? ctx.sessionId).toBe(ctx.sessionId);
      await vi.waitFor(
        () =>
          expect(['AAPL', 'MSFT'].every((s) => got.some((g) => g.symbol === s && g.topic === 'quote'))).toBe(
            true,
          ),
        WAIT,
      );
      expect(got.every((g) => g.topic === 'snapshot' || g.topic === 'quote')).toBe(true);
      await run('streamingUnsubscribe');
      await sleep(100); // a round already encoded may still be on the wire
      const cut = Date.now();
      await sleep(300); // ≈ 6 publishing rounds at 20/s
      const after = got.filter((g) => g.at > cut);
      expect(after.some((g) => g.symbol === 'AAPL')).toBe(true);
      expect(after.some((g) => g.symbol === 'MSFT')).toBe(false);
    });

    it('exercised every operation of the catalogue', () => {
      expect([...called].sort()).toEqual([...OPERATION_IDS].sort());
    });
  },
);
