import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketSimulator } from '../../sandbox/testing';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';
import { Decimal } from '../../shared/decimal';
import { operations } from '../../shared/openapi/operations';
import { type SandboxCaller, signedCaller } from './helpers/signed-fetch';
import { RTH_TIME, freshDataDir } from './helpers/test-sandbox';

/** The sandbox core on the real market simulator (no stub): seeds, fills and options agree with it. */
describe('sandbox on the simulated market', () => {
  const clock = { now: RTH_TIME };
  let sandbox: SandboxHandle;
  let call: SandboxCaller;
  let sim: MarketSimulator;
  beforeAll(async () => {
    sandbox = await startSandbox(
      { dataDir: freshDataDir(), clock: () => clock.now, seed: 42 },
      { httpOnly: true, matchIntervalMs: 60_000, log: () => undefined },
    );
    call = signedCaller(sandbox, () => clock.now);
    sim = sandbox.market as MarketSimulator;
  });
  afterAll(() => sandbox.stop());

  it('seeds the two accounts and the Default watchlist from the real universe', async () => {
    const margin = await call.ok<{ total_asset: string }>({
      path: operations.balance.path,
      query: [['account_id', 'SBXM00000001']],
    });
    const cash = await call.ok<{ total_asset: string }>({
      path: operations.balance.path,
      query: [['account_id', 'SBXC00000001']],
    });
    // Marked to the simulated price, which wanders from the reference price: roughly, not exactly.
    expect(new Decimal(margin.total_asset).toNumber()).toBeGreaterThan(80_000);
    expect(new Decimal(margin.total_asset).toNumber()).toBeLessThan(120_000);
    expect(new Decimal(cash.total_asset).toNumber()).toBeGreaterThan(20_000);
    expect(
      (await call.ok<unknown[]>({ path: operations.positions.path, query: [['account_id', 'SBXM00000001']] }))
        .length,
    ).toBe(4);
    const [list] = await call.ok<Array<{ watchlist_id: string; instrument_count: number }>>({
      path: operations.watchlistList.path,
    });
    expect(list?.instrument_count).toBe(9);
  });

  it('fills a market buy at the simulated ask and an option limit order on a listed contract', async () => {
    const ask = sim.quote('MSFT')?.ask;
    const [ack] = await call.ok<Array<{ client_order_id: string; status: string }>>({
      path: operations.orderPlace.path,
      body: {
        account_id: 'SBXM00000001',
        new_orders: [
          {
            client_order_id: randomBytes(16).toString('hex'),
            symbol: 'MSFT',
            order_type: 'MARKET',
            quantity: '2',
            side: 'BUY',
            time_in_force: 'DAY',
            support_trading_session: 'CORE',
          },
        ],
      },
    });
    expect(ack?.status).toBe('FILLED');
    const order = await call.ok<{ avg_fill_price: string }>({
      path: operations.orderDetail.path,
      query: [
        ['account_id', 'SBXM00000001'],
        ['client_order_id', ack?.client_order_id ?? ''],
      ],
    });
    expect(order.avg_fill_price).toBe(new Decimal(ask ?? 0).toFixed());

    const chain = sim.options.chain('AAPL', undefined, clock.now);
    const contract = chain?.contracts.find(
      (c) => c.option_type === 'CALL' && new Decimal(c.ask ?? 0).gt(0.5),
    );
    expect(contract).toBeDefined();
    const leg = {
      side: 'BUY',
      quantity: '1',
      symbol: 'AAPL',
      strike_price: contract?.strike_price,
      option_expire_date: contract?.option_expire_date,
      option_type: 'CALL',
      instrument_type: 'OPTION',
      market: 'US',
    };
    const limit = new Decimal(contract?.ask ?? 0).plus(1).toFixed(2);
    const [optAck] = await call.ok<Array<{ status: string }>>({
      path: operations.optionOrderPlace.path,
      body: {
        account_id: 'SBXM00000001',
        new_orders: [
          {
            client_order_id: randomBytes(16).toString('hex'),
            combo_type: 'NORMAL',
            option_strategy: 'SINGLE',
            order_type: 'LIMIT',
            limit_price: limit,
            quantity: '1',
            side: 'BUY',
            time_in_force: 'DAY',
            support_trading_session: 'CORE',
            entrust_type: 'QTY',
            legs: [leg],
          },
        ],
      },
    });
    expect(optAck?.status).toBe('FILLED');
    const positions = await call.ok<Array<{ symbol: string; multiplier?: string }>>({
      path: operations.positions.path,
      query: [['account_id', 'SBXM00000001']],
    });
    expect(positions.find((p) => p.symbol === contract?.symbol)?.multiplier).toBe('100');
  });
});
