import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../shared/signing';
import { RTH_TIME, type TestSandbox, startTestSandbox } from './helpers/test-sandbox';

const WATCHLISTS = '/openapi/market-data/watchlist/list';

describe('sandbox authentication (docs/openapi-client.md, "Request signing")', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    // The real wire (the default): a missing key is 401 MISSING_APP_KEY, an unknown one the gateway's
    // 404, a bad parameter 417 OPENAPI_PARAM_ERR; the documented forms keep one case below.
    t = await startTestSandbox();
  });
  afterAll(() => t.sandbox.stop());

  const expectError = (
    res: { status: number; json: unknown; headers: Headers },
    status: number,
    code: string,
    mention?: string,
  ) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    const body = res.json as { error_code: string; message: string };
    expect(body.error_code).toBe(code);
    expect(typeof body.message).toBe('string');
    if (mention) expect(body.message).toContain(mention);
    expect(JSON.stringify(body)).not.toContain('test-secret');
  };

  it('accepts a correctly signed GET and POST, with x-request-id and the sandbox clock in Date', async () => {
    const res = await t.call({ path: '/openapi/config' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ token_check_enabled: false });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(res.headers.get('date') ?? '')).toBe(RTH_TIME);
    const created = await t.call({
      path: '/openapi/market-data/watchlist/create',
      body: { name: 'Signed ünïcode <&>' },
    });
    expect(created.status).toBe(200);
  });

  it('rejects a request without x-app-key (401 MISSING_APP_KEY)', async () => {
    expectError(await t.call({ path: WATCHLISTS, headers: { 'x-app-key': null } }), 401, 'MISSING_APP_KEY');
  });

  it('documented wire: a request without x-app-key is 400 MISSING_HEADER naming it, an unknown key 401', async () => {
    const documented = await startTestSandbox({ wire: 'documented' });
    try {
      const call = documented.call;
      expectError(
        await call({ path: WATCHLISTS, headers: { 'x-app-key': null } }),
        400,
        'MISSING_HEADER',
        'x-app-key',
      );
      expectError(await call({ path: WATCHLISTS, appKey: 'b'.repeat(32) }), 401, 'UNKNOWN_APP_KEY');
    } finally {
      await documented.sandbox.stop();
    }
  });

  it.each([
    'x-timestamp',
    'x-signature',
    'x-signature-algorithm',
    'x-signature-version',
    'x-signature-nonce',
    'x-version',
  ])('rejects a request without %s (400 MISSING_HEADER naming it)', async (name) => {
    expectError(await t.call({ path: WATCHLISTS, headers: { [name]: null } }), 400, 'MISSING_HEADER', name);
  });

  it('accepts x-version v2 and v3 and rejects others', async () => {
    expect((await t.call({ path: WATCHLISTS, headers: { 'x-version': 'v3' } })).status).toBe(200);
    expect((await t.call({ path: WATCHLISTS, headers: { 'x-version': 'v2' } })).status).toBe(200);
    expectError(
      await t.call({ path: WATCHLISTS, headers: { 'x-version': 'v9' } }),
      400,
      'INVALID_HEADER',
      'x-version',
    );
  });

  it('rejects a bad x-signature-version', async () => {
    expectError(
      await t.call({ path: WATCHLISTS, headers: { 'x-signature-version': '2.0' } }),
      400,
      'INVALID_HEADER',
      'x-signature-version',
    );
  });

  it('rejects a timestamp more than 5 minutes off, or not in the exact format', async () => {
    expectError(
      await t.call({ path: WATCHLISTS, timestamp: formatTimestamp(RTH_TIME - 5 * 60_000 - 1000) }),
      401,
      'TIMESTAMP_EXPIRED',
    );
    expectError(
      await t.call({ path: WATCHLISTS, timestamp: formatTimestamp(RTH_TIME + 5 * 60_000 + 1000) }),
      401,
      'TIMESTAMP_EXPIRED',
    );
    expectError(
      await t.call({ path: WATCHLISTS, timestamp: new Date(RTH_TIME).toISOString() }),
      401,
      'TIMESTAMP_EXPIRED',
      'format',
    );
    // The sandbox started at RTH_TIME and refuses anything signed before its start (a possible
    // replay from before a restart), so the 4-minutes-behind case is checked 4 minutes after it.
    t.clock.now = RTH_TIME + 4 * 60_000;
    try {
      expect((await t.call({ path: WATCHLISTS, timestamp: formatTimestamp(RTH_TIME) })).status).toBe(200);
      expectError(
        await t.call({ path: WATCHLISTS, timestamp: formatTimestamp(RTH_TIME - 1000) }),
        401,
        'TIMESTAMP_EXPIRED',
        'before this sandbox started',
      );
    } finally {
      t.clock.now = RTH_TIME;
    }
  });

  it('rejects a reused nonce within the window', async () => {
    const nonce = 'f'.repeat(32);
    expect((await t.call({ path: WATCHLISTS, nonce })).status).toBe(200);
    expectError(await t.call({ path: WATCHLISTS, nonce }), 401, 'NONCE_REUSED');
  });

  it("rejects an unknown app key (the gateway's 404) and a wrong secret", async () => {
    const unknown = await t.call({ path: WATCHLISTS, appKey: 'b'.repeat(32) });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error_msg: 'Route Not Found' });
    expectError(await t.call({ path: WATCHLISTS, appSecret: 'wrong' }), 401, 'INVALID_SIGNATURE');
  });

  it('rejects a tampered query, body or signed header', async () => {
    // Signed one way, sent another: the server recomputes over what it received.
    const signedForOther = await t.call({
      path: WATCHLISTS,
      headers: { 'x-signature-nonce': 'e'.repeat(32) },
    });
    expectError(signedForOther, 401, 'INVALID_SIGNATURE');
    const path = '/openapi/market-data/watchlist/create';
    // Same JSON value, different bytes: the digest is over the exact bytes, so this must fail.
    expectError(
      await t.call({ path, body: '{"name":"x"}', sendBody: '{"name": "x"}' }),
      401,
      'INVALID_SIGNATURE',
    );
    expectError(
      await t.call({ path, body: '{"name":"x"}', sendBody: '{"name":"y"}' }),
      401,
      'INVALID_SIGNATURE',
    );
    expect((await t.call({ path, body: '{"name": "spaced but signed as sent"}' })).status).toBe(200);
  });

  it('accepts a signature over host:port and over the bare host', async () => {
    expect((await t.call({ path: WATCHLISTS, signHost: 'port' })).status).toBe(200);
    expect((await t.call({ path: WATCHLISTS, signHost: 'bare' })).status).toBe(200);
    expectError(await t.call({ path: WATCHLISTS, signHost: 'localhost' }), 401, 'INVALID_SIGNATURE');
  });

  it('signs query values before URL encoding, with repeated names', async () => {
    const res = await t.call({
      path: '/openapi/trade/order/history',
      query: [
        ['account_id', 'SBXM00000001'],
        ['start_date', '2026-11-01'],
        ['end_date', '2026-11-30'],
      ],
    });
    expect(res.status).toBe(200);
    const repeated = await t.call({
      path: '/openapi/assets/positions',
      query: [
        ['account_id', 'SBXM00000001'],
        ['account_id', 'SBXC00000001'],
      ],
    });
    // Signature fine (values sorted and joined), but a scalar parameter given twice is a 417 naming it.
    expectError(repeated, 417, 'OPENAPI_PARAM_ERR', 'invalid account_id, value: [');
  });

  it('refuses an algorithm it does not know, with a clear message', async () => {
    expectError(
      await t.call({ path: WATCHLISTS, headers: { 'x-signature-algorithm': 'HMAC-MD5' } }),
      400,
      'INVALID_HEADER',
      'HMAC-MD5',
    );
  });
});

describe('sandbox configured for HMAC-SHA256', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox({ algorithm: 'HMAC-SHA256' });
  });
  afterAll(() => t.sandbox.stop());

  it('verifies HMAC-SHA256 with a SHA-256 body digest and refuses HMAC-SHA1', async () => {
    expect((await t.call({ path: WATCHLISTS })).status).toBe(200);
    expect(
      (await t.call({ path: '/openapi/market-data/watchlist/create', body: { name: 'sha256' } })).status,
    ).toBe(200);
    const sha1 = await t.call({ path: WATCHLISTS, algorithm: 'HMAC-SHA1' });
    expect(sha1.status).toBe(400);
    expect((sha1.json as { message: string }).message).toContain('HMAC-SHA1');
  });
});
