import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/openapi/api-error';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';
import type { SandboxOptions } from '../../sandbox/index';
import type { TradeEvent } from '../../sandbox/testing';
import { RTH_TIME } from './helpers/test-sandbox';

/**
 * Entitlements (docs/sandbox.md "Entitlements"): a key without a quote product gets the real
 * service's 403 `MARKET_DATA_NOT_SUBSCRIBED` naming it, an account it may not act on 403
 * `ACCOUNT_ACCESS_DENIED`; through the real signed client, each reaches the caller as an ApiError
 * with that code and the service's message.
 */
const KEY = 'e'.repeat(32);
const MARGIN = 'SBXM00000001';
const CASH = 'SBXC00000001';

async function start(opts: SandboxOptions) {
  const clock = () => RTH_TIME;
  const sandbox = await startSandbox(
    { appKey: KEY, appSecret: 'entitled-secret', clock, ...opts },
    { httpOnly: true, log: () => undefined },
  );
  const client = createOpenApiClient({
    environment: testEnvironment(sandbox.apiUrl, { algorithm: sandbox.algorithm }),
    credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
    now: clock,
  });
  return { sandbox, client };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );

describe('a key with stock quotes and one account', () => {
  let sandbox: SandboxHandle;
  let client: OpenApiClient;
  const events: TradeEvent[] = [];
  beforeAll(async () => {
    ({ sandbox, client } = await start({
      entitlements: { [KEY]: { marketData: ['US_STOCK_QUOTES'], accounts: [MARGIN] } },
    }));
    sandbox.bus.subscribe((e) => events.push(e));
  });
  afterAll(async () => {
    client.close();
    await sandbox.stop();
  });

  it('gets stock quotes, and MARKET_DATA_NOT_SUBSCRIBED naming OPRA options for an option snapshot', async () => {
    expect(await client.call('snapshot', { symbols: ['AAPL'] })).toHaveLength(1);
    // The chain lists contracts, no quote product: served.
    const chain = await client.call('optionChain', { symbol: 'AAPL' });
    const contract = chain.contracts[0]?.symbol ?? '';
    expect(contract).not.toBe('');
    const e = await failure(client.call('optionSnapshot', { symbols: [contract] }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({
      status: 403,
      code: 'MARKET_DATA_NOT_SUBSCRIBED',
      message: 'Insufficient permission, please subscribe to OPRA OPTION QUOTES.',
      fromServer: true,
      retryable: false,
    });
  });

  it('names the night-trading product when a stock quote asks for the overnight session', async () => {
    const e = await failure(client.call('snapshot', { symbols: ['AAPL'], overnight_required: true }));
    expect(e).toMatchObject({
      status: 403,
      code: 'MARKET_DATA_NOT_SUBSCRIBED',
      message: 'Insufficient permission, please subscribe to NIGHT TRADING STOCK QUOTES.',
    });
    // Screeners and watchlists are no quote product.
    expect(Array.isArray(await client.call('watchlistList', {}))).toBe(true);
  });

  it('acts on its account, and gets ACCOUNT_ACCESS_DENIED for the other, placing nothing there', async () => {
    expect((await client.call('balance', { account_id: MARGIN })).total_asset).toMatch(/^\d/);
    const denied = await failure(client.call('balance', { account_id: CASH }));
    expect(denied).toBeInstanceOf(ApiError);
    expect(denied).toMatchObject({
      status: 403,
      code: 'ACCOUNT_ACCESS_DENIED',
      message: `account access denied: ${CASH}`,
      fromServer: true,
      retryable: false,
    });
    const order = await failure(
      client.call('orderPlace', {
        account_id: CASH,
        new_orders: [
          {
            client_order_id: 'f'.repeat(32),
            symbol: 'KO',
            instrument_type: 'EQUITY',
            market: 'US',
            order_type: 'LIMIT',
            limit_price: '50.00',
            quantity: '1',
            side: 'BUY',
            time_in_force: 'GTC',
            entrust_type: 'QTY',
            support_trading_session: 'CORE',
          },
        ],
      }),
    );
    expect(order).toMatchObject({ status: 403, code: 'ACCOUNT_ACCESS_DENIED' });
    expect(events).toEqual([]);
  });
});

describe('entitlements by default', () => {
  it('entitles a key the option does not list to everything, on both wires', async () => {
    for (const wire of ['real', 'documented'] as const) {
      const { sandbox, client } = await start({
        wire,
        entitlements: { ['o'.repeat(32)]: { marketData: [], accounts: [] } },
      });
      try {
        const chain = await client.call('optionChain', { symbol: 'AAPL' });
        const contract = chain.contracts[0]?.symbol ?? '';
        expect(await client.call('optionSnapshot', { symbols: [contract] })).toHaveLength(1);
        expect(await client.call('snapshot', { symbols: ['AAPL'], overnight_required: true })).toHaveLength(
          1,
        );
        expect((await client.call('balance', { account_id: CASH })).total_asset).toMatch(/^\d/);
      } finally {
        client.close();
        await sandbox.stop();
      }
    }
  });
});
