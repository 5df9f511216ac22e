import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/openapi/api-error';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { newClientOrderId } from '../../electron/openapi/order-placement';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';
import { Decimal } from '../../shared/decimal';
import { REAL_OPTION_RULES, type EnvironmentSettings } from '../../shared/environments';
import type { ListedOptionContract } from '../../shared/openapi/records/market';
import type { NewOrder } from '../../shared/openapi/records/orders';

/**
 * A chain from the list-option-contracts operation and option orders on the unified endpoints
 * (category header), through the real client and a recording proxy, against the real sandbox in
 * both path sets; and the real service's option rules enforced by a sandbox told to.
 */
const T0 = Date.parse('2026-11-18T15:00:00Z'); // Wednesday, 10:00 New York

async function startRecordingProxy(target: string) {
  const to = new URL(target);
  const seen: Array<{ method: string; path: string; category: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    const category = req.headers.category;
    seen.push({
      method: req.method ?? '',
      path: new URL(req.url ?? '/', 'http://proxy').pathname,
      category: typeof category === 'string' ? category : undefined,
    });
    const upstream = http.request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function allContracts(client: OpenApiClient, underlying: string): Promise<ListedOptionContract[]> {
  const rows: ListedOptionContract[] = [];
  let key: string | undefined;
  for (let page = 0; page < 20; page++) {
    const reply = await client.call('optionContracts', {
      underlying_symbols: [underlying],
      ...(key ? { pagination_key: key } : {}),
    });
    rows.push(...reply.data);
    key = reply.pagination_key;
    if (!key) return rows;
  }
  throw new Error('more than 20 pages');
}

function optionOrder(c: ListedOptionContract, over: Partial<NewOrder> = {}): NewOrder {
  const side = over.side ?? 'BUY';
  return {
    client_order_id: newClientOrderId(),
    combo_type: 'NORMAL',
    option_strategy: 'SINGLE',
    instrument_type: 'OPTION',
    market: 'US',
    order_type: 'LIMIT',
    limit_price: '0.05',
    quantity: '1',
    side,
    time_in_force: 'DAY',
    entrust_type: 'QTY',
    ...over,
    legs: [
      {
        side,
        quantity: '1',
        symbol: c.root_symbol ?? c.underlying_symbol,
        strike_price: new Decimal(c.strike_price).toFixed(),
        option_expire_date: c.expiration_date,
        option_type: c.option_type === 'PUT' ? 'PUT' : 'CALL',
        instrument_type: 'OPTION',
        market: 'US',
      },
    ],
  };
}

describe.each(['openapi', 'v3'] as const)(
  'options on the sandbox, %s paths, unified orders',
  (pathScheme) => {
    let sandbox: SandboxHandle;
    let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
    let client: OpenApiClient;
    let env: EnvironmentSettings;
    let account = '';

    beforeAll(async () => {
      sandbox = await startSandbox(
        { clock: () => T0, tokenApprovalDelayMs: 0 },
        { log: () => undefined, httpOnly: true },
      );
      proxy = await startRecordingProxy(sandbox.apiUrl);
      env = testEnvironment(proxy.url, { algorithm: sandbox.algorithm, pathScheme, optionOrders: 'unified' });
      client = createOpenApiClient({
        environment: env,
        credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
        now: () => T0,
      });
      const accounts = await client.call('accountList', {});
      account = accounts.find((a) => a.account_type === 'MARGIN')?.account_id ?? '';
    });
    afterAll(async () => {
      client?.close();
      await proxy?.close();
      await sandbox?.stop();
    });

    it('places an option order chosen from the contracts list on the unified endpoint with category US_OPTION', async () => {
      const rows = await allContracts(client, 'AAPL');
      const expiries = [...new Set(rows.map((r) => r.expiration_date))].sort();
      expect(expiries.length).toBeGreaterThan(3);
      const calls = rows.filter((r) => r.expiration_date === expiries[1] && r.option_type === 'CALL');
      const quotes = await client.call('optionSnapshot', {
        symbols: calls.slice(0, 20).map((c) => c.symbol),
      });
      expect(quotes.map((q) => q.symbol).sort()).toEqual(
        calls
          .slice(0, 20)
          .map((c) => c.symbol)
          .sort(),
      );
      const chosen = calls[Math.floor(calls.length / 2)];
      if (!chosen) throw new Error('no call listed');

      const order = optionOrder(chosen, { position_intent: 'BUY_TO_OPEN' });
      const [ack] = await client.call('optionOrderPlace', { account_id: account, new_orders: [order] });
      expect(ack?.client_order_id).toBe(order.client_order_id);
      const detail = await client.call('orderDetail', {
        account_id: account,
        client_order_id: order.client_order_id,
      });
      expect(detail.option_symbol).toBe(chosen.symbol);

      const place = pathScheme === 'v3' ? '/trading/orders/place' : '/openapi/trade/order/place';
      expect(proxy.seen.filter((s) => s.path === place)).toEqual([
        { method: 'POST', path: place, category: 'US_OPTION' },
      ]);
      expect(proxy.seen.some((s) => s.path.includes('/option/order/'))).toBe(false);
      if (pathScheme === 'v3') expect(proxy.seen.some((s) => s.path === '/trading/orders/get')).toBe(true);

      const cancelled = await client.call('optionOrderCancel', {
        account_id: account,
        client_order_id: order.client_order_id,
      });
      expect(cancelled.client_order_id).toBe(order.client_order_id);
    });
  },
);

describe('a sandbox enforcing the real option rules', () => {
  let sandbox: SandboxHandle;
  let client: OpenApiClient;
  let account = '';
  let contract: ListedOptionContract | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox(
      { clock: () => T0, tokenApprovalDelayMs: 0, optionRules: REAL_OPTION_RULES },
      { log: () => undefined, httpOnly: true },
    );
    client = createOpenApiClient({
      environment: testEnvironment(sandbox.apiUrl, { algorithm: sandbox.algorithm, optionOrders: 'unified' }),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      now: () => T0,
    });
    account =
      (await client.call('accountList', {})).find((a) => a.account_type === 'MARGIN')?.account_id ?? '';
    contract = (await client.call('optionContracts', { underlying_symbols: ['AAPL'], option_type: 'PUT' }))
      .data[0];
  });
  afterAll(async () => {
    client?.close();
    await sandbox?.stop();
  });

  const refusal = (order: NewOrder) =>
    client.call('optionOrderPlace', { account_id: account, new_orders: [order] }).then(
      () => undefined,
      (e: unknown) => (e instanceof ApiError ? e.message : String(e)),
    );

  it('refuses a MARKET option order and a GTC option sell, naming the field; accepts a DAY limit sell', async () => {
    if (!contract) throw new Error('no AAPL put listed');
    expect(await refusal(optionOrder(contract, { order_type: 'MARKET', limit_price: undefined }))).toMatch(
      /new_orders\[0\]\.order_type/,
    );
    expect(await refusal(optionOrder(contract, { side: 'SELL', time_in_force: 'GTC' }))).toMatch(
      /new_orders\[0\]\.time_in_force/,
    );
    expect(await refusal(optionOrder(contract, { side: 'SELL', position_intent: 'BUY_TO_CLOSE' }))).toMatch(
      /position_intent/,
    );
    expect(await refusal(optionOrder(contract, { side: 'SELL', limit_price: '500.00' }))).toBeUndefined();
  });
});
