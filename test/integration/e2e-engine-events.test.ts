import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { placeOrder, type NewOrderInput } from '../../electron/openapi/order-placement';
import { newClientOrderId } from '../../shared/trading';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';
import { createTradeEventsClient, type TradeEventsClient } from '../../electron/streaming/trade-events';
import { Decimal } from '../../shared/decimal';
import type { TradeEventMessage } from '../../shared/proto/trade-event-payload';

/** How long a condition may take to come true over real sockets (polled every 10 ms). */
const WAIT = { timeout: 5_000, interval: 10 };

/**
 * An order's life as the app sees it (orders, then trade events): placed through `placeOrder`
 * on the real client, filled by the sandbox's engine against the simulated quote, reported over the
 * real gRPC trade-events client; idempotent on client_order_id; still there after a restart on the
 * same data directory. Clock fixed in regular hours, so a market order fills at once at the ask.
 */
const T0 = Date.parse('2026-11-18T15:00:00Z');
const MARGIN = 'SBXM00000001';
const CREDS = { appKey: 'e2e0'.repeat(8), appSecret: 'e2e-events-secret-value' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const sandboxes: SandboxHandle[] = [];
const clients: OpenApiClient[] = [];
const eventClients: TradeEventsClient[] = [];
const dataDirs: string[] = [];
afterEach(async () => {
  for (const c of eventClients.splice(0)) c.close();
  for (const c of clients.splice(0)) c.close();
  for (const s of sandboxes.splice(0)) await s.stop();
  for (const d of dataDirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function boot(dataDir: string) {
  const sandbox = await startSandbox(
    { ...CREDS, dataDir, clock: () => T0 },
    { log: () => undefined, pingIntervalMs: 1_000 },
  );
  sandboxes.push(sandbox);
  const client = createOpenApiClient({
    environment: testEnvironment(sandbox.apiUrl),
    credentials: CREDS,
    now: () => T0,
  });
  clients.push(client);
  return { sandbox, client };
}

const aaplQuantity = async (client: OpenApiClient) => {
  const positions = await client.call('positions', { account_id: MARGIN });
  return new Decimal(positions.find((p) => p.symbol === 'AAPL')?.quantity ?? '0');
};

describe('order → fill → events → restart, through the real clients', () => {
  it('streams SUBMITTED, FILLED and the position; a repeated place is no second order; all persists', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-e2e-events-'));
    dataDirs.push(dataDir);
    const { sandbox, client } = await boot(dataDir);
    const events: TradeEventMessage[] = [];
    const errors: string[] = [];
    const stream = createTradeEventsClient({
      address: sandbox.eventsAddress,
      tls: false,
      credentials: CREDS,
      algorithm: sandbox.algorithm,
      accounts: [MARGIN],
      pingIntervalMs: 1_000,
      now: () => T0,
    });
    eventClients.push(stream);
    stream.onEvent((e) => events.push(e));
    stream.onError((e) => errors.push(e.code));
    await vi.waitFor(() => expect(stream.status() === 'live').toBe(true), WAIT);

    const held = await aaplQuantity(client);
    const live = sandbox.market.quote('AAPL');
    if (!live) throw new Error('AAPL unknown');
    const id = newClientOrderId();
    const order: NewOrderInput = {
      client_order_id: id,
      symbol: 'AAPL',
      instrument_type: 'EQUITY',
      market: 'US',
      order_type: 'MARKET',
      quantity: '3',
      side: 'BUY',
      time_in_force: 'DAY',
      entrust_type: 'QTY',
    };
    const placed = await placeOrder(client, MARGIN, order);
    expect(placed).toMatchObject({ clientOrderId: id, confirmedBy: 'reply' });

    const orderEvents = () =>
      events.flatMap((e) => (e.kind === 'order' && e.order.client_order_id === id ? [e.order] : []));
    await vi.waitFor(() => expect(orderEvents().some((o) => o.status === 'FILLED')).toBe(true), WAIT);
    await vi.waitFor(
      () => expect(events.some((e) => e.kind === 'position' && e.position.symbol === 'AAPL')).toBe(true),
      WAIT,
    );
    expect(orderEvents().map((o) => o.status)).toEqual(['SUBMITTED', 'FILLED']);
    const filled = orderEvents()[1];
    expect(filled).toMatchObject({ order_id: placed.orderId, account_id: MARGIN, filled_quantity: '3' });
    // A market buy fills at the ask of the simulated quote (docs/sandbox.md "Orders").
    expect(new Decimal(filled?.avg_fill_price ?? 'NaN').eq(live.ask)).toBe(true);
    const position = events.find((e) => e.kind === 'position');
    expect(position?.accountId).toBe(MARGIN);
    expect(position?.kind === 'position' && new Decimal(position.position.quantity).eq(held.plus(3))).toBe(
      true,
    );
    expect(events.every((e) => e.accountId === MARGIN)).toBe(true);

    // Same client_order_id again: the same acknowledgement, no second order, no second fill.
    const count = events.length;
    const again = await placeOrder(client, MARGIN, order);
    expect(again).toMatchObject({ clientOrderId: id, orderId: placed.orderId });
    sandbox.matchNow();
    await sleep(300);
    expect(events.length).toBe(count);
    const history = await client.call('ordersHistory', { account_id: MARGIN, page_size: 100 });
    expect(history.filter((o) => o.client_order_id === id)).toHaveLength(1);
    expect((await aaplQuantity(client)).eq(held.plus(3))).toBe(true);
    expect(errors).toEqual([]);

    // Restart on the same data directory: the order and the position come back through the client.
    stream.close();
    await sandbox.stop();
    const restarted = await boot(dataDir);
    const detail = await restarted.client.call('orderDetail', { account_id: MARGIN, client_order_id: id });
    expect(detail).toMatchObject({ order_id: placed.orderId, status: 'FILLED', filled_quantity: '3' });
    expect((await aaplQuantity(restarted.client)).eq(held.plus(3))).toBe(true);
    // Idempotent across the restart too.
    const afterRestart = await placeOrder(restarted.client, MARGIN, order);
    expect(afterRestart.orderId).toBe(placed.orderId);
    expect((await aaplQuantity(restarted.client)).eq(held.plus(3))).toBe(true);
  });

  it('streams an asynchronous rejection: FAILED reaches the gRPC client for an order already acknowledged', async () => {
    const CASH = 'SBXC00000001';
    const AFTER_HOURS = Date.parse('2026-11-18T22:00:00Z'); // Wed 17:00 New York
    const NEXT_OPEN = Date.parse('2026-11-19T14:40:00Z'); // Thu 09:40 New York
    const clock = { now: AFTER_HOURS };
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-e2e-failed-'));
    dataDirs.push(dataDir);
    const sandbox = await startSandbox(
      { ...CREDS, dataDir, clock: () => clock.now },
      { log: () => undefined, pingIntervalMs: 1_000, matchIntervalMs: 60_000 },
    );
    sandboxes.push(sandbox);
    const client = createOpenApiClient({
      environment: testEnvironment(sandbox.apiUrl),
      credentials: CREDS,
      now: () => clock.now,
    });
    clients.push(client);
    // The simulated stock that rose most from this evening to tomorrow's open (seed-determined);
    // chosen before the event stream opens, as the scan is long enough to miss a heartbeat.
    const rise = (symbol: string) =>
      new Decimal(sandbox.market.quote(symbol, NEXT_OPEN)?.ask ?? 0).div(
        sandbox.market.quote(symbol, AFTER_HOURS)?.ask ?? 1,
      );
    const symbol = sandbox.market
      .universe()
      .map((u) => u.symbol)
      .reduce((best, s) => (rise(s).gt(rise(best)) ? s : best));
    const events: TradeEventMessage[] = [];
    const stream = createTradeEventsClient({
      address: sandbox.eventsAddress,
      tls: false,
      credentials: CREDS,
      algorithm: sandbox.algorithm,
      accounts: [CASH],
      pingIntervalMs: 1_000,
      now: () => clock.now,
    });
    eventClients.push(stream);
    stream.onEvent((e) => events.push(e));
    const errs: string[] = [];
    stream.onError((e) => errs.push(`${e.code} ${e.message}`));
    await vi.waitFor(() => expect(stream.status() === 'live').toBe(true), WAIT);

    const cash = new Decimal((await client.call('balance', { account_id: CASH })).buying_power);
    const quantity = cash.div(sandbox.market.quote(symbol)?.ask ?? 'NaN').floor();
    // Affordable now (a market order is reserved at the current ask), not at the open.
    expect(quantity.times(sandbox.market.quote(symbol, NEXT_OPEN)?.ask ?? 0).gt(cash)).toBe(true);
    const id = newClientOrderId();
    const placed = await placeOrder(client, CASH, {
      client_order_id: id,
      symbol,
      instrument_type: 'EQUITY',
      market: 'US',
      order_type: 'MARKET',
      quantity: quantity.toFixed(),
      side: 'BUY',
      // GTC: the real service refuses a DAY order placed after the close (docs/sandbox.md "Wire forms").
      time_in_force: 'GTC',
      entrust_type: 'QTY',
    });
    expect(placed.clientOrderId).toBe(id);

    clock.now = NEXT_OPEN;
    sandbox.matchNow();
    const statuses = () =>
      events.flatMap((e) => (e.kind === 'order' && e.order.client_order_id === id ? [e.order.status] : []));
    await vi.waitFor(() => expect(statuses().includes('FAILED')).toBe(true), WAIT);
    expect(statuses()).toEqual(['SUBMITTED', 'FAILED']);
    expect(errs).toEqual([]);
    const failed = events.find((e) => e.kind === 'order' && e.order.status === 'FAILED');
    expect(failed?.kind === 'order' && failed.order).toMatchObject({
      filled_quantity: '0',
      reason: expect.stringContaining('buying power'),
    });
    expect(events.some((e) => e.kind === 'position')).toBe(false);
  });
});
