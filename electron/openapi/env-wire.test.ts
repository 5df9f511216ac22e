import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../shared/errors';
import { ApiError } from './api-error';
import { createOpenApiClient, type OpenApiClient } from './client';
import { envWire, orderCategory } from './env-wire';
import {
  json,
  startLoopback,
  testEnvironment,
  TEST_CREDENTIALS,
  type Loopback,
} from './testing/loopback-server';

const leg = { instrument_type: 'OPTION', market: 'US' };

describe('what an environment puts on the wire', () => {
  it('sends option orders to the unified endpoints, in the chosen path set, with the category header', () => {
    const params = {
      account_id: 'A',
      new_orders: [{ instrument_type: 'OPTION', market: 'US', legs: [leg] }],
    };
    const unifiedV3 = testEnvironment('http://127.0.0.1:1', { optionOrders: 'unified', pathScheme: 'v3' });
    expect(envWire(unifiedV3, 'optionOrderPlace', params as never)).toEqual({
      sentAs: 'orderPlace',
      path: '/trading/orders/place',
      headers: { category: 'US_OPTION' },
    });
    expect(envWire(testEnvironment('http://127.0.0.1:1'), 'optionOrderPlace', params as never)).toEqual({
      sentAs: 'optionOrderPlace',
      headers: { category: 'US_OPTION' },
    });
    expect(envWire(unifiedV3, 'ordersOpen', { account_id: 'A' } as never)).toEqual({
      sentAs: 'ordersOpen',
      path: '/trading/orders/open-orders/list',
    });
    expect(envWire(unifiedV3, 'tokenCreate', {} as never).path).toBe('/auth/tokens/create');
    expect(envWire(unifiedV3, 'snapshot', { symbols: ['AAPL'] } as never).path).toBeUndefined();
  });

  it('derives the category as the broker SDK does', () => {
    expect(orderCategory({ new_orders: [{ legs: [leg] }] })).toBe('US_OPTION');
    expect(orderCategory({ new_orders: [{ instrument_type: 'EQUITY', market: 'US' }] })).toBe('US_EQUITY');
    expect(orderCategory({ account_id: 'A', client_order_id: 'x' })).toBeUndefined();
  });
});

describe('a refused path or x-version is explained', () => {
  let server: Loopback | undefined;
  let client: OpenApiClient | undefined;
  afterEach(async () => {
    client?.close();
    await server?.close();
  });

  const start = async (reply: (path: string) => [number, unknown] | undefined) => {
    server = await startLoopback((req, res) => {
      if (req.path === '/openapi/config') return json(res, 200, { token_check_enabled: false });
      const [status, body] = reply(req.path) ?? [500, {}];
      return json(res, status, body);
    });
    client = createOpenApiClient({
      environment: testEnvironment(server.url, { name: 'Webull US test', pathScheme: 'v3' }),
      credentials: TEST_CREDENTIALS,
      retry: { attempts: 1 },
    });
    return client;
  };
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => {
        throw new Error('resolved');
      },
      (e: unknown) => e as ApiError,
    );

  it('a gateway 404 "Route Not Found" names the environment, the path, the path set and what to check', async () => {
    const c = await start(() => [404, { error_msg: 'Route Not Found' }]);
    const error = await failure(c.call('balance', { account_id: 'A1' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(ErrorCodes.ROUTE_NOT_FOUND);
    expect(error.message).toMatch(/Webull US test has no route for \/trading\/assets\/balances\/get/);
    expect(error.message).toMatch(/x-version v2, v3 paths/);
    expect(error.message).toMatch(/app key belongs to this environment/);
  });

  it('a refused x-version says so', async () => {
    const c = await start(() => [
      417,
      { error_code: 'UNSUPPORTED_VERSION', message: 'x-version v2 not supported' },
    ]);
    const error = await failure(c.call('positions', { account_id: 'A1' }));
    expect(error.code).toBe(ErrorCodes.VERSION_REFUSED);
    expect(error.message).toMatch(/refused x-version v2/);
  });

  it('an ordinary 404 of an operation stays what it was', async () => {
    const c = await start(() => [404, { error_code: 'ORDER_NOT_FOUND', message: 'no such order' }]);
    const error = await failure(c.call('orderDetail', { account_id: 'A1', client_order_id: 'a'.repeat(32) }));
    expect(error.code).toBe('ORDER_NOT_FOUND');
  });
});
