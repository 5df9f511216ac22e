import { afterEach, describe, expect, it } from 'vitest';
import { memoryTokenStore, type AccessTokenReport } from '../../electron/openapi/access-token';
import { ApiError } from '../../electron/openapi/api-error';
import {
  createOpenApiClient,
  type OpenApiClient,
  type OpenApiClientOptions,
} from '../../electron/openapi/client';
import type { Budget } from '../../electron/openapi/rate-limiter';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';
import type { SandboxOptions } from '../../sandbox/index';
import { WIRE_MODES } from '../../sandbox/testing';

/**
 * The sandbox's rejection rules as the real client surfaces them (docs/sandbox.md
 * rejection table; the service's error conventions and limits): the code, status and request id reach the
 * caller as an ApiError, the secret never appears, and the client's limiter and retry honour 429.
 */
const T0 = Date.parse('2026-11-18T15:00:00Z');
const SECRET = 'rejections-secret-value-0123456789';

let sandbox: SandboxHandle | undefined;
let client: OpenApiClient | undefined;
afterEach(async () => {
  client?.close();
  client = undefined;
  await sandbox?.stop();
  sandbox = undefined;
});

/** Sandbox and client on one hand-moved clock (both sign/verify timestamps against it). */
async function setup(
  opts: SandboxOptions = {},
  clientOpts: Partial<OpenApiClientOptions> = {},
  now: () => number = () => T0,
) {
  const s = await startSandbox(
    { appSecret: SECRET, clock: now, ...opts },
    { httpOnly: true, log: () => undefined },
  );
  sandbox = s;
  const c = createOpenApiClient({
    environment: testEnvironment(s.apiUrl, { algorithm: s.algorithm }),
    credentials: { appKey: s.appKey, appSecret: s.appSecret },
    now,
    ...clientOpts,
  });
  client = c;
  return { s, c };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => {
      if (!(e instanceof ApiError)) throw e;
      return e;
    },
  );

describe('authentication rejections through the real client', () => {
  it('a wrong secret: INVALID_SIGNATURE, 401, a request id, and no secret in the message', async () => {
    const { s } = await setup();
    const wrong = 'not-the-right-secret-9876543210';
    const c = createOpenApiClient({
      environment: testEnvironment(s.apiUrl),
      credentials: { appKey: s.appKey, appSecret: wrong },
      now: () => T0,
    });
    try {
      // The first call runs the start-up handshake, which is where a bad secret is first seen.
      const viaHandshake = await failure(c.call('balance', { account_id: 'SBXM00000001' }));
      const direct = await failure(c.call('tokenCreate', {}));
      for (const e of [viaHandshake, direct]) {
        expect(e).toMatchObject({ code: 'INVALID_SIGNATURE', status: 401, retryable: false });
        expect(e.requestId).toMatch(/\S/);
        expect(e.message).not.toContain(wrong);
        expect(e.message).not.toContain(SECRET);
        expect(JSON.stringify(e.toShape())).not.toContain(wrong);
      }
      expect(viaHandshake.message).toMatch(/\/openapi\/config/);
    } finally {
      c.close();
    }
  });

  // Both wire forms: the documented 401 UNKNOWN_APP_KEY, and the real service's gateway 404 (an
  // unprovisioned key is not routed), which the client says names the environment and path.
  it.each(WIRE_MODES)('an unknown app key (%s wire)', async (wire) => {
    const { s } = await setup({ wire });
    const c = createOpenApiClient({
      environment: testEnvironment(s.apiUrl),
      credentials: { appKey: 'f'.repeat(32), appSecret: SECRET },
      now: () => T0,
    });
    try {
      const e = await failure(c.call('accountList', {}));
      if (wire === 'documented') expect(e).toMatchObject({ code: 'UNKNOWN_APP_KEY', status: 401 });
      else {
        expect(e).toMatchObject({ code: 'ROUTE_NOT_FOUND', status: 404 });
        expect(e.message).toContain('has no route for /openapi/config');
        expect(e.message).toContain('Check that the app key belongs to this environment');
      }
      expect(e.requestId).toMatch(/\S/);
    } finally {
      c.close();
    }
  });
});

describe('parameter rejections', () => {
  // The documented 400 and the real service's 417 OPENAPI_PARAM_ERR are both INVALID_PARAMETER to callers.
  it.each(WIRE_MODES)('the sandbox names the bad parameter (INVALID_PARAMETER; %s wire)', async (wire) => {
    const status = wire === 'real' ? 417 : 400;
    const { c } = await setup({ wire });
    const unknown = await failure(c.call('snapshot', { symbols: ['AAPL', 'ZZZZZ'] }));
    expect(unknown).toMatchObject({ code: 'INVALID_PARAMETER', status, field: 'symbols' });
    const order = await failure(
      c.call('orderPlace', {
        account_id: 'SBXM00000001',
        new_orders: [
          {
            client_order_id: 'e'.repeat(32),
            symbol: 'AAPL',
            instrument_type: 'EQUITY',
            order_type: 'LIMIT',
            quantity: '1',
            side: 'BUY',
            time_in_force: 'DAY',
          },
        ],
      }),
    );
    expect(order).toMatchObject({ code: 'INVALID_PARAMETER', status, field: 'new_orders[0].limit_price' });
  });

  it('what the catalogue schema refuses never leaves the client (INVALID_INPUT, no status)', async () => {
    const { c } = await setup();
    const before = c.budget().used;
    const e = await failure(c.call('bars', { symbol: 'AAPL', timespan: 'M1', count: 5000 }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.status).toBeUndefined();
    expect(e.message).toContain("'count'");
    expect(c.budget().used).toBe(before);
  });
});

describe('the Market Data rate limit', () => {
  it('a 429 surfaces as TOO_MANY_REQUESTS with Retry-After and pauses the limiter', async () => {
    const { c } = await setup({ marketDataLimitPerMinute: 3 }, { retry: { attempts: 1 } });
    for (const symbol of ['AAPL', 'MSFT', 'NVDA']) await c.call('quotes', { symbol });
    const e = await failure(c.call('quotes', { symbol: 'TSLA' }));
    expect(e).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
      retryable: true,
      retryAfterMs: 60_000,
    });
    expect(e.requestId).toMatch(/\S/);
    expect(c.budget().pausedUntil).toBe(T0 + 60_000);
    // Trading calls are not Market Data: the pause does not hold them up.
    expect((await c.call('balance', { account_id: 'SBXM00000001' })).account_id).toBe('SBXM00000001');
  });

  it('a GET retried after a 429 waits the Retry-After the sandbox sent, then succeeds', async () => {
    const slept: number[] = [];
    const clock = { now: T0 };
    const { c } = await setup(
      { marketDataLimitPerMinute: 2 },
      {
        retry: {
          // The retry "sleep" moves the shared clock instead of waiting a real minute.
          sleep: (ms) => {
            slept.push(ms);
            clock.now += ms;
            return Promise.resolve();
          },
        },
      },
      () => clock.now,
    );
    await c.call('ticks', { symbol: 'AAPL', count: 1 });
    await c.call('ticks', { symbol: 'MSFT', count: 1 });
    const third = await c.call('ticks', { symbol: 'NVDA', count: 1 });
    expect(third.symbol).toBe('NVDA');
    expect(slept).toEqual([60_000]);
  });

  it('with a limiter sized to the server the client paces instead of getting a 429', async () => {
    const clock = { now: T0 };
    const budgets: Budget[] = [];
    const { c } = await setup(
      { marketDataLimitPerMinute: 3 },
      { rateLimit: { limit: 3, windowMs: 400 }, retry: { attempts: 1 } },
      () => clock.now,
    );
    c.onBudget((b) => budgets.push(b));
    const symbols = ['AAPL', 'MSFT', 'NVDA', 'AMZN'];
    const done: string[] = [];
    const calls = symbols.map((symbol) => c.call('quotes', { symbol }).then((q) => void done.push(q.symbol)));
    const start = Date.now();
    while (done.length < 3 && Date.now() - start < 5_000) await new Promise((r) => setTimeout(r, 5));
    expect(done.sort()).toEqual(['AAPL', 'MSFT', 'NVDA']);
    expect(c.budget()).toMatchObject({ used: 3, remaining: 0, queued: 1 });
    // The sandbox's minute passes (on the shared clock) before the client's window frees the slot.
    clock.now += 61_000;
    await Promise.all(calls);
    expect(done).toContain('AMZN');
    expect(budgets.some((b) => b.pausedUntil !== undefined)).toBe(false);
  });
});

describe('the access-token flow', () => {
  it('reports PENDING with a countdown, then NORMAL, then calls carry the token', async () => {
    const started = Date.now();
    // A clock that runs in real time, so the sandbox's 300 ms "approval on the phone" elapses.
    const running = () => T0 + (Date.now() - started);
    const progress: AccessTokenReport[] = [];
    const store = memoryTokenStore();
    const { c, s } = await setup(
      { tokenCheckEnabled: true, tokenApprovalDelayMs: 300 },
      { tokenStore: store, onTokenProgress: (p) => progress.push(p), token: { pollIntervalMs: 50 } },
      running,
    );
    const accounts = await c.call('accountList', {});
    expect(accounts).toHaveLength(2);
    expect(progress[0]).toMatchObject({ status: 'PENDING' });
    expect(progress[0]?.secondsLeft).toBeGreaterThan(0);
    expect(progress.filter((p) => p.status === 'PENDING').length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toMatchObject({ status: 'NORMAL', secondsLeft: 0 });
    expect(store.current?.status).toBe('NORMAL');

    // A second client with the saved token needs no new approval (create returns it NORMAL).
    const later: AccessTokenReport[] = [];
    const again = createOpenApiClient({
      environment: testEnvironment(s.apiUrl),
      credentials: { appKey: s.appKey, appSecret: s.appSecret },
      now: running,
      tokenStore: store,
      onTokenProgress: (p) => later.push(p),
    });
    try {
      expect((await again.call('positions', { account_id: 'SBXM00000001' })).length).toBeGreaterThan(0);
      expect(later.map((p) => p.status)).toEqual(['NORMAL']);
      expect(later[0]?.token).toBe(store.current?.token);
    } finally {
      again.close();
    }
  });

  it('an approval that never comes ends in TOKEN_APPROVAL_TIMEOUT, and nothing else is sent', async () => {
    const started = Date.now();
    const { c } = await setup(
      { tokenCheckEnabled: true, tokenApprovalDelayMs: 60_000 },
      { token: { pollIntervalMs: 50, approvalTimeoutMs: 300 } },
      () => T0 + (Date.now() - started),
    );
    const e = await failure(c.call('balance', { account_id: 'SBXM00000001' }));
    expect(e.code).toBe('TOKEN_APPROVAL_TIMEOUT');
    expect(e.message).toMatch(/approve/i);
  });
});
