import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TradeEvent } from '../../sandbox/testing';
import { Decimal } from '../../shared/decimal';
import { operations } from '../../shared/openapi/operations';
import { type TestSandbox, startTestSandbox } from './helpers/test-sandbox';

const MARGIN = 'SBXM00000001';
const CASH = 'SBXC00000001';
const coid = () => randomBytes(16).toString('hex');
type Ack = { client_order_id: string; order_id: string; status: string };
type Order = {
  status: string;
  filled_quantity: string;
  avg_fill_price?: string;
  quantity: string;
  limit_price?: string;
  reason?: string;
};
type Position = {
  symbol: string;
  quantity: string;
  cost_price: string;
  market_value: string;
  instrument_id: string;
};
type Balance = {
  total_asset: string;
  total_cash: string;
  total_market_value: string;
  buying_power: string;
  option_buying_power: string;
  unrealized_profit_loss: string;
};

const stock = (over: Record<string, unknown> = {}) => ({
  client_order_id: coid(),
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  market: 'US',
  order_type: 'MARKET',
  quantity: '10',
  side: 'BUY',
  time_in_force: 'DAY',
  entrust_type: 'QTY',
  support_trading_session: 'CORE',
  ...over,
});
/** Friday 2026-12-18, AAPL 230 call. */
const option = (over: Record<string, unknown> = {}, leg: Record<string, unknown> = {}) => ({
  client_order_id: coid(),
  combo_type: 'NORMAL',
  option_strategy: 'SINGLE',
  order_type: 'LIMIT',
  limit_price: '5.00',
  quantity: '2',
  side: 'BUY',
  time_in_force: 'GTC',
  entrust_type: 'QTY',
  legs: [
    {
      side: 'BUY',
      quantity: '2',
      symbol: 'AAPL',
      strike_price: '230',
      option_expire_date: '2026-12-18',
      option_type: 'CALL',
      instrument_type: 'OPTION',
      market: 'US',
      ...leg,
    },
  ],
  ...over,
});

describe('orders', () => {
  let t: TestSandbox;
  let events: TradeEvent[];
  beforeEach(async () => {
    // The real wire (the default): a refused order is 417 OPENAPI_PARAM_ERR naming the parameter and
    // its value, so each rule is shown by the field and value it names and by nothing being placed.
    // The documented 400 with the reason: the one documented case below.
    t = await startTestSandbox();
    events = [];
    t.sandbox.bus.subscribe((e) => events.push(e));
  });
  afterEach(() => t.sandbox.stop());

  const place = (order: Record<string, unknown>, account = MARGIN, path = operations.orderPlace.path) =>
    t.call({ path, body: { account_id: account, new_orders: [order] } });
  const placeOk = async (
    order: Record<string, unknown>,
    account = MARGIN,
    path = operations.orderPlace.path,
  ) => {
    const res = await place(order, account, path);
    if (res.status !== 200) throw new Error(JSON.stringify(res.json));
    return (res.json as Ack[])[0] as Ack;
  };
  const detail = (id: string, account = MARGIN) =>
    t.call.ok<Order>({
      path: operations.orderDetail.path,
      query: [
        ['account_id', account],
        ['client_order_id', id],
      ],
    });
  const positions = (account = MARGIN) =>
    t.call.ok<Position[]>({ path: operations.positions.path, query: [['account_id', account]] });
  const balance = (account = MARGIN) =>
    t.call.ok<Balance>({ path: operations.balance.path, query: [['account_id', account]] });
  const rejection = async (order: Record<string, unknown>, account = MARGIN, path?: string) => {
    const res = await place(order, account, path);
    return { status: res.status, ...(res.json as { error_code: string; message: string }) };
  };
  /** The real refusal of a bad parameter: 417 `invalid <name>, value: [<value>]`. */
  const invalid = (name: string, value: string) => ({
    status: 417,
    error_code: 'OPENAPI_PARAM_ERR',
    message: `invalid ${name}, value: [${value}]`,
  });

  it('lists both accounts on both paths and reports seeded balances marked to market', async () => {
    const list = await t.call.ok<Array<{ account_id: string; account_type: string }>>({
      path: operations.accountList.path,
    });
    expect(list.map((a) => [a.account_id, a.account_type])).toEqual([
      [MARGIN, 'MARGIN'],
      [CASH, 'CASH'],
    ]);
    expect(await t.call.ok({ path: operations.accountListV3.path })).toEqual(list);
    const b = await balance();
    expect(operations.balance.response.safeParse(b).success).toBe(true);
    expect(new Decimal(b.total_asset).toNumber()).toBeCloseTo(100_000, -1);
    expect(new Decimal(b.total_cash).plus(b.total_market_value).eq(b.total_asset)).toBe(true);
    expect(new Decimal((await balance(CASH)).total_asset).toNumber()).toBeCloseTo(25_000, -1);
    const pos = await positions();
    for (const p of pos) expect(operations.positions.response.element.safeParse(p).success).toBe(true);
    const details = await t.call.ok<{
      items: Array<{ quantity: string }>;
      has_more: boolean;
      last_id: string;
    }>({
      path: operations.positionDetails.path,
      query: [
        ['account_id', MARGIN],
        ['instrument_id', pos[0]?.instrument_id ?? ''],
        ['page_size', '1'],
      ],
    });
    expect(details.items).toHaveLength(1);
    expect(details.has_more).toBe(true);
  });

  it('validates orders with 417s naming the parameter and its value', async () => {
    expect(await rejection(stock({ symbol: 'ZZZZ' }))).toEqual(invalid('new_orders[0].symbol', 'ZZZZ'));
    // A LIMIT without limit_price, a stop order without stop_price.
    expect(await rejection(stock({ order_type: 'LIMIT' }))).toEqual(
      invalid('new_orders[0].limit_price', 'null'),
    );
    expect(await rejection(stock({ order_type: 'STOP_LOSS' }))).toEqual(
      invalid('new_orders[0].stop_price', 'null'),
    );
    expect(await rejection(stock({ order_type: 'STOP_LOSS_LIMIT', limit_price: '200' }))).toEqual(
      invalid('new_orders[0].stop_price', 'null'),
    );
    expect(await rejection(stock({ quantity: '0' }))).toEqual(invalid('new_orders[0].quantity', '0'));
    expect(await rejection(stock({ quantity: '-3' }))).toEqual(invalid('new_orders[0].quantity', '-3'));
    // Options trade in whole contracts.
    expect(await rejection(option({ quantity: '1.5' }, { quantity: '1.5' }))).toEqual(
      invalid('new_orders[0].quantity', '1.5'),
    );
    // No contract at strike 231 (AAPL261218C00231000), none expiring on the 17th: the leg is named.
    const noStrike = await rejection(option({}, { strike_price: '231' }));
    expect(noStrike).toMatchObject({
      status: 417,
      message: expect.stringMatching(/^invalid new_orders\[0\]\.legs\[0\], value: \[/),
    });
    expect(noStrike.message).toContain('"strike_price":"231"');
    const noExpiry = await rejection(option({}, { option_expire_date: '2026-12-17' }));
    expect(noExpiry).toMatchObject({
      status: 417,
      message: expect.stringMatching(/^invalid new_orders\[0\]\.legs\[0\], value: \[/),
    });
    expect(noExpiry.message).toContain('"option_expire_date":"2026-12-17"');
    expect(await rejection(stock(), MARGIN, operations.optionOrderPlace.path)).toEqual(
      invalid('new_orders[0].legs', 'null'),
    );
    expect(await rejection(stock({ quantity: '1000' }))).toMatchObject({
      status: 400,
      error_code: 'INSUFFICIENT_BUYING_POWER',
    });
    expect(await rejection(stock({ side: 'SELL', symbol: 'KO', quantity: '51' }), CASH)).toMatchObject({
      status: 400,
      error_code: 'INSUFFICIENT_POSITION',
    });
    expect(await rejection(stock(), 'NOPE')).toEqual({
      status: 403,
      error_code: 'ACCOUNT_ACCESS_DENIED',
      message: 'account access denied: NOPE',
    });
    expect(events).toEqual([]);
  });

  it('documented wire: a refused order is a 400 naming the parameter and why', async () => {
    const documented = await startTestSandbox({ wire: 'documented' });
    try {
      const refuse = async (order: Record<string, unknown>, account = MARGIN) => {
        const res = await documented.call({
          path: operations.orderPlace.path,
          body: { account_id: account, new_orders: [order] },
        });
        return { status: res.status, ...(res.json as { error_code: string; message: string }) };
      };
      expect(await refuse(stock({ symbol: 'ZZZZ' }))).toMatchObject({
        status: 400,
        error_code: 'INVALID_PARAMETER',
        message: expect.stringContaining("'new_orders[0].symbol'"),
      });
      expect(await refuse(option({ quantity: '1.5' }, { quantity: '1.5' }))).toMatchObject({
        status: 400,
        message: expect.stringContaining('whole number'),
      });
      expect(await refuse(option({}, { strike_price: '231' }))).toMatchObject({
        status: 400,
        message: expect.stringContaining('AAPL261218C00231000'),
      });
      expect(await refuse(stock(), 'NOPE')).toMatchObject({
        status: 400,
        message: expect.stringContaining("'account_id'"),
      });
    } finally {
      await documented.sandbox.stop();
    }
  });

  it('is idempotent on client_order_id: a repeated place returns the same ack, never a second order', async () => {
    const order = stock({ order_type: 'LIMIT', limit_price: '200.00' });
    const first = await placeOk(order);
    const second = await placeOk(order);
    expect(second).toEqual(first);
    const open = await t.call.ok<Ack[]>({
      path: operations.ordersOpen.path,
      query: [['account_id', MARGIN]],
    });
    expect(open.filter((o) => o.client_order_id === order.client_order_id)).toHaveLength(1);
    expect(events.filter((e) => e.kind === 'order')).toHaveLength(1);
  });

  it('fills a market order at once at the ask and updates positions, cash and events', async () => {
    const before = await balance();
    const heldBefore = (await positions()).find((p) => p.symbol === 'AAPL');
    const ack = await placeOk(stock({ quantity: '10' }));
    expect(ack.status).toBe('FILLED');
    const order = await detail(ack.client_order_id);
    expect(operations.orderDetail.response.safeParse(order).success).toBe(true);
    expect(order).toMatchObject({ status: 'FILLED', filled_quantity: '10', avg_fill_price: '230.01' });
    const after = await balance();
    expect(new Decimal(before.total_cash).minus(after.total_cash).toFixed(2)).toBe('2300.10');
    const held = (await positions()).find((p) => p.symbol === 'AAPL');
    expect(new Decimal(held?.quantity ?? 0).minus(heldBefore?.quantity ?? 0).toString()).toBe('10');
    expect(events.map((e) => (e.kind === 'order' ? e.order.status : 'position'))).toEqual([
      'SUBMITTED',
      'FILLED',
      'position',
    ]);
    const posEvent = events.find((e) => e.kind === 'position');
    expect(posEvent?.kind === 'position' && posEvent.position.quantity).toBe(held?.quantity);
  });

  it('fills a limit order only when the quote crosses it, at the ask', async () => {
    const ack = await placeOk(stock({ order_type: 'LIMIT', limit_price: '225.00', time_in_force: 'GTC' }));
    expect(ack.status).toBe('SUBMITTED');
    t.market.setPrice('AAPL', '226.00');
    t.sandbox.matchNow();
    expect((await detail(ack.client_order_id)).status).toBe('SUBMITTED');
    t.market.setPrice('AAPL', '224.50');
    t.clock.now += 60_000;
    t.sandbox.matchNow();
    expect(await detail(ack.client_order_id)).toMatchObject({ status: 'FILLED', avg_fill_price: '224.51' });
  });

  it('triggers stops: a sell stop fills at the bid once the last price falls to it; a stop-limit then works as a limit', async () => {
    const stop = await placeOk(
      stock({ side: 'SELL', order_type: 'STOP_LOSS', stop_price: '220.00', quantity: '5' }),
    );
    const stopLimit = await placeOk(
      stock({
        side: 'SELL',
        order_type: 'STOP_LOSS_LIMIT',
        stop_price: '220.00',
        limit_price: '219.00',
        quantity: '5',
      }),
    );
    t.sandbox.matchNow();
    expect((await detail(stop.client_order_id)).status).toBe('SUBMITTED');
    t.market.setPrice('AAPL', '218.00');
    t.sandbox.matchNow();
    expect(await detail(stop.client_order_id)).toMatchObject({ status: 'FILLED', avg_fill_price: '217.99' });
    // Triggered, but the bid (217.99) is below the 219 limit: rests as a limit until it is crossed.
    expect((await detail(stopLimit.client_order_id)).status).toBe('SUBMITTED');
    t.market.setPrice('AAPL', '219.50');
    t.sandbox.matchNow();
    expect(await detail(stopLimit.client_order_id)).toMatchObject({
      status: 'FILLED',
      avg_fill_price: '219.49',
    });
  });

  it('replaces and cancels only open orders (409 ORDER_STATE_CONFLICT otherwise)', async () => {
    const ack = await placeOk(stock({ order_type: 'LIMIT', limit_price: '200.00' }));
    const replaced = await t.call.ok<Ack[]>({
      path: operations.orderReplace.path,
      body: {
        account_id: MARGIN,
        modify_orders: [{ client_order_id: ack.client_order_id, limit_price: '210.00', quantity: '4' }],
      },
    });
    expect(replaced[0]).toMatchObject({ client_order_id: ack.client_order_id, status: 'SUBMITTED' });
    expect(await detail(ack.client_order_id)).toMatchObject({ limit_price: '210.00', quantity: '4' });
    const badPrice = await t.call({
      path: operations.orderReplace.path,
      body: {
        account_id: MARGIN,
        modify_orders: [{ client_order_id: ack.client_order_id, stop_price: '1.00' }],
      },
    });
    expect(badPrice.status).toBe(417);
    expect((badPrice.json as { message: string }).message).toBe(
      'invalid modify_orders[0].stop_price, value: [1.00]',
    );
    const cancelled = await t.call.ok({
      path: operations.orderCancel.path,
      body: { account_id: MARGIN, client_order_id: ack.client_order_id },
    });
    expect(cancelled).toMatchObject({ client_order_id: ack.client_order_id, status: 'CANCELLED' });
    const again = await t.call({
      path: operations.orderCancel.path,
      body: { account_id: MARGIN, client_order_id: ack.client_order_id },
    });
    expect(again.status).toBe(409);
    expect((again.json as { error_code: string }).error_code).toBe('ORDER_STATE_CONFLICT');

    const filled = await placeOk(stock({ quantity: '1' }));
    const replaceFilled = await t.call({
      path: operations.orderReplace.path,
      body: {
        account_id: MARGIN,
        modify_orders: [{ client_order_id: filled.client_order_id, quantity: '2' }],
      },
    });
    expect(replaceFilled.status).toBe(409);
    const unknown = await t.call({
      path: operations.orderCancel.path,
      body: { account_id: MARGIN, client_order_id: coid() },
    });
    expect(unknown.status).toBe(404);
  });

  it('expires DAY orders at the 16:00 New York close; GTC orders stay', async () => {
    const day = await placeOk(stock({ order_type: 'LIMIT', limit_price: '100.00', time_in_force: 'DAY' }));
    const gtc = await placeOk(stock({ order_type: 'LIMIT', limit_price: '100.00', time_in_force: 'GTC' }));
    t.clock.now = Date.parse('2026-11-18T20:59:59Z');
    t.sandbox.matchNow();
    expect((await detail(day.client_order_id)).status).toBe('SUBMITTED');
    t.clock.now = Date.parse('2026-11-18T21:00:00Z');
    t.sandbox.matchNow();
    expect(await detail(day.client_order_id)).toMatchObject({
      status: 'CANCELLED',
      reason: expect.stringContaining('expired'),
    });
    expect((await detail(gtc.client_order_id)).status).toBe('SUBMITTED');
  });

  it('does not fill stocks outside regular hours unless the order asks for extended hours', async () => {
    t.clock.now = Date.parse('2026-11-18T22:00:00Z'); // 17:00 New York, after-hours
    // The real service places a DAY order for the core session only while it runs; GTC waits.
    expect(await rejection(stock({ quantity: '1' }))).toMatchObject({
      status: 417,
      error_code: 'OPENAPI_DAY_ORDER_NOT_ALLOWED_AFT_CORE_TIME_LIMIT',
    });
    const plain = await placeOk(stock({ quantity: '1', time_in_force: 'GTC' }));
    expect(plain.status).toBe('SUBMITTED');
    const ext = await placeOk(
      stock({
        order_type: 'LIMIT',
        limit_price: '231.00',
        quantity: '1',
        extended_hours_trading: true,
        support_trading_session: 'ALL',
      }),
    );
    expect(ext.status).toBe('FILLED');
    // Outside the regular session only a LIMIT order is taken: the market order's type is named.
    expect(await rejection(stock({ extended_hours_trading: true, support_trading_session: 'ALL' }))).toEqual(
      invalid('new_orders[0].order_type', 'MARKET'),
    );
    t.clock.now = Date.parse('2026-11-19T14:30:00Z'); // next day 09:30 open
    t.sandbox.matchNow();
    expect((await detail(plain.client_order_id)).status).toBe('FILLED');
  });

  it('trades single-leg options (×100, commission) through the option twins and the unified path', async () => {
    const bpBefore = new Decimal((await balance()).option_buying_power);
    const preview = await t.call.ok<
      Array<{ estimated_cost: string; estimated_commission: string; buying_power_after: string }>
    >({
      path: operations.optionOrderPreview.path,
      body: { account_id: MARGIN, new_orders: [option()] },
    });
    expect(preview[0]).toMatchObject({ estimated_cost: '1000.00', estimated_commission: '1.30' });
    expect(new Decimal(preview[0]?.buying_power_after ?? 0).toFixed(2)).toBe(
      bpBefore.minus('1001.30').toFixed(2),
    );
    // mark 2.00 (at the money), ask 2.05 ≤ limit 5.00: fills at once.
    const ack = await placeOk(option(), MARGIN, operations.optionOrderPlace.path);
    expect(ack.status).toBe('FILLED');
    const pos = (await positions()).find((p) => p.symbol === 'AAPL261218C00230000');
    expect(pos).toMatchObject({ quantity: '2', market_value: '400.00' });
    const sell = await placeOk(
      option({ side: 'SELL', order_type: 'MARKET', limit_price: undefined }, { side: 'SELL' }),
    );
    expect(sell.status).toBe('FILLED');
    expect((await positions()).find((p) => p.symbol === 'AAPL261218C00230000')).toBeUndefined();
  });

  it('pages open orders and history by last_client_order_id and filters history by date', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.now += 1000;
      ids.push((await placeOk(stock({ order_type: 'LIMIT', limit_price: '100.00' }))).client_order_id);
    }
    const first = await t.call.ok<Ack[]>({
      path: operations.ordersOpen.path,
      query: [
        ['account_id', MARGIN],
        ['page_size', '2'],
      ],
    });
    expect(first.map((o) => o.client_order_id)).toEqual([ids[2], ids[1]]);
    const rest = await t.call.ok<Ack[]>({
      path: operations.ordersOpen.path,
      query: [
        ['account_id', MARGIN],
        ['page_size', '2'],
        ['last_client_order_id', ids[1] ?? ''],
      ],
    });
    expect(rest.map((o) => o.client_order_id)).toEqual([ids[0]]);
    const today = await t.call.ok<Ack[]>({
      path: operations.ordersHistory.path,
      query: [
        ['account_id', MARGIN],
        ['start_date', '2026-11-18'],
        ['end_date', '2026-11-18'],
      ],
    });
    expect(today).toHaveLength(3);
    const yesterday = await t.call.ok<Ack[]>({
      path: operations.ordersHistory.path,
      query: [
        ['account_id', MARGIN],
        ['end_date', '2026-11-17'],
      ],
    });
    expect(yesterday).toHaveLength(0);
  });

  describe('behaving like a broker (docs/sandbox.md "Orders")', () => {
    type Preview = { estimated_cost: string; estimated_commission: string };
    const preview = (order: Record<string, unknown>, path = operations.orderPreview.path) =>
      t.call.ok<Preview[]>({ path, body: { account_id: MARGIN, new_orders: [order] } });

    it('previews a sell as a credit: a negative estimate and a non-negative commission', async () => {
      const buy = await preview(option());
      expect(buy[0]).toMatchObject({ estimated_cost: '1000.00', estimated_commission: '1.30' });
      const sell = await preview(option({ side: 'SELL' }, { side: 'SELL' }));
      expect(sell[0]).toMatchObject({ estimated_cost: '-1000.00', estimated_commission: '1.30' });
      const stockSell = await preview(stock({ side: 'SELL', quantity: '10' }));
      // A market sell is estimated at the bid (229.99).
      expect(stockSell[0]).toMatchObject({ estimated_cost: '-2299.90', estimated_commission: '0.00' });
    });

    it('rejects a stop on the wrong side of the market at placement, naming stop_price', async () => {
      // AAPL last 230.00: a buy stop must be above it, a sell stop below it.
      for (const order of [
        stock({ order_type: 'STOP_LOSS', stop_price: '229.00' }),
        stock({ order_type: 'STOP_LOSS', stop_price: '230.00' }),
        stock({ side: 'SELL', order_type: 'STOP_LOSS', stop_price: '231.00', quantity: '5' }),
        stock({
          side: 'SELL',
          order_type: 'STOP_LOSS_LIMIT',
          stop_price: '230.00',
          limit_price: '229.00',
          quantity: '5',
        }),
      ] as Array<Record<string, unknown>>) {
        expect(await rejection(order)).toEqual(invalid('new_orders[0].stop_price', String(order.stop_price)));
      }
      expect(events).toEqual([]);
      const ok = await placeOk(stock({ order_type: 'STOP_LOSS', stop_price: '231.00' }));
      expect(ok.status).toBe('SUBMITTED');
      const moved = await t.call({
        path: operations.orderReplace.path,
        body: {
          account_id: MARGIN,
          modify_orders: [{ client_order_id: ok.client_order_id, stop_price: '229.50' }],
        },
      });
      expect(moved.status).toBe(417);
      expect((moved.json as { message: string }).message).toBe(
        'invalid modify_orders[0].stop_price, value: [229.50]',
      );
      expect((await detail(ok.client_order_id)).status).toBe('SUBMITTED');
    });

    it('fills a large order in parts over time, never more per pass than the size shown at the touch', async () => {
      // The stub shows 100 shares at the ask.
      const ack = await placeOk(stock({ quantity: '250' }));
      expect(ack.status).toBe('PARTIAL_FILLED');
      expect(await detail(ack.client_order_id)).toMatchObject({
        status: 'PARTIAL_FILLED',
        filled_quantity: '100',
        avg_fill_price: '230.01',
      });
      t.market.setPrice('AAPL', '231.00');
      t.clock.now += 1000;
      t.sandbox.matchNow();
      expect(await detail(ack.client_order_id)).toMatchObject({
        status: 'PARTIAL_FILLED',
        filled_quantity: '200',
      });
      t.clock.now += 1000;
      t.sandbox.matchNow();
      // (100 × 230.01 + 150 × 231.01) / 250 = 230.61
      expect(await detail(ack.client_order_id)).toMatchObject({
        status: 'FILLED',
        filled_quantity: '250',
        avg_fill_price: '230.61',
      });
      const statuses = events.flatMap((e) => (e.kind === 'order' ? [e.order.status] : []));
      expect(statuses).toEqual(['SUBMITTED', 'PARTIAL_FILLED', 'PARTIAL_FILLED', 'FILLED']);
      expect(events.filter((e) => e.kind === 'position')).toHaveLength(3);
    });

    it('rejects an order asynchronously (FAILED) when it can no longer be paid for as it comes to fill', async () => {
      t.clock.now = Date.parse('2026-11-18T22:00:00Z'); // after-hours: a plain market order waits for the open
      const cash = new Decimal((await balance(CASH)).buying_power);
      const quantity = cash.div('64.01').floor().toFixed();
      const ack = await placeOk(stock({ symbol: 'KO', quantity, time_in_force: 'GTC' }), CASH);
      expect(ack.status).toBe('SUBMITTED');
      t.market.setPrice('KO', '70.00');
      t.clock.now = Date.parse('2026-11-19T14:30:00Z');
      t.sandbox.matchNow();
      expect(await detail(ack.client_order_id, CASH)).toMatchObject({
        status: 'FAILED',
        filled_quantity: '0',
        reason: expect.stringContaining('buying power'),
      });
      const failed = events.find((e) => e.kind === 'order' && e.order.status === 'FAILED');
      expect(failed?.kind === 'order' && failed.order.client_order_id).toBe(ack.client_order_id);
    });

    it('reports fill prices with the tick precision of the instrument', async () => {
      t.market.setPrice('F', '5.79'); // ask 5.80
      const f = await placeOk(stock({ symbol: 'F', quantity: '10' }));
      expect((await detail(f.client_order_id)).avg_fill_price).toBe('5.80');
      t.market.setPrice('F', '0.5'); // ask 0.51: sub-dollar stocks trade in 1/100 cent
      const penny = await placeOk(stock({ symbol: 'F', quantity: '10' }));
      expect((await detail(penny.client_order_id)).avg_fill_price).toBe('0.5100');
      t.market.setOptionMark('AAPL261218C00230000', '5.75'); // ask 5.80
      const opt = await placeOk(option({ limit_price: '6.00' }), MARGIN, operations.optionOrderPlace.path);
      expect((await detail(opt.client_order_id)).avg_fill_price).toBe('5.80');
    });

    it('labels positions with their category', async () => {
      await placeOk(option(), MARGIN, operations.optionOrderPlace.path);
      const byCategory = Object.fromEntries(
        (await positions()).map((p) => [p.symbol, (p as Position & { category?: string }).category]),
      );
      expect(byCategory).toMatchObject({ AAPL: 'US_STOCK', SPY: 'US_ETF', AAPL261218C00230000: 'US_OPTION' });
    });

    it('numbers the two accounts apart, reports day P&L, and gives a cash account no margin figures', async () => {
      const list = await t.call.ok<Array<{ account_number?: string }>>({ path: operations.accountList.path });
      const numbers = list.map((a) => a.account_number);
      expect(numbers.every((n) => typeof n === 'string' && n.length > 0)).toBe(true);
      expect(new Set(numbers).size).toBe(2);
      type DayBalance = Balance & { day_profit_loss?: string; maintenance_margin?: string };
      // The stub's previous close is the reference price (AAPL 230): 60 shares held, up 2.00.
      t.market.setPrice('AAPL', '232.00');
      const margin = await t.call.ok<DayBalance>({
        path: operations.balance.path,
        query: [['account_id', MARGIN]],
      });
      expect(margin.day_profit_loss).toBe('120.00');
      expect(margin.maintenance_margin).toBeDefined();
      const cash = await t.call.ok<DayBalance>({
        path: operations.balance.path,
        query: [['account_id', CASH]],
      });
      expect(cash.day_profit_loss).toBe('0.00');
      expect(cash.maintenance_margin).toBeUndefined();
      expect(cash.option_buying_power).toBeUndefined();
      expect(margin.option_buying_power).toBeDefined();
    });
  });
});
