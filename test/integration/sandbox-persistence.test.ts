import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../shared/openapi/operations';
import { freshDataDir, startTestSandbox } from './helpers/test-sandbox';

const MARGIN = 'SBXM00000001';
const coid = () => randomBytes(16).toString('hex');

describe('orders and positions persist across a restart', () => {
  it('keeps filled orders, positions, balances and open GTC orders, which still fill and stay idempotent after the restart', async () => {
    const dataDir = freshDataDir();
    let t = await startTestSandbox({ dataDir });
    const body = (order: Record<string, unknown>) => ({
      account_id: MARGIN,
      new_orders: [
        {
          symbol: 'NVDA',
          instrument_type: 'EQUITY',
          side: 'BUY',
          time_in_force: 'GTC',
          support_trading_session: 'CORE',
          quantity: '3',
          ...order,
        },
      ],
    });
    const filled = { client_order_id: coid(), order_type: 'MARKET' };
    const resting = { client_order_id: coid(), order_type: 'LIMIT', limit_price: '130.00' };
    await t.call.ok({ path: operations.orderPlace.path, body: body(filled) });
    const restingAck = await t.call.ok({ path: operations.orderPlace.path, body: body(resting) });
    const positions = await t.call.ok({ path: operations.positions.path, query: [['account_id', MARGIN]] });
    const balance = await t.call.ok({ path: operations.balance.path, query: [['account_id', MARGIN]] });
    const history = await t.call.ok({ path: operations.ordersHistory.path, query: [['account_id', MARGIN]] });
    await t.sandbox.stop();
    // Atomic writes leave no temp files behind.
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'trading.json'), 'utf8')).orders).toHaveLength(2);

    t = await startTestSandbox({ dataDir, appKey: t.sandbox.appKey }, {}, t.clock);
    try {
      expect(await t.call.ok({ path: operations.positions.path, query: [['account_id', MARGIN]] })).toEqual(
        positions,
      );
      expect(await t.call.ok({ path: operations.balance.path, query: [['account_id', MARGIN]] })).toEqual(
        balance,
      );
      expect(
        await t.call.ok({ path: operations.ordersHistory.path, query: [['account_id', MARGIN]] }),
      ).toEqual(history);
      // The same client_order_id after a restart is still the same order.
      expect(await t.call.ok({ path: operations.orderPlace.path, body: body(resting) })).toEqual(restingAck);
      t.market.setPrice('NVDA', '129.00');
      t.sandbox.matchNow();
      const detail = await t.call.ok<{ status: string }>({
        path: operations.orderDetail.path,
        query: [
          ['account_id', MARGIN],
          ['client_order_id', resting.client_order_id],
        ],
      });
      expect(detail.status).toBe('FILLED');
    } finally {
      await t.sandbox.stop();
    }
    // ...and the fill made by the matching loop was saved too.
    const saved = JSON.parse(readFileSync(path.join(dataDir, 'trading.json'), 'utf8')) as {
      orders: Array<{ client_order_id: string; status: string }>;
    };
    expect(saved.orders.find((o) => o.client_order_id === resting.client_order_id)?.status).toBe('FILLED');
  });
});
