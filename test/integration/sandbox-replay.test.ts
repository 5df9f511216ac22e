import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../shared/signing';
import { createMarketSimulator } from '../../sandbox/testing';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';
import type { SandboxOptions } from '../../sandbox/index';
import { operations } from '../../shared/openapi/operations';
import { type SandboxCaller, signedCaller } from './helpers/signed-fetch';
import { RTH_TIME, freshDataDir } from './helpers/test-sandbox';

/**
 * `replayWhenClosed` (docs/sandbox.md "Replay when closed"): on a Saturday the market loops through
 * Friday's regular session while authentication, tokens and the Date header stay on the wall clock.
 */
const SATURDAY = Date.parse('2026-11-21T19:07:00Z'); // Sat 21 Nov 2026, 14:07 New York
const FRIDAY_OPEN = Date.parse('2026-11-20T14:30:00Z'); // Fri 20 Nov 2026, 09:30 New York
const FRIDAY_CLOSE = Date.parse('2026-11-20T21:00:00Z');
const MIN = 60_000;
const MARGIN = 'SBXM00000001';

type Snapshot = { symbol: string; price: string; trading_session: string; last_trade_time: number };
type Ack = { client_order_id: string; status: string };
type Order = { status: string; avg_fill_price?: string; reason?: string; filled_time?: number };

describe('sandbox replaying the last session when the market is shut', () => {
  const wall = { now: SATURDAY };
  let sandbox: SandboxHandle | undefined;
  let call: SandboxCaller;
  afterEach(async () => {
    await sandbox?.stop();
    sandbox = undefined;
  });

  async function start(opts: SandboxOptions) {
    sandbox = await startSandbox(
      { dataDir: freshDataDir(), seed: 42, clock: () => wall.now, ...opts },
      { httpOnly: true, matchIntervalMs: 60_000, log: () => undefined },
    );
    call = signedCaller(sandbox, () => wall.now);
    return sandbox;
  }
  const snapshot = (symbols: string) =>
    call.ok<Snapshot[]>({
      path: operations.snapshot.path,
      query: [
        ['symbols', symbols],
        ['category', 'US_STOCK'],
      ],
    });
  const placeOk = async (order: Record<string, unknown>) => {
    const [ack] = await call.ok<Ack[]>({
      path: operations.orderPlace.path,
      body: {
        account_id: MARGIN,
        new_orders: [
          {
            client_order_id: randomBytes(16).toString('hex'),
            symbol: 'AAPL',
            instrument_type: 'EQUITY',
            market: 'US',
            quantity: '10',
            side: 'BUY',
            time_in_force: 'DAY',
            support_trading_session: 'CORE',
            entrust_type: 'QTY',
            ...order,
          },
        ],
      },
    });
    if (!ack) throw new Error('no ack');
    return ack;
  };
  const detail = (id: string) =>
    call.ok<Order>({
      path: operations.orderDetail.path,
      query: [
        ['account_id', MARGIN],
        ['client_order_id', id],
      ],
    });

  it('signs and dates on the wall clock while the market replays Friday', async () => {
    wall.now = SATURDAY;
    const s = await start({ replayWhenClosed: true });
    expect(s.marketClock).toEqual({ mode: 'replay', label: 'Replaying Fri 20 Nov 2026 regular session' });

    const res = await call({
      path: operations.snapshot.path,
      query: [
        ['symbols', 'AAPL'],
        ['category', 'US_STOCK'],
      ],
    });
    expect(res.status).toBe(200);
    // The client learns its clock offset from Date: it must be the wall clock, never the replay.
    expect(res.headers.get('date')).toBe(new Date(SATURDAY).toUTCString());
    // A request signed at the replayed time is 5 minutes and more off the wall clock: rejected.
    const skewed = await call({
      path: operations.snapshot.path,
      query: [
        ['symbols', 'AAPL'],
        ['category', 'US_STOCK'],
      ],
      timestamp: formatTimestamp(FRIDAY_OPEN),
    });
    expect(skewed.status).toBe(401);
    expect(skewed.json).toMatchObject({ error_code: 'TIMESTAMP_EXPIRED' });

    wall.now = SATURDAY + 10 * MIN;
    const [early] = await snapshot('AAPL,MSFT');
    expect(early?.trading_session).toBe('RTH');
    expect(early?.last_trade_time).toBeGreaterThanOrEqual(FRIDAY_OPEN);
    expect(early?.last_trade_time).toBeLessThanOrEqual(FRIDAY_OPEN + 10 * MIN);
    expect(early?.last_trade_time).toBeGreaterThan(FRIDAY_OPEN + 9 * MIN);

    wall.now = SATURDAY + 20 * MIN;
    const [later] = await snapshot('AAPL,MSFT');
    expect(later?.trading_session).toBe('RTH');
    expect(later?.last_trade_time).toBeGreaterThan(FRIDAY_OPEN + 19 * MIN);
    expect(later?.price).not.toBe(early?.price);

    // What the quote broker and the trading engine read: the same replayed instant.
    expect(s.market.now()).toBe(FRIDAY_OPEN + 20 * MIN);
    const q = s.market.quote('AAPL');
    expect(q?.session).toBe('RTH');
    expect(q?.price).toBe(later?.price);
  });

  it('fills a market order at the replayed ask, and expires DAY orders when the replay loops', async () => {
    wall.now = SATURDAY;
    await start({ replayWhenClosed: true });
    wall.now = SATURDAY + 45 * MIN;
    // An independent simulator at the replayed instant: Friday 10:15 New York.
    const reference = createMarketSimulator({ seed: 42 }).quote('AAPL', FRIDAY_OPEN + 45 * MIN);
    const bought = await placeOk({ order_type: 'MARKET' });
    const filled = await detail(bought.client_order_id);
    expect(filled.status).toBe('FILLED');
    expect(filled.avg_fill_price).toBe(reference?.ask);
    expect(filled.filled_time).toBe(FRIDAY_OPEN + 45 * MIN);

    const resting = await placeOk({ order_type: 'LIMIT', limit_price: '1.00' });
    sandbox?.matchNow();
    expect((await detail(resting.client_order_id)).status).toBe('SUBMITTED');
    // One regular session later the replay is back at Friday's open: that Friday has closed.
    wall.now = SATURDAY + (FRIDAY_CLOSE - FRIDAY_OPEN) + 5 * MIN;
    expect(sandbox?.market.now()).toBe(FRIDAY_OPEN + 5 * MIN);
    sandbox?.matchNow();
    expect(await detail(resting.client_order_id)).toMatchObject({
      status: 'CANCELLED',
      reason: 'DAY order expired at the close',
    });
  });

  it('times access tokens on the wall clock', async () => {
    wall.now = SATURDAY;
    await start({
      replayWhenClosed: true,
      tokenCheckEnabled: true,
      tokenApprovalDelayMs: 3_000,
      tokenTtlMs: 3_600_000,
    });
    const created = await call.ok<{ token: string; expires: number; status: string }>({
      path: operations.tokenCreate.path,
      body: {},
    });
    // A token stamped with the replayed Friday would have expired a day ago.
    expect(created).toMatchObject({ status: 'PENDING', expires: SATURDAY + 3_600_000 });
    wall.now = SATURDAY + 3_000;
    const accounts = await call({
      path: operations.accountList.path,
      headers: { 'x-access-token': created.token },
    });
    expect(accounts.status).toBe(200);
  });

  it('without replayWhenClosed the same Saturday is CLOSED and frozen', async () => {
    wall.now = SATURDAY;
    const s = await start({});
    expect(s.marketClock).toEqual({ mode: 'live' });
    const [first] = await snapshot('AAPL');
    wall.now = SATURDAY + 10 * MIN;
    const [second] = await snapshot('AAPL');
    expect(first?.trading_session).toBe('CLOSED');
    expect(second?.price).toBe(first?.price);
    expect(s.market.quote('AAPL')?.session).toBe('CLOSED');
  });

  it('is the wall clock when started during regular hours', async () => {
    wall.now = RTH_TIME;
    const s = await start({ replayWhenClosed: true });
    expect(s.marketClock).toEqual({ mode: 'live' });
    expect(s.market.now()).toBe(RTH_TIME);
  });

  it('refuses both an explicit marketClock and replayWhenClosed', async () => {
    await expect(start({ replayWhenClosed: true, marketClock: () => FRIDAY_OPEN })).rejects.toThrow(
      /either marketClock or replayWhenClosed/,
    );
  });
});
