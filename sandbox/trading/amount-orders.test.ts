import { describe, expect, it } from 'vitest';
import { Decimal } from '../../shared/decimal';
import type { NewOrder } from '../../shared/openapi/records/orders';
import { SandboxError } from '../http/route-types';
import type { LiveQuote, MarketView } from '../market/market-view';
import type { JsonFile } from '../store/atomic-json';
import { createTradeEventBus } from './trade-event-bus';
import { createTradingEngine } from './trading-engine';
import type { TradingFile } from './trading-state';

const NOW = Date.parse('2026-11-18T15:00:00Z'); // a Wednesday, 10:00 New York: regular session

/** One stock whose quote and session a test sets by hand. */
function stubMarket(quote: { bid: string; ask: string; session: 'RTH' | 'CLOSED' }): MarketView {
  const entry = {
    symbol: 'AAPL',
    instrument_id: '913256135',
    name: 'Apple',
    category: 'US_STOCK' as const,
    exchange: 'NASDAQ',
    sector: 'Technology',
    industry: 'Hardware',
    refPrice: '188',
    volatility: 0.2,
  };
  const live = (): LiveQuote => ({
    symbol: 'AAPL',
    instrument_id: entry.instrument_id,
    price: quote.ask,
    bid: quote.bid,
    ask: quote.ask,
    bidSize: '100',
    askSize: '100',
    volume: '0',
    open: quote.bid,
    high: quote.ask,
    low: quote.bid,
    preClose: quote.bid,
    time: NOW,
    session: quote.session,
  });
  return {
    now: () => NOW,
    universe: () => [entry],
    lookup: (s) => (s === 'AAPL' ? entry : undefined),
    session: () => quote.session,
    quote: (s) => (s === 'AAPL' ? live() : undefined),
    optionQuote: () => undefined,
  };
}

function memoryFile(value: TradingFile): JsonFile<TradingFile> {
  return {
    path: '(memory)',
    get: () => value,
    save: () => Promise.resolve(),
    flush: () => Promise.resolve(),
  };
}

function setup(accountType: 'MARGIN' | 'CASH' = 'MARGIN') {
  const quote: { bid: string; ask: string; session: 'RTH' | 'CLOSED' } = {
    bid: '188.60',
    ask: '188.62',
    session: 'RTH',
  };
  const file = memoryFile({
    nextOrderSeq: 1,
    nextLotSeq: 1,
    accounts: [
      {
        account_id: 'A1',
        account_type: accountType,
        account_label: 'Test',
        cash: '10000',
        realized: '0',
        positions: [],
      },
    ],
    orders: [],
  });
  const engine = createTradingEngine({ market: stubMarket(quote), bus: createTradeEventBus(), file });
  let n = 0;
  const order = (over: Partial<NewOrder>): NewOrder => ({
    client_order_id: `amount-order-${String(++n).padStart(4, '0')}`,
    symbol: 'AAPL',
    instrument_type: 'EQUITY',
    market: 'US',
    side: 'BUY',
    order_type: 'MARKET',
    time_in_force: 'DAY',
    support_trading_session: 'CORE',
    ...over,
  });
  const place = async (over: Partial<NewOrder>) => {
    const o = order(over);
    await engine.place('A1', [o], false, NOW);
    return engine.detail('A1', o.client_order_id);
  };
  const refusal = async (over: Partial<NewOrder>) => {
    try {
      await place(over);
    } catch (error) {
      if (error instanceof SandboxError)
        return { status: error.status, code: error.code, message: error.message };
      throw error;
    }
    return undefined;
  };
  const account = () => engine.account('A1');
  const held = () =>
    account()
      .positions.find((p) => p.symbol === 'AAPL')
      ?.lots.reduce((s, l) => s.plus(l.quantity), new Decimal(0));
  return { engine, quote, place, refusal, account, held };
}

const byAmount = (amount: string, over: Partial<NewOrder> = {}): Partial<NewOrder> => ({
  entrust_type: 'AMOUNT',
  total_cash_amount: amount,
  ...over,
});

describe('orders by amount in the sandbox engine', () => {
  it('fills a $500 market buy at the ask to the fractional shares it buys, never more than the amount', async () => {
    const t = setup();
    const record = await t.place(byAmount('500.00'));
    // 500 / 188.62 = 2.650832… → 2.65083 shares, 499.9995… paid.
    expect(record).toMatchObject({
      status: 'FILLED',
      entrust_type: 'AMOUNT',
      total_cash_amount: '500.00',
      quantity: '2.65083',
      filled_quantity: '2.65083',
      avg_fill_price: '188.62',
    });
    expect(t.held()?.toFixed()).toBe('2.65083');
    const paid = new Decimal(10000).minus(t.account().cash);
    expect(paid.toFixed()).toBe(new Decimal('2.65083').times('188.62').toFixed());
    expect(paid.lte(500)).toBe(true);
  });

  it('sells a fractional position by quantity and by amount, keeping the rest exact', async () => {
    const t = setup();
    await t.place(byAmount('500.00'));
    const byQty = await t.place({ side: 'SELL', quantity: '0.65083' });
    expect(byQty).toMatchObject({ status: 'FILLED', filled_quantity: '0.65083', avg_fill_price: '188.60' });
    expect(t.held()?.toFixed()).toBe('2');
    // $100 at the bid 188.60 = 0.530222… → 0.53022 shares sold.
    const sale = await t.place(byAmount('100', { side: 'SELL' }));
    expect(sale).toMatchObject({ status: 'FILLED', filled_quantity: '0.53022' });
    expect(t.held()?.toFixed()).toBe('1.46978');
    // Sell all of what is left: the fractional quantity held, by quantity.
    await t.place({ side: 'SELL', quantity: '1.46978' });
    expect(t.account().positions).toEqual([]);
  });

  it('refuses what an order by amount may not be, naming the parameter', async () => {
    const t = setup();
    const cases: Array<[Partial<NewOrder>, RegExp]> = [
      [byAmount('500', { order_type: 'LIMIT', limit_price: '180' }), /new_orders\[0\]\.order_type/],
      [byAmount('500', { time_in_force: 'GTC' }), /new_orders\[0\]\.time_in_force/],
      [byAmount('500', { support_trading_session: 'ALL' }), /new_orders\[0\]\.support_trading_session/],
      [byAmount('500', { side: 'SHORT' }), /new_orders\[0\]\.side/],
      [byAmount('500', { quantity: '2' }), /new_orders\[0\]\.quantity.*sized by total_cash_amount/],
      [byAmount('4.99'), /new_orders\[0\]\.total_cash_amount.*at least 5\.00/],
      [byAmount('500.001'), /new_orders\[0\]\.total_cash_amount.*cents/],
      [{ entrust_type: 'AMOUNT' }, /new_orders\[0\]\.total_cash_amount/],
      [{ quantity: '0.5', side: 'SHORT' }, /new_orders\[0\]\.side/],
    ];
    for (const [over, message] of cases)
      expect(await t.refusal(over)).toMatchObject({ status: 400, code: 'INVALID_PARAMETER', message });
    expect(t.engine.orders()).toEqual([]);
  });

  it('sells by amount or in fractions only what is held: a fraction cannot be sold short', async () => {
    const t = setup();
    expect(await t.refusal(byAmount('50', { side: 'SELL' }))).toMatchObject({
      code: 'INSUFFICIENT_POSITION',
    });
    await t.place(byAmount('100'));
    expect(await t.refusal({ side: 'SELL', quantity: '0.6' })).toMatchObject({
      code: 'INSUFFICIENT_POSITION',
      message: /0\.53016 held/,
    });
  });

  it('is rejected at its fill when the amount buys nothing at the price then', async () => {
    const t = setup();
    t.quote.session = 'CLOSED';
    const waiting = await t.place(byAmount('5.00'));
    // The price runs past $500,000 a share before the open: $5 buys less than 0.00001 of one.
    Object.assign(t.quote, { session: 'RTH', bid: '600000.00', ask: '600000.10' });
    t.engine.matchAll(NOW);
    expect(t.engine.detail('A1', waiting.client_order_id)).toMatchObject({
      status: 'FAILED',
      filled_quantity: '0',
      reason: expect.stringMatching(/buys no 0\.00001 of a share/),
    });
    expect(t.account().positions).toEqual([]);
  });

  it('waits unfilled with its amount while the market is closed, cannot be replaced, fills at the open', async () => {
    const t = setup();
    t.quote.session = 'CLOSED';
    const waiting = await t.place(byAmount('500'));
    expect(waiting).toMatchObject({
      status: 'SUBMITTED',
      total_cash_amount: '500',
      quantity: '0',
      filled_quantity: '0',
    });
    await expect(
      t.engine.replace('A1', [{ client_order_id: waiting.client_order_id, quantity: '3' }], NOW),
    ).rejects.toThrow(/an order by amount cannot be replaced/);
    // The open, at a higher ask: the amount buys fewer shares, at the price of the fill.
    Object.assign(t.quote, { session: 'RTH', bid: '199.98', ask: '200.00' });
    t.engine.matchAll(NOW);
    expect(t.engine.detail('A1', waiting.client_order_id)).toMatchObject({
      status: 'FILLED',
      filled_quantity: '2.5',
      avg_fill_price: '200.00',
    });
  });
});
