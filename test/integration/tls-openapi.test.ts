import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/openapi/api-error';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';
import type { EnvironmentSettings } from '../../shared/environments';
import { makeTestCa, opensslMissing, type TestCa } from './helpers/test-ca';

/**
 * The HTTPS branch of the signed client (docs/openapi-client.md, "TLS and private CAs") against the
 * sandbox serving HTTPS with a throwaway CA's certificate: signed calls work when the environment
 * trusts that CA (`caCertificate`), fail as a clear NETWORK_ERROR naming the certificate when it
 * does not, and fail the same way with a different CA (the extra CA is checked, not a bypass).
 */
const T0 = Date.parse('2026-11-18T15:00:00Z');
const missing = opensslMissing();
if (missing) console.warn(missing);

describe.skipIf(missing !== undefined)('OpenAPI client over HTTPS with an extra trusted CA', () => {
  let ca: TestCa;
  let sandbox: SandboxHandle;
  const clients: OpenApiClient[] = [];

  beforeAll(async () => {
    ca = makeTestCa();
    sandbox = await startSandbox(
      { tls: ca.server, clock: () => T0 },
      { log: () => undefined, httpOnly: true },
    );
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await sandbox?.stop();
  });

  const clientWith = (over: Partial<EnvironmentSettings>) => {
    const client = createOpenApiClient({
      environment: testEnvironment(sandbox.apiUrl, { algorithm: sandbox.algorithm, ...over }),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      now: () => T0,
      // One attempt: an untrusted certificate does not become trusted by retrying.
      retry: { attempts: 1 },
    });
    clients.push(client);
    return client;
  };

  const failure = async (client: OpenApiClient): Promise<ApiError> => {
    const error = await client.api.accountList().then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
    return error;
  };

  it('serves HTTPS on loopback', () => {
    expect(sandbox.apiUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('makes signed GET and POST calls when the environment trusts the CA', async () => {
    const client = clientWith({ caCertificate: ca.caCert });
    // The sandbox verifies every signature over the Host header with its port (docs/sandbox.md):
    // a reply at all means signing saw the same host over TLS as over plain HTTP.
    const accounts = await client.api.accountList();
    expect(accounts.map((a) => a.account_id)).toContain('SBXM00000001');

    const [row] = await client.call('snapshot', { symbols: ['AAPL'], category: 'US_STOCK' });
    const live = sandbox.market.quote('AAPL');
    expect(row?.symbol).toBe('AAPL');
    expect(row?.price).toBe(live?.price);

    const name = `TLS ${T0}`;
    const created = await client.api.watchlistCreate({ name });
    expect(created.name).toBe(name);
    const lists = await client.api.watchlistList();
    expect(lists.map((l) => l.watchlist_id)).toContain(created.watchlist_id);
  });

  it('without the CA fails with a NETWORK_ERROR that names the certificate and not the secret', async () => {
    const error = await failure(clientWith({}));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toMatch(/certificate/i);
    expect(error.message).toMatch(/self[- ]signed|unable to (verify|get)/i);
    expect(error.message).toContain("environment's CA certificate");
    expect(error.message).not.toContain(sandbox.appSecret);
    expect(JSON.stringify(error.toShape())).not.toContain(sandbox.appSecret);
  });

  it('with a different CA fails the same way: the extra CA is checked, not a bypass', async () => {
    const other = makeTestCa();
    const error = await failure(clientWith({ caCertificate: other.caCert }));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toMatch(/certificate/i);
  });
});
