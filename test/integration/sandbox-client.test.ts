import { afterEach, describe, expect, it } from 'vitest';
import { createOpenApiClient } from '../../electron/openapi/client';
import { ApiError } from '../../electron/openapi/api-error';
import { memoryTokenStore } from '../../electron/openapi/access-token';
import type { EnvironmentSettings } from '../../shared/environments';
import { type TestSandbox, startTestSandbox } from './helpers/test-sandbox';

/** The sandbox driven by the real Open API client. */
function environment(t: TestSandbox, over: Partial<EnvironmentSettings> = {}): EnvironmentSettings {
  return {
    id: 'sandbox',
    name: 'Sandbox',
    kind: 'sandbox',
    apiBaseUrl: t.sandbox.apiUrl,
    quotesUrl: 'mqtt://127.0.0.1:1',
    eventsAddress: '127.0.0.1:1',
    eventsTls: false,
    algorithm: t.sandbox.algorithm,
    xVersion: 'v2',
    accountListPath: '/openapi/account/list',
    signHostWithPort: true,
    ...over,
  };
}

describe('the real client against the sandbox', () => {
  let t: TestSandbox | undefined;
  afterEach(() => t?.sandbox.stop());

  it.each([
    ['HMAC-SHA1', 'v2', true],
    ['HMAC-SHA256', 'v3', false],
  ] as const)(
    'signs with %s / %s (host with port: %s) and gets accounts, watchlists and an idempotent order',
    async (algorithm, xVersion, withPort) => {
      t = await startTestSandbox({ algorithm });
      const sandbox = t;
      const client = createOpenApiClient({
        environment: environment(sandbox, { xVersion, signHostWithPort: withPort, algorithm }),
        credentials: { appKey: sandbox.sandbox.appKey, appSecret: sandbox.sandbox.appSecret },
        now: () => sandbox.clock.now,
      });
      try {
        await client.ready();
        const accounts = await client.call('accountList', {});
        expect(accounts.map((a) => a.account_type)).toEqual(['MARGIN', 'CASH']);
        const lists = await client.call('watchlistList', {});
        expect(lists[0]?.name).toBe('Default');
        const order = {
          client_order_id: 'c'.repeat(32),
          symbol: 'AAPL',
          instrument_type: 'EQUITY' as const,
          order_type: 'LIMIT' as const,
          limit_price: '100.00',
          quantity: '1',
          side: 'BUY' as const,
          time_in_force: 'GTC' as const,
        };
        const first = await client.call('orderPlace', { account_id: 'SBXM00000001', new_orders: [order] });
        const again = await client.call('orderPlace', { account_id: 'SBXM00000001', new_orders: [order] });
        expect(again).toEqual(first);
        const bad = await client
          .call('orderPlace', {
            account_id: 'SBXM00000001',
            new_orders: [{ ...order, client_order_id: 'd'.repeat(32), limit_price: undefined }],
          })
          .catch((e: unknown) => e);
        expect(bad).toBeInstanceOf(ApiError);
        expect((bad as ApiError).code).toBe('INVALID_PARAMETER');
        expect((bad as ApiError).message).toContain('limit_price');
      } finally {
        client.close();
      }
    },
  );

  it('goes through the token flow: PENDING, approved after the delay, then NORMAL', async () => {
    t = await startTestSandbox({ tokenCheckEnabled: true, tokenApprovalDelayMs: 10_000 });
    const sandbox = t;
    const store = memoryTokenStore();
    const statuses: string[] = [];
    const client = createOpenApiClient({
      environment: environment(sandbox),
      credentials: { appKey: sandbox.sandbox.appKey, appSecret: sandbox.sandbox.appSecret },
      tokenStore: store,
      onTokenProgress: (p) => statuses.push(p.status),
      now: () => sandbox.clock.now,
      // The poll "sleep" moves the sandbox clock instead of waiting.
      token: { pollIntervalMs: 5_000, sleep: async (ms) => void (sandbox.clock.now += ms) },
    });
    try {
      await client.ready();
      expect(statuses).toContain('PENDING');
      expect(store.current?.status).toBe('NORMAL');
      expect((await client.call('accountList', {})).length).toBe(2);
    } finally {
      client.close();
    }
  });
});
