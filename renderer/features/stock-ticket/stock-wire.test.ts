import { describe, expect, it } from 'vitest';
import { CLIENT_ORDER_ID_PATTERN, groupKindOf } from '../../../shared/trading';
import { EMPTY_STOCK_DRAFT, type StockDraft } from './stock-draft';
import { stockFieldOf } from './stock-server-field';
import { newIntentIds, orderRoles, stockIntentKey, toStockOrders } from './stock-wire';

const draft = (over: Partial<StockDraft> = {}): StockDraft => ({
  ...EMPTY_STOCK_DRAFT,
  accountId: 'A1',
  symbol: 'AAPL',
  limitPrice: '190.50',
  quantity: '10',
  ...over,
});
const ids = { entry: 'e'.repeat(32), takeProfit: 'p'.repeat(32), stopLoss: 's'.repeat(32) };

describe('the stock order as sent', () => {
  it('is one EQUITY order with its session, the price fields of its type only, values not text', () => {
    expect(toStockOrders(draft({ limitPrice: '190.500', stopPrice: '1' }), ids)).toEqual([
      {
        client_order_id: ids.entry,
        combo_type: 'NORMAL',
        instrument_type: 'EQUITY',
        market: 'US',
        symbol: 'AAPL',
        side: 'BUY',
        order_type: 'LIMIT',
        entrust_type: 'QTY',
        quantity: '10',
        limit_price: '190.5',
        time_in_force: 'DAY',
        support_trading_session: 'CORE',
      },
    ]);
  });

  it('sends a trail in percent as the fraction the wire takes, and in dollars as typed', () => {
    const [pct] = toStockOrders(
      draft({
        orderType: 'TRAILING_STOP_LOSS',
        trailingType: 'PERCENTAGE',
        trailingStep: '2.5',
        side: 'SELL',
      }),
      ids,
    );
    expect(pct).toMatchObject({ trailing_type: 'PERCENTAGE', trailing_stop_step: '0.025' });
    expect(pct).not.toHaveProperty('limit_price');
    const [amt] = toStockOrders(draft({ orderType: 'TRAILING_STOP_LOSS', trailingStep: '1.50' }), ids);
    expect(amt).toMatchObject({ trailing_type: 'AMOUNT', trailing_stop_step: '1.5' });
  });

  it('sends a dollar amount as entrust_type AMOUNT with total_cash_amount in cents, and no quantity', () => {
    const [o] = toStockOrders(draft({ sizing: 'DOLLARS', orderType: 'MARKET', amount: '250.5' }), ids);
    expect(o).toMatchObject({
      entrust_type: 'AMOUNT',
      total_cash_amount: '250.50',
      order_type: 'MARKET',
      time_in_force: 'DAY',
      support_trading_session: 'CORE',
    });
    expect(o).not.toHaveProperty('quantity');
    const [shares] = toStockOrders(draft({ quantity: '2.5' }), ids);
    expect(shares).toMatchObject({ entrust_type: 'QTY', quantity: '2.5' });
    expect(shares).not.toHaveProperty('total_cash_amount');
  });

  it('sends a bracket as a MASTER with its exits on the other side, for the same shares', () => {
    const sent = toStockOrders(draft({ bracket: true, takeProfit: '200', stopLoss: '180' }), ids);
    expect(
      sent.map((o) => [o.combo_type, o.side, o.order_type, o.quantity, o.limit_price, o.stop_price]),
    ).toEqual([
      ['MASTER', 'BUY', 'LIMIT', '10', '190.5', undefined],
      ['STOP_PROFIT', 'SELL', 'LIMIT', '10', '200', undefined],
      ['STOP_LOSS', 'SELL', 'STOP_LOSS', '10', undefined, '180'],
    ]);
    expect(sent.map((o) => o.client_order_id)).toEqual([ids.entry, ids.takeProfit, ids.stopLoss]);
    expect(groupKindOf(orderRoles(draft({ bracket: true, takeProfit: '200', stopLoss: '180' })))).toBe(
      'BRACKET',
    );
    const short = toStockOrders(draft({ side: 'SHORT', bracket: true, stopLoss: '200' }), ids);
    expect(short.map((o) => [o.combo_type, o.side])).toEqual([
      ['MASTER', 'SHORT'],
      ['STOP_LOSS', 'BUY'],
    ]);
    expect(orderRoles(draft({ side: 'SHORT', bracket: true, stopLoss: '200' }))).toEqual([
      'MASTER',
      'STOP_LOSS',
    ]);
  });

  it('makes one set of fresh ids per intent; the intent changes with the order, not with what it does not send', () => {
    const a = newIntentIds();
    expect(Object.values(a).every((id) => CLIENT_ORDER_ID_PATTERN.test(id))).toBe(true);
    expect(new Set([...Object.values(a), ...Object.values(newIntentIds())]).size).toBe(6);
    expect(stockIntentKey(draft())).toBe(stockIntentKey(draft({ stopPrice: '5', takeProfit: '9' })));
    expect(stockIntentKey(draft())).not.toBe(stockIntentKey(draft({ limitPrice: '190.51' })));
    expect(stockIntentKey(draft())).not.toBe(stockIntentKey(draft({ session: 'ALL' })));
    expect(stockIntentKey(draft())).not.toBe(stockIntentKey(draft({ side: 'SHORT' })));
  });
});

describe('a refusal at its field', () => {
  it('maps the entry parameters and the exits of the bracket sent', () => {
    const roles = orderRoles(draft({ bracket: true, takeProfit: '200', stopLoss: '180' }));
    expect(stockFieldOf('new_orders[0].limit_price', roles)).toBe('limitPrice');
    expect(stockFieldOf('new_orders[0].total_cash_amount', roles)).toBe('amount');
    expect(stockFieldOf('new_orders[0].trailing_stop_step', roles)).toBe('trailingStep');
    expect(stockFieldOf('new_orders[0].support_trading_session', roles)).toBe('session');
    expect(stockFieldOf('new_orders[0].side', roles)).toBe('side');
    expect(stockFieldOf('new_orders[1].limit_price', roles)).toBe('takeProfit');
    expect(stockFieldOf('new_orders[2].stop_price', roles)).toBe('stopLoss');
    expect(stockFieldOf('account_id', roles)).toBe('accountId');
    expect(stockFieldOf('new_orders[0].symbol', roles)).toBeUndefined();
    expect(stockFieldOf(undefined, roles)).toBeUndefined();
  });
});
