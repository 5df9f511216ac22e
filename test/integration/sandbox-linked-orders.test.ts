import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { TradeEvent } from '../../sandbox/testing';
import { operations } from '../../shared/openapi/operations';
import { TEST_ENVIRONMENT_LINKED_ORDERS } from '../../shared/trading';
import { type TestSandbox, startTestSandbox } from './helpers/test-sandbox';

/**
 * Linked orders through the real HTTP API (shared/trading/groups.ts, docs/sandbox.md "Linked
 * orders"): brackets, OTO, OCO and OTOCO, and an environment that refuses the last three as
 * Webull's test environment does. The stub market quotes bid = last − 0.01, ask = last + 0.01.
 */
const MARGIN = 'SBXM00000001';
const coid = () => randomBytes(16).toString('hex');
type Order = {
  client_order_id: string;
  status: string;
  combo_type?: string;
  reason?: string;
  quantity: string;
  filled_quantity: string;
};

const stock = (over: Record<string, unknown>) => ({
  client_order_id: coid(),
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  market: 'US',
  quantity: '10',
  time_in_force: 'DAY',
  entrust_type: 'QTY',
  support_trading_session: 'CORE',
  ...over,
});
/** AAPL is at 230.00: an entry below the market waits; its exits above and below it. */
const entry = (over: Record<string, unknown> = {}) =>
  stock({ combo_type: 'MASTER', side: 'BUY', order_type: 'LIMIT', limit_price: '229.00', ...over });
const profit = (over: Record<string, unknown> = {}) =>
  stock({ combo_type: 'STOP_PROFIT', side: 'SELL', order_type: 'LIMIT', limit_price: '232.00', ...over });
const loss = (over: Record<string, unknown> = {}) =>
  stock({ combo_type: 'STOP_LOSS', side: 'SELL', order_type: 'STOP_LOSS', stop_price: '226.00', ...over });

describe('linked orders', () => {
  let t: TestSandbox;
  let events: TradeEvent[];
  const start = async (opts = {}) => {
    t = await startTestSandbox(opts);
    events = [];
    t.sandbox.bus.subscribe((e) => events.push(e));
  };
  afterEach(() => t.sandbox.stop());

  const placeGroup = (orders: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) =>
    t.call({ path: operations.orderPlace.path, body: { account_id: MARGIN, new_orders: orders, ...extra } });
  const placeOk = async (orders: Array<Record<string, unknown>>) => {
    const res = await placeGroup(orders);
    if (res.status !== 200) throw new Error(JSON.stringify(res.json));
    return res.json as { combo_order_id: string; client_combo_order_id?: string };
  };
  const detail = (id: unknown) =>
    t.call.ok<Order>({
      path: operations.orderDetail.path,
      query: [
        ['account_id', MARGIN],
        ['client_order_id', String(id)],
      ],
    });
  const statuses = async (...orders: Array<{ client_order_id: unknown }>) =>
    Promise.all(orders.map(async (o) => (await detail(o.client_order_id)).status));
  const moveTo = (price: string) => {
    t.market.setPrice('AAPL', price);
    t.clock.now += 1000;
    t.sandbox.matchNow();
  };
  const orderEvents = (id: unknown) =>
    events.flatMap((e) => (e.kind === 'order' && e.order.client_order_id === id ? [e.order.status] : []));

  it('bracket: the exits wait for the entry, then one exit filling cancels the other', async () => {
    await start();
    const [m, p, l] = [entry(), profit(), loss()];
    // The real service answers a group with the group's id only; each order is asked for by its own id.
    const receipt = await placeOk([m, p, l]);
    expect(receipt).toEqual({ combo_order_id: expect.stringMatching(/^SBXG\d{10}$/) });
    expect(await statuses(m, p, l)).toEqual(['SUBMITTED', 'SUBMITTED', 'SUBMITTED']);
    const group = await Promise.all([m, p, l].map((o) => detail(o.client_order_id)));
    expect(group.map((o) => o.combo_type)).toEqual(['MASTER', 'STOP_PROFIT', 'STOP_LOSS']);
    // At 233 the profit target would fill, but the entry has not filled.
    moveTo('233.00');
    expect(await statuses(m, p, l)).toEqual(['SUBMITTED', 'SUBMITTED', 'SUBMITTED']);
    expect((await detail(p.client_order_id)).filled_quantity).toBe('0');
    // The entry fills at 228.51 (ask of 228.50); the exits start working and neither triggers there.
    moveTo('228.50');
    expect(await statuses(m, p, l)).toEqual(['FILLED', 'SUBMITTED', 'SUBMITTED']);
    moveTo('232.50');
    expect(await statuses(m, p, l)).toEqual(['FILLED', 'FILLED', 'CANCELLED']);
    expect((await detail(l.client_order_id)).reason).toContain(p.client_order_id);
    // One event per order per change on the stream: placement, the exits' activation, the fills, the cancel.
    expect(orderEvents(m.client_order_id)).toEqual(['SUBMITTED', 'FILLED']);
    expect(orderEvents(p.client_order_id)).toEqual(['SUBMITTED', 'SUBMITTED', 'FILLED']);
    expect(orderEvents(l.client_order_id)).toEqual(['SUBMITTED', 'SUBMITTED', 'CANCELLED']);
  });

  it('bracket: the stop-loss exit filling cancels the profit target', async () => {
    await start();
    const [m, p, l] = [entry(), profit(), loss()];
    await placeOk([m, p, l]);
    moveTo('228.50');
    moveTo('225.50');
    expect(await statuses(m, p, l)).toEqual(['FILLED', 'CANCELLED', 'FILLED']);
  });

  it('bracket: cancelling the unfilled entry cancels the group', async () => {
    await start();
    const [m, p, l] = [entry(), profit(), loss()];
    await placeOk([m, p, l]);
    const res = await t.call({
      path: operations.orderCancel.path,
      body: { account_id: MARGIN, client_order_id: m.client_order_id },
    });
    expect(res.status).toBe(200);
    expect(await statuses(m, p, l)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    // Nothing is left to work: the price that would have filled the entry fills nothing.
    moveTo('228.50');
    expect(await statuses(m, p, l)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
  });

  it('bracket with one exit; once the entry has filled, an exit is cancelled on its own', async () => {
    await start();
    const [m, l] = [entry(), loss()];
    await placeOk([m, l]);
    moveTo('228.50');
    const res = await t.call({
      path: operations.orderCancel.path,
      body: { account_id: MARGIN, client_order_id: l.client_order_id },
    });
    expect(res.status).toBe(200);
    expect(await statuses(m, l)).toEqual(['FILLED', 'CANCELLED']);
  });

  it('OTO: the entry filling starts the other order', async () => {
    await start();
    const m = entry();
    const other = stock({ combo_type: 'OTO', side: 'SELL', order_type: 'LIMIT', limit_price: '231.00' });
    await placeOk([m, other]);
    moveTo('231.50');
    expect(await statuses(m, other)).toEqual(['SUBMITTED', 'SUBMITTED']);
    moveTo('228.50');
    expect(await statuses(m, other)).toEqual(['FILLED', 'SUBMITTED']);
    moveTo('231.50');
    expect(await statuses(m, other)).toEqual(['FILLED', 'FILLED']);
  });

  it('OCO: both work at once; one filling cancels the other', async () => {
    await start();
    const below = stock({ combo_type: 'OCO', side: 'BUY', order_type: 'LIMIT', limit_price: '228.00' });
    const above = stock({ combo_type: 'OCO', side: 'BUY', order_type: 'STOP_LOSS', stop_price: '233.00' });
    await placeOk([below, above]);
    moveTo('227.50');
    expect(await statuses(below, above)).toEqual(['FILLED', 'CANCELLED']);
  });

  it('OTOCO: the entry filling starts an OCO pair; one filling cancels the other', async () => {
    await start();
    const m = entry();
    const target = stock({ combo_type: 'OCO', side: 'SELL', order_type: 'LIMIT', limit_price: '232.00' });
    const stop = stock({ combo_type: 'OCO', side: 'SELL', order_type: 'STOP_LOSS', stop_price: '226.00' });
    await placeOk([m, target, stop]);
    moveTo('233.00');
    expect(await statuses(m, target, stop)).toEqual(['SUBMITTED', 'SUBMITTED', 'SUBMITTED']);
    moveTo('228.50');
    moveTo('232.50');
    expect(await statuses(m, target, stop)).toEqual(['FILLED', 'FILLED', 'CANCELLED']);
  });

  describe('an entry filled in part (the stub market shows 100 shares at the touch: 150 fill in two passes)', () => {
    const big = { quantity: '150' };
    const quantities = async (...orders: Array<{ client_order_id: unknown }>) =>
      Promise.all(
        orders.map(async (o) => {
          const d = await detail(o.client_order_id);
          return `${d.status} ${d.filled_quantity}/${d.quantity}`;
        }),
      );

    it('by default the exits wait until the entry has filled completely', async () => {
      await start();
      const [m, p, l] = [entry(big), profit(big), loss(big)];
      await placeOk([m, p, l]);
      t.market.setPrice('AAPL', '228.50');
      t.sandbox.matchNow();
      expect(await quantities(m, p, l)).toEqual([
        'PARTIAL_FILLED 100/150',
        'SUBMITTED 0/150',
        'SUBMITTED 0/150',
      ]);
      // The take-profit's price is reached: a waiting exit does not fill.
      moveTo('233.00');
      expect(await quantities(m, p, l)).toEqual([
        'PARTIAL_FILLED 100/150',
        'SUBMITTED 0/150',
        'SUBMITTED 0/150',
      ]);
      moveTo('228.50');
      expect(await quantities(m, p, l)).toEqual(['FILLED 150/150', 'SUBMITTED 0/150', 'SUBMITTED 0/150']);
      moveTo('232.50');
      expect(await quantities(m, p, l)).toEqual([
        'FILLED 150/150',
        'PARTIAL_FILLED 100/150',
        'SUBMITTED 0/150',
      ]);
    });

    it('cancelling a partly filled entry leaves its exits working for the shares it filled', async () => {
      await start();
      const [m, p, l] = [entry(big), profit(big), loss(big)];
      await placeOk([m, p, l]);
      moveTo('228.50');
      expect(await quantities(m, p, l)).toEqual([
        'PARTIAL_FILLED 100/150',
        'SUBMITTED 0/150',
        'SUBMITTED 0/150',
      ]);
      const res = await t.call({
        path: operations.orderCancel.path,
        body: { account_id: MARGIN, client_order_id: m.client_order_id },
      });
      expect(res.status).toBe(200);
      expect(await quantities(m, p, l)).toEqual(['CANCELLED 100/150', 'SUBMITTED 0/100', 'SUBMITTED 0/100']);
      moveTo('232.50');
      expect(await quantities(m, p, l)).toEqual(['CANCELLED 100/150', 'FILLED 100/100', 'CANCELLED 0/100']);
      // The 100 shares the entry bought are sold again: the position is back where it was.
      const held = events.flatMap((e) => (e.kind === 'position' ? [Number(e.position.quantity)] : []));
      expect(held.at(-1)).toBe((held[0] ?? 0) - 100);
    });

    it('with partial activation the exits work for the shares filled so far and grow with the entry', async () => {
      await start({ groupActivation: 'partial' });
      const [m, p, l] = [entry(big), profit(big), loss(big)];
      await placeOk([m, p, l]);
      moveTo('228.50');
      expect(await quantities(m, p, l)).toEqual([
        'PARTIAL_FILLED 100/150',
        'SUBMITTED 0/100',
        'SUBMITTED 0/100',
      ]);
      moveTo('228.50');
      expect(await quantities(m, p, l)).toEqual(['FILLED 150/150', 'SUBMITTED 0/150', 'SUBMITTED 0/150']);
    });

    it('with partial activation an exit filling ends the trade: the other exit and the entry’s rest are cancelled', async () => {
      await start({ groupActivation: 'partial' });
      const [m, p, l] = [entry(big), profit(big), loss(big)];
      await placeOk([m, p, l]);
      moveTo('228.50');
      moveTo('232.50');
      expect(await quantities(m, p, l)).toEqual(['CANCELLED 100/150', 'FILLED 100/100', 'CANCELLED 0/100']);
      expect((await detail(m.client_order_id)).reason).toContain(p.client_order_id);
    });
  });

  it('a group is placed whole or not at all, and only in shapes the domain knows', async () => {
    await start();
    // An exit on the entry's own side: refused, and nothing of the group is placed.
    const [m, p] = [entry(), profit({ side: 'BUY' })];
    const res = await placeGroup([m, p]);
    expect(res).toMatchObject({ status: 417, json: { message: 'invalid new_orders[1].side, value: [BUY]' } });
    const missing = await t.call({
      path: operations.orderDetail.path,
      query: [
        ['account_id', MARGIN],
        ['client_order_id', m.client_order_id],
      ],
    });
    expect(missing.status).not.toBe(200);
    // A master alone is no group.
    expect(await placeGroup([entry()])).toMatchObject({
      status: 417,
      json: { error_code: 'OPENAPI_PARAM_ERR', message: 'invalid combo_type, value: ["MASTER"]' },
    });
    expect(events).toEqual([]);
  });

  it('an environment without OTO, OCO and OTOCO refuses them as Webull’s test environment did, and takes brackets', async () => {
    await start({ linkedOrders: TEST_ENVIRONMENT_LINKED_ORDERS });
    const oto = await placeGroup([
      entry(),
      stock({ combo_type: 'OTO', side: 'SELL', order_type: 'LIMIT', limit_price: '231.00' }),
    ]);
    expect(oto).toMatchObject({
      status: 417,
      json: { error_code: 'OPENAPI_PARAM_ERR', message: 'invalid combo_type, value: ["MASTER","OTO"]' },
    });
    const oco = await placeGroup([
      stock({ combo_type: 'OCO', side: 'BUY', order_type: 'LIMIT', limit_price: '228.00' }),
      stock({ combo_type: 'OCO', side: 'BUY', order_type: 'STOP_LOSS', stop_price: '233.00' }),
    ]);
    expect(oco.status).toBe(417);
    expect(events).toEqual([]);
    expect(await placeOk([entry(), profit(), loss()])).toHaveProperty('combo_order_id');
  });

  it('the client’s client_combo_order_id names the group beside the sandbox’s combo_order_id', async () => {
    await start();
    const comboId = coid();
    const [m, p] = [entry(), profit()];
    const res = await placeGroup([m, p], { client_combo_order_id: comboId });
    expect(res.json).toEqual({
      combo_order_id: expect.stringMatching(/^SBXG/),
      client_combo_order_id: comboId,
    });
    const { combo_order_id } = res.json as { combo_order_id: string };
    expect(await detail(p.client_order_id)).toMatchObject({
      combo_order_id,
      client_combo_order_id: comboId,
      combo_type: 'STOP_PROFIT',
    });
  });

  it('on the documented wire a group placement is acknowledged order by order', async () => {
    await start({ wire: 'documented' });
    const [m, p, l] = [entry(), profit(), loss()];
    const res = await placeGroup([m, p, l]);
    const acks = res.json as Array<{ client_order_id: string; status: string; combo_order_id: string }>;
    expect(acks.map((a) => [a.client_order_id, a.status])).toEqual(
      [m, p, l].map((o) => [o.client_order_id, 'SUBMITTED']),
    );
    expect(new Set(acks.map((a) => a.combo_order_id)).size).toBe(1);
  });
});
