import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../openapi/records/orders';
import { fillsFromOrders } from './order-fills';

const order = (over: Partial<OrderRecord>): OrderRecord => ({
  client_order_id: 'c1',
  order_id: 'o1',
  account_id: 'A1',
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  side: 'BUY',
  order_type: 'MARKET',
  time_in_force: 'DAY',
  quantity: '10',
  filled_quantity: '10',
  avg_fill_price: '190.25',
  status: 'FILLED',
  place_time: 1,
  update_time: 3,
  filled_time: 2,
  ...over,
});

describe('fillsFromOrders', () => {
  it('one fill a filled order, at its average price and fill time', () => {
    expect(fillsFromOrders([order({})])).toEqual([
      {
        id: 'c1',
        instrument: 'AAPL',
        side: 'BUY',
        quantity: '10',
        price: '190.25',
        time: 2,
        multiplier: '1',
      },
    ]);
  });

  it('a partly filled order counts its filled part; an unfilled one is no fill', () => {
    const partial = order({
      client_order_id: 'c2',
      status: 'CANCELLED',
      filled_quantity: '4',
      filled_time: undefined,
    });
    const open = order({
      client_order_id: 'c3',
      status: 'SUBMITTED',
      filled_quantity: '0',
      avg_fill_price: undefined,
    });
    expect(fillsFromOrders([partial, open])).toEqual([
      expect.objectContaining({ id: 'c2', quantity: '4', time: 3 }),
    ]);
  });

  it('an option is kept by its OCC symbol with the contract multiplier', () => {
    const put = order({
      instrument_type: 'OPTION',
      option_symbol: 'AAPL261218P00150000',
      avg_fill_price: '1.25',
    });
    expect(fillsFromOrders([put])[0]).toMatchObject({ instrument: 'AAPL261218P00150000', multiplier: '100' });
  });
});
