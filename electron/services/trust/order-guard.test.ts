import { describe, expect, it } from 'vitest';
import { toDecimal } from '../../../shared/decimal';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app-types';
import { describeOrder, guardBreaches, type OrderLine } from './order-guard';

const guards = DEFAULT_SETTINGS.orderGuards; // 25,000 value, 1,000 quantity, 5 %
const line = (over: Partial<OrderLine>): OrderLine => ({
  symbol: 'AAPL',
  side: 'BUY',
  orderType: 'LIMIT',
  quantity: '10',
  limitPrice: '150.00',
  timeInForce: 'DAY',
  multiplier: 1,
  ...over,
});

describe('order guards', () => {
  it('restates stock and option orders in words', () => {
    expect(describeOrder(line({}))).toBe('Buy 10 shares of AAPL, limit 150.00, day');
    expect(
      describeOrder(line({ quantity: '1', orderType: 'MARKET', limitPrice: undefined, side: 'SELL' })),
    ).toBe('Sell 1 share of AAPL, market, day');
    expect(
      describeOrder(
        line({ contract: 'AAPL 18 Dec 2026 150 Call', multiplier: 100, quantity: '2', limitPrice: '3.10' }),
      ),
    ).toBe('Buy 2 contracts of AAPL 18 Dec 2026 150 Call, limit 3.10, day');
  });

  it('passes an order within every limit', () => {
    expect(guardBreaches(line({}), toDecimal('151'), guards)).toEqual([]);
  });

  it('names each limit an order goes beyond, in decimal arithmetic', () => {
    // 10 contracts × 30.00 × 100 = 30,000 > 25,000.
    const option = line({ multiplier: 100, limitPrice: '30.00' });
    expect(guardBreaches(option, toDecimal('30.5'), guards)).toEqual([
      'its value of about 30,000.00 is above your limit of 25,000.00',
    ]);
    expect(guardBreaches(line({ quantity: '1001', limitPrice: '1.00' }), toDecimal('1'), guards)).toEqual([
      'quantity 1001 is above your limit of 1000',
    ]);
    expect(guardBreaches(line({ limitPrice: '100' }), toDecimal('150'), guards)).toEqual([
      'the limit price 100 is 33.3 % from the last price 150 (your limit: 5 %)',
    ]);
  });

  it('counts a missing last price as beyond the guards, never as within them', () => {
    const market = line({ orderType: 'MARKET', limitPrice: undefined });
    expect(guardBreaches(market, undefined, guards)).toEqual([
      'there is no last price to check its value against your limit',
    ]);
    expect(guardBreaches(line({}), undefined, guards)).toEqual([
      'there is no last price to check the limit price 150.00 against',
    ]);
  });
});
