import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSandbox, startTestSandbox } from './helpers/test-sandbox';

/**
 * The forms real clients send (docs/sandbox.md "HTTP API and authentication"): the broker's Python SDK
 * writes booleans as `True`, asks for 1,000 instruments a page and signs HMAC-SHA256, while the
 * API document's worked examples sign HMAC-SHA1. A default sandbox takes all of them.
 */
const WATCHLISTS = '/openapi/market-data/watchlist/list';
const SNAPSHOT = '/openapi/market-data/stock/snapshot';

describe('a default sandbox accepts what real clients send', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    // The simulated market, not the stub: snapshots and instruments are its routes.
    // The real wire (the default): a refusal is 417 OPENAPI_PARAM_ERR naming the parameter and value.
    t = await startTestSandbox({}, { market: undefined });
  });
  afterAll(() => t.sandbox.stop());

  it.each(['true', 'True', 'TRUE', 'false', 'False', 'FALSE'])(
    'takes the boolean %s in a query',
    async (flag) => {
      const res = await t.call({
        path: SNAPSHOT,
        query: [
          ['symbols', 'AAPL'],
          ['category', 'US_STOCK'],
          ['extend_hour_required', flag],
        ],
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    },
  );

  it('still refuses a boolean that is not one, naming the parameter', async () => {
    const res = await t.call({
      path: SNAPSHOT,
      query: [
        ['symbols', 'AAPL'],
        ['extend_hour_required', 'yes'],
      ],
    });
    expect(res.status).toBe(417);
    expect((res.json as { message: string }).message).toBe('invalid extend_hour_required, value: [yes]');
  });

  it('lists instruments with page_size 1000 (the SDK default), refusing 1001', async () => {
    const page = await t.call({ path: '/openapi/instrument/stock/list', query: [['page_size', '1000']] });
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    const over = await t.call({ path: '/openapi/instrument/stock/list', query: [['page_size', '1001']] });
    expect(over.status).toBe(417);
    expect((over.json as { message: string }).message).toBe('invalid page_size, value: [1001]');
  });

  it('verifies HMAC-SHA1 and HMAC-SHA256, each by the algorithm its header names', async () => {
    expect((await t.call({ path: WATCHLISTS, algorithm: 'HMAC-SHA1' })).status).toBe(200);
    expect((await t.call({ path: WATCHLISTS, algorithm: 'HMAC-SHA256' })).status).toBe(200);
    expect(
      (
        await t.call({
          path: '/openapi/market-data/watchlist/create',
          body: { name: 'sha256' },
          algorithm: 'HMAC-SHA256',
        })
      ).status,
    ).toBe(200);
    // Signed with one algorithm, labelled the other: refused.
    const relabelled = await t.call({
      path: WATCHLISTS,
      algorithm: 'HMAC-SHA1',
      headers: { 'x-signature-algorithm': 'HMAC-SHA256' },
    });
    expect(relabelled.status).toBe(401);
    expect((relabelled.json as { error_code: string }).error_code).toBe('INVALID_SIGNATURE');
  });
});

describe('a sandbox restricted to one algorithm', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox({ algorithm: 'HMAC-SHA1' });
  });
  afterAll(() => t.sandbox.stop());

  it('refuses the other one with a clear message', async () => {
    expect((await t.call({ path: WATCHLISTS, algorithm: 'HMAC-SHA1' })).status).toBe(200);
    const other = await t.call({ path: WATCHLISTS, algorithm: 'HMAC-SHA256' });
    expect(other.status).toBe(400);
    expect((other.json as { message: string }).message).toContain('HMAC-SHA256');
  });
});
