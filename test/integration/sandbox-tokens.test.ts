import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSandbox, freshDataDir, startTestSandbox } from './helpers/test-sandbox';

type Token = { token: string; expires: number; status: string };
const ACCOUNTS = '/openapi/account/list';

describe('access-token flow', () => {
  let t: TestSandbox;
  const dataDir = freshDataDir();
  beforeAll(async () => {
    t = await startTestSandbox({
      tokenCheckEnabled: true,
      tokenApprovalDelayMs: 3_000,
      tokenTtlMs: 60_000,
      dataDir,
    });
  });
  afterAll(() => t.sandbox.stop());

  it('announces token_check_enabled and refuses calls until a token is NORMAL', async () => {
    expect(await t.call.ok({ path: '/openapi/config' })).toEqual({ token_check_enabled: true });
    const refused = await t.call({ path: ACCOUNTS });
    expect(refused.status).toBe(401);
    expect((refused.json as { error_code: string }).error_code).toBe('ACCESS_TOKEN_REQUIRED');

    const created = await t.call.ok<Token>({ path: '/openapi/auth/token/create', body: {} });
    expect(created.status).toBe('PENDING');
    expect(created.expires).toBe(t.clock.now + 60_000);
    const pending = await t.call({ path: ACCOUNTS, headers: { 'x-access-token': created.token } });
    expect(pending.status).toBe(401);
    expect((pending.json as { message: string }).message).toContain('PENDING');

    t.clock.now += 2_999;
    expect(
      (await t.call.ok<Token>({ path: '/openapi/auth/token/check', body: { token: created.token } })).status,
    ).toBe('PENDING');
    t.clock.now += 1;
    expect(
      (await t.call.ok<Token>({ path: '/openapi/auth/token/check', body: { token: created.token } })).status,
    ).toBe('NORMAL');
    expect((await t.call({ path: ACCOUNTS, headers: { 'x-access-token': created.token } })).status).toBe(200);

    // A saved NORMAL token is returned as is by create.
    const again = await t.call.ok<Token>({
      path: '/openapi/auth/token/create',
      body: { token: created.token },
    });
    expect(again).toEqual({ token: created.token, expires: created.expires, status: 'NORMAL' });
  });

  it('reports INVALID for an unknown token, expires tokens, and refreshes a NORMAL one', async () => {
    expect(
      (await t.call.ok<Token>({ path: '/openapi/auth/token/check', body: { token: 'nope' } })).status,
    ).toBe('INVALID');
    const created = await t.call.ok<Token>({ path: '/openapi/auth/token/create', body: {} });
    t.clock.now += 3_000;
    const refreshed = await t.call.ok<Token>({
      path: '/openapi/auth/token/refresh',
      body: { token: created.token },
    });
    expect(refreshed.status).toBe('NORMAL');
    expect(refreshed.expires).toBe(t.clock.now + 60_000);
    t.clock.now += 60_000;
    expect(
      (await t.call.ok<Token>({ path: '/openapi/auth/token/check', body: { token: created.token } })).status,
    ).toBe('EXPIRED');
    expect((await t.call({ path: ACCOUNTS, headers: { 'x-access-token': created.token } })).status).toBe(401);
    expect(
      (await t.call.ok<Token>({ path: '/openapi/auth/token/refresh', body: { token: created.token } }))
        .status,
    ).toBe('EXPIRED');
    // An expired saved token makes create issue a new PENDING one.
    const renewed = await t.call.ok<Token>({
      path: '/openapi/auth/token/create',
      body: { token: created.token },
    });
    expect(renewed.token).not.toBe(created.token);
    expect(renewed.status).toBe('PENDING');
  });

  it('remembers tokens across a restart with the same data directory', async () => {
    const created = await t.call.ok<Token>({ path: '/openapi/auth/token/create', body: {} });
    t.clock.now += 3_000;
    await t.sandbox.stop();
    t = await startTestSandbox(
      {
        tokenCheckEnabled: true,
        tokenApprovalDelayMs: 3_000,
        tokenTtlMs: 60_000,
        dataDir,
        appKey: t.sandbox.appKey,
      },
      {},
      t.clock,
    );
    expect((await t.call({ path: ACCOUNTS, headers: { 'x-access-token': created.token } })).status).toBe(200);
  });
});

describe('token check off (default)', () => {
  it('serves every call without a token', async () => {
    const t = await startTestSandbox();
    try {
      expect(await t.call.ok({ path: '/openapi/config' })).toEqual({ token_check_enabled: false });
      expect((await t.call({ path: ACCOUNTS })).status).toBe(200);
    } finally {
      await t.sandbox.stop();
    }
  });
});
