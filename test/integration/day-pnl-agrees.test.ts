import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toFixedText } from '../../shared/decimal';
import { previousCloseInstant } from '../../shared/pnl/lots';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { placeOrder } from '../../electron/openapi/order-placement';
import { newClientOrderId } from '../../shared/trading';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/index';
import { positionFigures, positionTotals } from '../../renderer/features/orders/position-figures';
import { readAllLots } from '../../shared/pnl/read-lots';
import { RTH_TIME } from './helpers/rth-time';

/**
 * Day P&L that agrees (docs/ui.md "Day P&L"): on a market held still inside a regular session, a
 * stock bought today and the seeded holdings from earlier days give the Positions panel's total
 * day P&L (its own figures function, marked to the quote's last and previous close, with the lots
 * the position-details operation lists) and the Balances panel's figure (the broker's
 * `day_profit_loss`) to the cent.
 */
describe('day P&L: Positions and Balances agree', () => {
  let sandbox: RunningSandbox;
  let client: OpenApiClient;
  const dataDir = mkdtempSync(join(tmpdir(), 'bullpen-daypnl-'));
  beforeAll(async () => {
    sandbox = await startSandbox({ marketClock: () => RTH_TIME, dataDir }, { log: () => undefined });
    client = createOpenApiClient({
      environment: testEnvironment(sandbox.apiUrl, { algorithm: sandbox.algorithm }),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
    });
  });
  afterAll(async () => {
    client?.close();
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('after a buy today, the sum of the positions’ day P&L is the balance’s', async () => {
    const [account] = await client.api.accountList();
    if (!account) throw new Error('no account');
    const accountId = account.account_id;
    const id = newClientOrderId();
    await placeOrder(client, accountId, {
      client_order_id: id,
      symbol: 'AAPL',
      instrument_type: 'EQUITY',
      market: 'US',
      order_type: 'MARKET',
      quantity: '10',
      side: 'BUY',
      time_in_force: 'DAY',
      entrust_type: 'QTY',
      support_trading_session: 'CORE',
    });
    await vi.waitFor(
      async () =>
        expect((await client.api.orderDetail({ account_id: accountId, client_order_id: id })).status).toBe(
          'FILLED',
        ),
      { timeout: 10_000, interval: 50 },
    );

    const balance = await client.api.balance({ account_id: accountId, total_asset_currency: 'USD' });
    const positions = await client.api.positions({ account_id: accountId });
    const sessionStart = previousCloseInstant(RTH_TIME);
    let todaysLots = 0;
    const figures = [];
    for (const p of positions) {
      // As the panel reads them: every page of the position's lots.
      const lots = await readAllLots((lastId) =>
        client.api.positionDetails({
          account_id: accountId,
          instrument_id: p.instrument_id,
          page_size: 1,
          ...(lastId ? { last_id: lastId } : {}),
        }),
      );
      todaysLots += lots.filter((l) => l.open_time >= sessionStart).length;
      // The quote each row is marked to (the stream carries the same last and previous close).
      const [q] = await client.api.snapshot({
        symbols: [p.symbol],
        category: p.category === 'US_ETF' ? 'US_ETF' : 'US_STOCK',
      });
      if (!q) throw new Error(`no quote for ${p.symbol}`);
      figures.push(positionFigures(p, { last: q.price, preClose: q.pre_close }, lots, sessionStart));
    }
    const total = positionTotals(figures).dayPnl;
    if (total === undefined) throw new Error('no day P&L total');
    // The buy is a lot of today's beside the seeded lots of earlier days.
    expect(todaysLots).toBe(1);
    expect(toFixedText(total, 2)).toBe(balance.day_profit_loss);
  });
});
