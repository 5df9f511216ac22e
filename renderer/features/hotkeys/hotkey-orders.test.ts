import { describe, expect, it } from 'vitest';
import type { Position } from '../../../shared/openapi/records/accounts';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import { hotkeyCalls, type HotkeyContext } from './hotkey-orders';

const ctx = (over: Partial<HotkeyContext> = {}): HotkeyContext => ({
  symbol: 'AAPL',
  accountId: 'A1',
  quote: { bid: '190.09', ask: '190.11', price: '190.10' },
  quantity: '100',
  positions: undefined,
  openOrders: undefined,
  newId: () => 'f'.repeat(32),
  ...over,
});
const placed = (calls: ReturnType<typeof hotkeyCalls>) =>
  Array.isArray(calls)
    ? calls.map((c) => (c.op === 'api.orderPlace' ? c.input.new_orders[0] : c.input))
    : calls;

describe('hotkey orders', () => {
  it('buys at the ask with the hotkey size: a DAY limit stock order in the regular session', () => {
    expect(placed(hotkeyCalls('buyAsk', ctx()))).toEqual([
      {
        client_order_id: 'f'.repeat(32),
        symbol: 'AAPL',
        instrument_type: 'EQUITY',
        market: 'US',
        side: 'BUY',
        order_type: 'LIMIT',
        limit_price: '190.11',
        quantity: '100',
        time_in_force: 'DAY',
        entrust_type: 'QTY',
        support_trading_session: 'CORE',
      },
    ]);
    expect(placed(hotkeyCalls('sellBid', ctx()))).toMatchObject([{ side: 'SELL', limit_price: '190.09' }]);
    expect(placed(hotkeyCalls('buyLast', ctx()))).toMatchObject([{ side: 'BUY', limit_price: '190.10' }]);
  });

  it('sends nothing without the price it needs, and says so', () => {
    expect(hotkeyCalls('sellAsk', ctx({ quote: { bid: '1' } }))).toEqual({
      error: 'No ask for AAPL yet: nothing was sent.',
    });
  });

  it('flattens the position at market; nothing without one (a reverse: reverse-run.test.ts)', () => {
    const long = [
      { symbol: 'AAPL', instrument_type: 'EQUITY', quantity: '30', cost_price: '180' } as Position,
    ];
    expect(placed(hotkeyCalls('flatten', ctx({ positions: long })))).toMatchObject([
      { side: 'SELL', order_type: 'MARKET', quantity: '30' },
    ]);
    expect(placed(hotkeyCalls('flatten', ctx({ positions: long })))).not.toMatchObject([
      { limit_price: expect.anything() },
    ]);
    const short = [{ ...long[0], quantity: '-5' } as Position];
    expect(placed(hotkeyCalls('flatten', ctx({ positions: short })))).toMatchObject([
      { side: 'BUY', quantity: '5' },
    ]);
    expect(hotkeyCalls('flatten', ctx({ positions: [] }))).toEqual({ error: 'No AAPL position to flatten.' });
  });

  it('cancels every working order on the symbol in the account, and only those', () => {
    const o = (id: string, over: Partial<OrderRecord> = {}) =>
      ({
        client_order_id: id,
        symbol: 'AAPL',
        account_id: 'A1',
        status: 'SUBMITTED',
        side: 'BUY',
        quantity: '1',
        ...over,
      }) as OrderRecord;
    const calls = hotkeyCalls(
      'cancelAll',
      ctx({
        openOrders: [
          o('a'.repeat(32)),
          o('b'.repeat(32), { status: 'PARTIAL_FILLED' }),
          o('c'.repeat(32), { symbol: 'MSFT' }),
          o('d'.repeat(32), { account_id: 'A2' }),
          o('e'.repeat(32), { status: 'FILLED' }),
        ],
      }),
    );
    expect(placed(calls)).toEqual([
      { account_id: 'A1', client_order_id: 'a'.repeat(32) },
      { account_id: 'A1', client_order_id: 'b'.repeat(32) },
    ]);
  });
});
