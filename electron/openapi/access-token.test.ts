import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryTokenStore, type StoredToken, type AccessTokenReport } from './access-token';
import { createOpenApiClient, type OpenApiClient } from './client';
import {
  json,
  startLoopback,
  testEnvironment,
  TEST_CREDENTIALS,
  type Loopback,
  type SeenRequest,
} from './testing/loopback-server';

type Status = 'PENDING' | 'NORMAL' | 'INVALID' | 'EXPIRED';

let server: Loopback | undefined;
let client: OpenApiClient | undefined;
afterEach(async () => {
  client?.close();
  await server?.close();
});

/**
 * A fake two-factor server: `create` answers `createStatus`, each `check` takes the next status from
 * `checks` (the last one repeats). Time is a fake clock moved only by the token poller's sleep.
 */
async function setup(opts: {
  createStatus: Status;
  checks?: Status[];
  createExpiresIn?: number;
  saved?: StoredToken | null;
  approvalTimeoutMs?: number;
}) {
  let fakeNow = 1_700_000_000_000;
  const checks = [...(opts.checks ?? [])];
  const token = (t: string, status: Status, expiresIn = 86_400_000) => ({
    token: t,
    status,
    expires: fakeNow + expiresIn,
  });
  const routes: Record<string, (req: SeenRequest, res: http.ServerResponse) => void> = {
    '/openapi/config': (_r, res) => json(res, 200, { token_check_enabled: true }),
    '/openapi/auth/token/create': (_r, res) =>
      json(res, 200, token('tok-1', opts.createStatus, opts.createExpiresIn)),
    '/openapi/auth/token/check': (_r, res) =>
      json(res, 200, token('tok-1', (checks.length > 1 ? checks.shift() : checks[0]) ?? 'PENDING')),
    '/openapi/auth/token/refresh': (_r, res) => json(res, 200, token('tok-2', 'NORMAL')),
    '/openapi/assets/positions': (_r, res) => json(res, 200, []),
  };
  server = await startLoopback((req, res) => {
    const route = routes[req.path];
    if (route) route(req, res);
    else json(res, 404, { error_code: 'NOT_FOUND', message: req.path });
  });
  const store = memoryTokenStore(opts.saved ?? null);
  const progress: AccessTokenReport[] = [];
  client = createOpenApiClient({
    environment: testEnvironment(server.url),
    credentials: TEST_CREDENTIALS,
    tokenStore: store,
    onTokenProgress: (p) => progress.push(p),
    now: () => fakeNow,
    token: {
      approvalTimeoutMs: opts.approvalTimeoutMs ?? 300_000,
      sleep: async (ms) => {
        fakeNow += ms;
      },
    },
  });
  const seen = server.seen;
  return {
    client,
    store,
    progress,
    seen,
    paths: () => seen.map((r) => r.path),
    advance: (ms: number) => (fakeNow += ms),
  };
}

describe('access token', () => {
  it('creates, polls check every 5 s while PENDING with a countdown, then sends x-access-token on later calls', async () => {
    const { client, store, progress, seen, paths } = await setup({
      createStatus: 'PENDING',
      checks: ['PENDING', 'NORMAL'],
    });
    await client.api.positions({ account_id: 'A1' });
    expect(paths()).toEqual([
      '/openapi/config',
      '/openapi/auth/token/create',
      '/openapi/auth/token/check',
      '/openapi/auth/token/check',
      '/openapi/assets/positions',
    ]);
    expect(seen[1]?.body).toBe('{}');
    expect(seen[2]?.body).toBe('{"token":"tok-1"}');
    expect(progress.map((p) => [p.status, p.secondsLeft])).toEqual([
      ['PENDING', 300],
      ['PENDING', 295],
      ['NORMAL', 0],
    ]);
    expect(seen[4]?.headers['x-access-token']).toBe('tok-1');
    expect(seen[1]?.headers['x-access-token']).toBeUndefined();
    expect(store.current).toMatchObject({ token: 'tok-1', status: 'NORMAL' });
  });

  it('creates with the token saved last time, so an approved token needs no new approval', async () => {
    const saved: StoredToken = { token: 'tok-1', status: 'NORMAL', expires: 1_700_000_000_000 + 3_600_000 };
    const { client, seen, paths } = await setup({ createStatus: 'NORMAL', saved });
    await client.api.positions({ account_id: 'A1' });
    expect(seen[1]?.body).toBe('{"token":"tok-1"}');
    expect(paths()).not.toContain('/openapi/auth/token/check');
  });

  it('fails with TOKEN_INVALID and forgets the token when the server says INVALID', async () => {
    const { client, store } = await setup({ createStatus: 'INVALID' });
    await expect(client.ready()).rejects.toMatchObject({ code: 'TOKEN_INVALID', retryable: false });
    expect(store.current).toBeNull();
  });

  it('fails with TOKEN_EXPIRED when a check says EXPIRED', async () => {
    const { client } = await setup({ createStatus: 'PENDING', checks: ['EXPIRED'] });
    await expect(client.ready()).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('gives up with TOKEN_APPROVAL_TIMEOUT when nobody approves in time', async () => {
    const { client, progress, paths } = await setup({
      createStatus: 'PENDING',
      checks: ['PENDING'],
      approvalTimeoutMs: 20_000,
    });
    await expect(client.ready()).rejects.toMatchObject({ code: 'TOKEN_APPROVAL_TIMEOUT' });
    expect(paths().filter((p) => p.endsWith('/check'))).toHaveLength(4);
    expect(progress.map((p) => p.secondsLeft)).toEqual([20, 15, 10, 5, 0]);
  });

  it('refreshes a token before it expires and uses the new one', async () => {
    const { client, seen, paths } = await setup({ createStatus: 'NORMAL', createExpiresIn: 5 * 60_000 });
    await client.ready();
    await client.api.positions({ account_id: 'A1' });
    expect(paths()).toEqual([
      '/openapi/config',
      '/openapi/auth/token/create',
      '/openapi/auth/token/refresh',
      '/openapi/assets/positions',
    ]);
    expect(seen[2]?.body).toBe('{"token":"tok-1"}');
    expect(seen[3]?.headers['x-access-token']).toBe('tok-2');
  });

  it('one call giving up does not cancel the shared approval for the others', async () => {
    const { client, paths } = await setup({
      createStatus: 'PENDING',
      checks: ['PENDING', 'PENDING', 'NORMAL'],
    });
    const ctrl = new AbortController();
    const leaving = client.api.positions({ account_id: 'A1' }, { signal: ctrl.signal });
    const staying = client.api.positions({ account_id: 'A1' });
    ctrl.abort();
    await expect(leaving).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(staying).resolves.toEqual([]);
    expect(paths().filter((p) => p.endsWith('/create'))).toHaveLength(1);
  });

  it('can be cancelled while waiting for approval', async () => {
    const { client } = await setup({ createStatus: 'PENDING', checks: ['PENDING'] });
    const ctrl = new AbortController();
    const p = client.ready(ctrl.signal);
    ctrl.abort();
    await expect(p).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
