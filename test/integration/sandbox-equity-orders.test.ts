import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operations } from '../../shared/openapi/operations';
import { type TestSandbox, startTestSandbox } from './helpers/test-sandbox';

/**
 * Equity orders of every type through the real HTTP API: trailing stops (the stop follows the
 * price by an amount or a fraction) and short sales (a short position; refused for a symbol the
 * sandbox cannot borrow, in a cash account, and while the account holds the shares; the
 * instrument record's `shortable` is in sandbox-wire.test.ts). A SELL never goes short: beyond the
 * long position, net of the account's working sells, it is refused in a margin account too. The stub
 * market quotes bid = last − 0.01, ask = last + 0.01; the margin account holds 60 AAPL.
 */
const MARGIN = 'SBXM00000001';
const CASH = 'SBXC00000001';
const coid = () => randomBytes(16).toString('hex');
type Order = { status: string; stop_price?: string; avg_fill_price?: string; trailing_type?: string };

const stock = (over: Record<string, unknown>) => ({
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

describe('equity orders', () => {
  let t: TestSandbox;
  beforeEach(async () => {
    t = await startTestSandbox();
  });
  afterEach(() => t.sandbox.stop());

  const place = (order: Record<string, unknown>, account = MARGIN) =>
    t.call({ path: operations.orderPlace.path, body: { account_id: account, new_orders: [order] } });
  const placeOk = async (order: Record<string, unknown>, account = MARGIN) => {
    const res = await place(order, account);
    if (res.status !== 200) throw new Error(JSON.stringify(res.json));
    return (res.json as Array<{ client_order_id: string; status: string }>)[0];
  };
  const detail = (id: unknown) =>
    t.call.ok<Order>({
      path: operations.orderDetail.path,
      query: [
        ['account_id', MARGIN],
        ['client_order_id', String(id)],
      ],
    });
  const held = async (symbol: string) => {
    const rows = await t.call.ok<Array<{ symbol: string; quantity: string }>>({
      path: operations.positions.path,
      query: [['account_id', MARGIN]],
    });
    return rows.find((p) => p.symbol === symbol)?.quantity ?? '0';
  };
  const moveTo = (symbol: string, price: string) => {
    t.market.setPrice(symbol, price);
    t.clock.now += 1000;
    t.sandbox.matchNow();
  };
  const refusal = async (order: Record<string, unknown>, account = MARGIN) => {
    const res = await place(order, account);
    return [res.status, (res.json as { message: string }).message];
  };

  it('a trailing sell stop follows the high by an amount and sells when the price falls back to it', async () => {
    const o = stock({
      side: 'SELL',
      order_type: 'TRAILING_STOP_LOSS',
      trailing_type: 'AMOUNT',
      trailing_stop_step: '1.00',
    });
    await placeOk(o);
    expect(await detail(o.client_order_id)).toMatchObject({
      status: 'SUBMITTED',
      stop_price: '229.00',
      trailing_type: 'AMOUNT',
    });
    moveTo('AAPL', '235.00');
    expect((await detail(o.client_order_id)).stop_price).toBe('234.00');
    // Falling back does not move the stop down.
    moveTo('AAPL', '234.50');
    expect(await detail(o.client_order_id)).toMatchObject({ status: 'SUBMITTED', stop_price: '234.00' });
    moveTo('AAPL', '233.90');
    expect(await detail(o.client_order_id)).toMatchObject({ status: 'FILLED', avg_fill_price: '233.89' });
    expect(await held('AAPL')).toBe('50');
  });

  it('a short sale opens a short position; a trailing buy stop follows the low by a percentage and covers it', async () => {
    await placeOk(stock({ symbol: 'NVDA', side: 'SHORT' }));
    expect(await held('NVDA')).toBe('-10');
    const cover = stock({
      symbol: 'NVDA',
      side: 'BUY',
      order_type: 'TRAILING_STOP_LOSS',
      trailing_type: 'PERCENTAGE',
      trailing_stop_step: '0.02',
    });
    await placeOk(cover);
    // 140.00 × 1.02
    expect((await detail(cover.client_order_id)).stop_price).toBe('142.80');
    moveTo('NVDA', '130.00');
    expect((await detail(cover.client_order_id)).stop_price).toBe('132.60');
    moveTo('NVDA', '132.00');
    expect((await detail(cover.client_order_id)).status).toBe('SUBMITTED');
    moveTo('NVDA', '132.70');
    expect(await detail(cover.client_order_id)).toMatchObject({ status: 'FILLED', avg_fill_price: '132.71' });
    expect(await held('NVDA')).toBe('0');
  });

  it('a trailing stop takes its own fields only, a percentage of at most 1, and no options', async () => {
    const trailing = { side: 'SELL', order_type: 'TRAILING_STOP_LOSS', trailing_type: 'PERCENTAGE' };
    expect(await refusal(stock({ ...trailing }))).toEqual([
      417,
      'invalid new_orders[0].trailing_stop_step, value: [null]',
    ]);
    expect(await refusal(stock({ ...trailing, trailing_stop_step: '1.5' }))).toEqual([
      417,
      'invalid new_orders[0].trailing_stop_step, value: [1.5]',
    ]);
    expect(await refusal(stock({ ...trailing, trailing_stop_step: '0.1', stop_price: '220.00' }))).toEqual([
      417,
      'invalid new_orders[0].stop_price, value: [220.00]',
    ]);
    // Case-sensitive on the wire: the schema refuses a lower-case type.
    expect(
      (await refusal(stock({ ...trailing, trailing_type: 'percentage', trailing_stop_step: '0.1' })))[0],
    ).toBe(417);
    const option = {
      client_order_id: coid(),
      option_strategy: 'SINGLE',
      order_type: 'TRAILING_STOP_LOSS',
      trailing_type: 'AMOUNT',
      trailing_stop_step: '0.50',
      quantity: '1',
      side: 'SELL',
      time_in_force: 'DAY',
      legs: [
        {
          side: 'SELL',
          quantity: '1',
          symbol: 'AAPL',
          strike_price: '230',
          option_expire_date: '2026-12-18',
          option_type: 'CALL',
          instrument_type: 'OPTION',
          market: 'US',
        },
      ],
    };
    expect(await refusal(option)).toEqual([
      417,
      'invalid new_orders[0].order_type, value: [TRAILING_STOP_LOSS]',
    ]);
  });

  it('refuses a SELL beyond the long position in a margin account, counting its working sells; SHORT sells short', async () => {
    const insufficient = async (order: Record<string, unknown>) => {
      const res = await place(order);
      return { status: res.status, ...(res.json as { error_code: string; message: string }) };
    };
    // Held: 60 AAPL. A resting sell of 40 leaves 20 to sell.
    const resting = { side: 'SELL', order_type: 'LIMIT', limit_price: '400.00', time_in_force: 'GTC' };
    await placeOk(stock({ ...resting, quantity: '40' }));
    expect(await insufficient(stock({ ...resting, quantity: '40' }))).toEqual({
      status: 400,
      error_code: 'INSUFFICIENT_POSITION',
      message:
        "Invalid parameter 'new_orders[0].quantity': a SELL cannot sell more than the account holds (to sell AAPL short, use side SHORT) (20 available)",
    });
    expect((await insufficient(stock({ side: 'SELL', quantity: '21' }))).error_code).toBe(
      'INSUFFICIENT_POSITION',
    );
    await placeOk(stock({ side: 'SELL', quantity: '20' }));
    expect(await held('AAPL')).toBe('40');
    // Nothing held: a SELL is refused, a SHORT opens the short, and a SELL does not add to it.
    expect((await insufficient(stock({ symbol: 'NVDA', side: 'SELL' }))).error_code).toBe(
      'INSUFFICIENT_POSITION',
    );
    expect(await held('NVDA')).toBe('0');
    await placeOk(stock({ symbol: 'NVDA', side: 'SHORT' }));
    expect(await held('NVDA')).toBe('-10');
    expect((await insufficient(stock({ symbol: 'NVDA', side: 'SELL' }))).error_code).toBe(
      'INSUFFICIENT_POSITION',
    );
    expect(await held('NVDA')).toBe('-10');
  });

  it('refuses a short sale of a stock it cannot borrow, in a cash account, or while holding the shares', async () => {
    expect(await refusal(stock({ symbol: 'GME', side: 'SHORT' }))).toEqual([
      417,
      'invalid new_orders[0].side, value: [SHORT]',
    ]);
    expect(await refusal(stock({ symbol: 'NVDA', side: 'SHORT' }), CASH)).toEqual([
      417,
      'invalid new_orders[0].side, value: [SHORT]',
    ]);
    expect(await refusal(stock({ symbol: 'AAPL', side: 'SHORT' }))).toEqual([
      417,
      'invalid new_orders[0].side, value: [SHORT]',
    ]);
    expect(await held('GME')).toBe('0');
  });
});
