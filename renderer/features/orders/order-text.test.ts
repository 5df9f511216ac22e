import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import {
  isOpenOrder,
  orderContract,
  orderNotice,
  orderSize,
  partFillText,
  positionContract,
} from './order-text';

const order: OrderRecord = {
  client_order_id: 'c1',
  order_id: 'o1',
  account_id: 'A1',
  symbol: 'AAPL',
  instrument_type: 'OPTION',
  side: 'BUY',
  order_type: 'LIMIT',
  time_in_force: 'DAY',
  quantity: '2',
  filled_quantity: '0',
  limit_price: '1.25',
  status: 'SUBMITTED',
  place_time: 1,
  update_time: 1,
  legs: [
    {
      symbol: 'AAPL',
      strike_price: '190.00',
      option_expire_date: '2026-11-20',
      option_type: 'CALL',
      side: 'BUY',
      quantity: '2',
    },
  ],
};

describe('blotter contract text', () => {
  it('writes an option order out from its leg', () => {
    expect(orderContract(order)).toBe('AAPL 20 Nov 2026 190 Call');
  });
  it('falls back to the OCC symbol, then to the plain symbol', () => {
    expect(orderContract({ symbol: 'SPY', option_symbol: 'SPY261218P00450500' })).toBe(
      'SPY 18 Dec 2026 450.5 Put',
    );
    expect(orderContract({ symbol: 'MSFT' })).toBe('MSFT');
  });
  it('writes a position out', () => {
    expect(
      positionContract({
        instrument_id: 'i',
        symbol: 'AAPL261120C00190000',
        instrument_type: 'OPTION',
        quantity: '1',
        cost_price: '1',
      }),
    ).toBe('AAPL 20 Nov 2026 190 Call');
  });
  it('reads an OCC symbol with its root padded to six characters', () => {
    expect(
      positionContract({
        instrument_id: 'i',
        symbol: 'SPY   261218P00450500',
        instrument_type: 'OPTION',
        quantity: '1',
        cost_price: '1',
      }),
    ).toBe('SPY 18 Dec 2026 450.5 Put');
  });
  it('turns fills, partial fills, rejections and cancellations into notices, nothing else', () => {
    expect(orderNotice({ ...order, status: 'FILLED', avg_fill_price: '1.20' })).toEqual({
      kind: 'filled',
      title: 'Order filled',
      body: 'Buy 2 AAPL 20 Nov 2026 190 Call at 1.20',
    });
    expect(orderNotice({ ...order, status: 'PARTIAL_FILLED', filled_quantity: '1' })?.kind).toBe('partial');
    expect(orderNotice({ ...order, status: 'FAILED', reason: 'no' })?.body).toMatch(/: no$/);
    expect(orderNotice({ ...order, status: 'CANCELLED' })).toEqual({
      kind: 'cancelled',
      title: 'Order cancelled',
      body: 'Buy 2 AAPL 20 Nov 2026 190 Call',
    });
    expect(orderNotice(order)).toBeUndefined();
  });
  it('says a short sale is one', () => {
    const short = { ...order, symbol: 'NVDA', legs: undefined, side: 'SHORT', quantity: '5' };
    expect(orderNotice({ ...short, status: 'FILLED', avg_fill_price: '105.94' })?.body).toBe(
      'Sell short 5 NVDA at 105.94',
    );
  });
});

describe('orders by the domain lifecycle', () => {
  it('an order whose cancel or change is pending is still open; filled, cancelled and rejected ones are not', () => {
    expect(['SUBMITTED', 'PARTIAL_FILLED', 'PENDING'].map((status) => isOpenOrder({ status }))).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      ['FILLED', 'CANCELLED', 'FAILED', 'SOMETHING_NEW'].map((status) => isOpenOrder({ status })),
    ).toEqual([false, false, false, false]);
  });

  it('names a short sale as one', () => {
    const short = { ...order, instrument_type: 'EQUITY', legs: undefined, side: 'SHORT', status: 'FILLED' };
    expect(orderNotice(short)?.body).toBe('Sell short 2 AAPL');
  });
});

describe('the size of an order by amount', () => {
  const amount: OrderRecord = {
    ...order,
    legs: undefined,
    instrument_type: 'EQUITY',
    order_type: 'MARKET',
    limit_price: undefined,
    entrust_type: 'AMOUNT',
    total_cash_amount: '1500',
    quantity: '0',
    filled_quantity: '0',
  };
  it('is its dollars, in the one money format, until anything fills; then the shares filled', () => {
    expect(orderSize(amount)).toBe('$1,500.00');
    expect(orderSize({ ...amount, quantity: '7.95249', filled_quantity: '7.95249' })).toBe('7.95249');
    expect(partFillText({ ...amount, filled_quantity: '1.2' })).toBe('1.2 of $1,500.00');
    expect(orderSize({ ...order, quantity: '2' })).toBe('2');
    expect(orderNotice({ ...amount, status: 'FAILED', reason: 'no' })?.body).toBe('Buy $1,500.00 AAPL: no');
  });
});
