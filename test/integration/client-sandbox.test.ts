import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTokenStore, type AccessTokenReport } from '../../electron/openapi/access-token';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { cancelOrder, placeOrder } from '../../electron/openapi/order-placement';
import { newClientOrderId } from '../../shared/trading';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/index';

/** The client against the real embedded sandbox: signing, handshake, token flow and orders end to end. */
describe('client ↔ sandbox', () => {
  let sandbox: RunningSandbox | undefined;
  let client: OpenApiClient;
  beforeAll(async () => {
    sandbox = await startSandbox({ algorithm: 'HMAC-SHA256' }, { log: () => undefined });
    client = createOpenApiClient({
      environment: testEnvironment(sandbox.apiUrl, {
        algorithm: sandbox.algorithm,
        xVersion: 'v3',
        accountListPath: '/trading/accounts/list',
      }),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
    });
  });
  afterAll(async () => {
    client?.close();
    await sandbox?.stop();
  });

  it('lists accounts and reads a balance (HMAC-SHA256, x-version v3)', async () => {
    const accounts = await client.api.accountList();
    expect(accounts.length).toBeGreaterThan(0);
    const first = accounts[0];
    if (!first) throw new Error('no account');
    const balance = await client.api.balance({ account_id: first.account_id });
    expect(balance.account_id).toBe(first.account_id);
    expect(balance.total_asset).toMatch(/^-?\d+(\.\d+)?$/);
  });

  it('creates a watchlist and finds it in the list', async () => {
    const name = `Int ${Date.now()}`;
    const created = await client.api.watchlistCreate({ name });
    const lists = await client.api.watchlistList();
    expect(lists.map((l) => l.watchlist_id)).toContain(created.watchlist_id);
  });

  it('places a limit order once per client_order_id, reads its detail and cancels it', async () => {
    const [account] = await client.api.accountList();
    if (!account) throw new Error('no account');
    const id = newClientOrderId();
    const placed = await placeOrder(client, account.account_id, {
      client_order_id: id,
      symbol: 'AAPL',
      instrument_type: 'EQUITY',
      market: 'US',
      order_type: 'LIMIT',
      limit_price: '1.00',
      quantity: '1',
      side: 'BUY',
      time_in_force: 'GTC',
      entrust_type: 'QTY',
    });
    expect(placed).toMatchObject({ clientOrderId: id, confirmedBy: 'reply' });
    const detail = await client.api.orderDetail({ account_id: account.account_id, client_order_id: id });
    expect(detail.client_order_id).toBe(id);
    const cancelled = await cancelOrder(client, account.account_id, id);
    expect(cancelled.clientOrderId).toBe(id);
  });

  it('surfaces the sandbox error for an unknown order', async () => {
    const [account] = await client.api.accountList();
    if (!account) throw new Error('no account');
    await expect(
      client.api.orderDetail({ account_id: account.account_id, client_order_id: newClientOrderId() }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});

describe('client ↔ sandbox with two-factor access token', () => {
  it('waits for approval with progress, then sends x-access-token', async () => {
    const sandbox = await startSandbox(
      { tokenCheckEnabled: true, tokenApprovalDelayMs: 400 },
      { log: () => undefined },
    );
    const progress: AccessTokenReport[] = [];
    const store = memoryTokenStore();
    const client = createOpenApiClient({
      environment: testEnvironment(sandbox.apiUrl, { algorithm: sandbox.algorithm }),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      tokenStore: store,
      onTokenProgress: (p) => progress.push(p),
      token: { pollIntervalMs: 100, approvalTimeoutMs: 10_000 },
    });
    try {
      const accounts = await client.api.accountList();
      expect(accounts.length).toBeGreaterThan(0);
      expect(progress[0]?.status).toBe('PENDING');
      expect(progress.at(-1)?.status).toBe('NORMAL');
      expect(store.current?.status).toBe('NORMAL');
    } finally {
      client.close();
      await sandbox.stop();
    }
  });
});
