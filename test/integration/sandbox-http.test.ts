import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSandbox, startTestSandbox } from './helpers/test-sandbox';

const errorOf = (json: unknown) => json as { error_code: string; message: string };

describe('sandbox HTTP conventions', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    // The real wire (the default): a bad parameter is 417 OPENAPI_PARAM_ERR `invalid <name>, value: [<v>]`,
    // an unrouted path or method the gateway's 404. The documented forms: the last case of this suite.
    t = await startTestSandbox();
  });
  afterAll(() => t.sandbox.stop());

  it("answers the gateway's 404 Route Not Found for an unknown path and for a wrong method", async () => {
    const missing = await t.call({ path: '/openapi/nope' });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error_msg: 'Route Not Found' });
    expect(missing.headers.get('x-request-id')).toBeTruthy();
    const wrong = await t.call({ path: '/openapi/market-data/watchlist/create' });
    expect(wrong.status).toBe(404);
    expect(wrong.json).toEqual({ error_msg: 'Route Not Found' });
  });

  it('documented wire: 404 NOT_FOUND for an unknown path, 405 with Allow for a wrong method, 400 naming the parameter', async () => {
    const documented = await startTestSandbox({ wire: 'documented' });
    try {
      const missing = await documented.call({ path: '/openapi/nope' });
      expect(missing.status).toBe(404);
      expect(errorOf(missing.json).error_code).toBe('NOT_FOUND');
      const wrong = await documented.call({ path: '/openapi/market-data/watchlist/create' });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get('allow')).toBe('POST');
      const bad = await documented.call({ path: '/openapi/assets/balance' });
      expect(bad.status).toBe(400);
      expect(errorOf(bad.json)).toMatchObject({ error_code: 'INVALID_PARAMETER' });
      expect(errorOf(bad.json).message).toContain("'account_id'");
    } finally {
      await documented.sandbox.stop();
    }
  });

  it('names the parameter and its value in a 417 (query and nested body)', async () => {
    const missing = await t.call({ path: '/openapi/assets/balance' });
    expect(missing.status).toBe(417);
    expect(errorOf(missing.json)).toEqual({
      error_code: 'OPENAPI_PARAM_ERR',
      message: 'invalid account_id, value: [null]',
    });
    const nested = await t.call({
      path: '/openapi/trade/order/place',
      body: {
        account_id: 'SBXM00000001',
        new_orders: [
          {
            client_order_id: 'x',
            order_type: 'MARKET',
            quantity: '1',
            side: 'BUY',
            time_in_force: 'DAY',
            symbol: 'AAPL',
          },
        ],
      },
    });
    expect(nested.status).toBe(417);
    expect(errorOf(nested.json).message).toBe('invalid new_orders[0].client_order_id, value: [x]');
    const wrongType = await t.call({ path: '/openapi/market-data/watchlist/create', body: { name: 42 } });
    expect(errorOf(wrongType.json).message).toBe('invalid name, value: [42]');
  });

  it('rejects malformed JSON naming body, and a POST that is not application/json naming content-type', async () => {
    const malformed = await t.call({ path: '/openapi/market-data/watchlist/create', body: '{"name":' });
    expect(malformed.status).toBe(417);
    expect(malformed.json).toEqual({
      error_code: 'OPENAPI_PARAM_ERR',
      message: 'invalid body, value: [null]',
      status: 417,
    });
    const notJson = await t.call({
      path: '/openapi/market-data/watchlist/create',
      body: '{"name":"a"}',
      contentType: 'text/plain',
    });
    expect(notJson.status).toBe(417);
    expect(errorOf(notJson.json).message).toBe('invalid content-type, value: [null]');
    const array = await t.call({ path: '/openapi/market-data/watchlist/create', body: '[]' });
    expect(errorOf(array.json).message).toBe('invalid body, value: [null]');
  });

  it('answers 501 for a catalogue operation nobody serves (here: market data without a simulator)', async () => {
    const res = await t.call({ path: '/openapi/market-data/stock/snapshot', query: [['symbols', 'AAPL']] });
    expect(res.status).toBe(501);
  });

  it('turns a handler exception into 500 INTERNAL_ERROR without a stack', async () => {
    const broken = await startTestSandbox(
      {},
      {
        marketRoutes: {
          snapshot: () => {
            throw new Error('boom at secret/place.ts:12');
          },
        },
      },
    );
    try {
      const res = await broken.call({
        path: '/openapi/market-data/stock/snapshot',
        query: [['symbols', 'AAPL']],
      });
      expect(res.status).toBe(500);
      expect(errorOf(res.json).error_code).toBe('INTERNAL_ERROR');
      expect(JSON.stringify(res.json)).not.toContain('place.ts');
    } finally {
      await broken.sandbox.stop();
    }
  });
});

describe('Market Data rate limit (300/min per app key)', () => {
  it('refuses the 301st Market Data request in a minute with 429 and Retry-After, and frees a slot as the window rolls', async () => {
    const t = await startTestSandbox();
    try {
      const path = '/openapi/market-data/watchlist/list';
      for (let i = 0; i < 300; i++) {
        const res = await t.call({ path });
        if (res.status !== 200) throw new Error(`request ${i + 1} → ${res.status}`);
      }
      const refused = await t.call({ path });
      expect(refused.status).toBe(429);
      expect(errorOf(refused.json).error_code).toBe('TOO_MANY_REQUESTS');
      expect(refused.headers.get('retry-after')).toBe('60');
      // Trading calls are not Market Data: unaffected.
      expect((await t.call({ path: '/openapi/account/list' })).status).toBe(200);
      t.clock.now += 60_001;
      expect((await t.call({ path })).status).toBe(200);
    } finally {
      await t.sandbox.stop();
    }
  });

  it('honours a configured limit and computes Retry-After from the oldest request', async () => {
    const t = await startTestSandbox({ marketDataLimitPerMinute: 3 });
    try {
      const path = '/openapi/market-data/watchlist/list';
      await t.call.ok({ path });
      t.clock.now += 20_000;
      await t.call.ok({ path });
      await t.call.ok({ path });
      const refused = await t.call({ path });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('40');
      t.clock.now += 40_000;
      await t.call.ok({ path });
      expect((await t.call({ path })).status).toBe(429);
    } finally {
      await t.sandbox.stop();
    }
  });
});
