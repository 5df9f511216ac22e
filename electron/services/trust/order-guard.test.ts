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

  it('restates short sales, trailing stops and an order’s role in its group', () => {
    expect(describeOrder(line({ side: 'SHORT', orderType: 'MARKET', limitPrice: undefined }))).toBe(
      'Short 10 shares of AAPL, market, day',
    );
    const trailing = { side: 'SELL', orderType: 'TRAILING_STOP_LOSS', limitPrice: undefined } as const;
    expect(describeOrder(line({ ...trailing, trailingType: 'AMOUNT', trailingStep: '1.50' }))).toBe(
      'Sell 10 shares of AAPL, trailing stop 1.50, day',
    );
    expect(describeOrder(line({ ...trailing, trailingType: 'PERCENTAGE', trailingStep: '0.025' }))).toBe(
      'Sell 10 shares of AAPL, trailing stop 2.5 %, day',
    );
    expect(describeOrder(line({ role: 'STOP_PROFIT', side: 'SELL', limitPrice: '160.00' }))).toBe(
      'Take-profit exit: Sell 10 shares of AAPL, limit 160.00, day',
    );
    expect(describeOrder(line({ role: 'NORMAL' }))).toBe('Buy 10 shares of AAPL, limit 150.00, day');
  });

  it('restates and guards an order by amount by its dollars: its value is the amount', () => {
    const amount = line({ orderType: 'MARKET', limitPrice: undefined, quantity: undefined, amount: '500' });
    expect(describeOrder(amount)).toBe('Buy $500.00 of AAPL, market, day');
    expect(guardBreaches(amount, toDecimal('188.62'), guards)).toEqual([]);
    // No last price is needed to value it; 30,000 dollars is beyond the 25,000 limit all the same.
    expect(guardBreaches({ ...amount, amount: '30000' }, undefined, guards)).toEqual([
      'its value of about 30,000.00 is above your limit of 25,000.00',
    ]);
    // At $10 a share, $20,000 is about 2,000 shares: beyond the 1,000-share limit.
    expect(guardBreaches({ ...amount, amount: '20000' }, toDecimal('10'), guards)).toEqual([
      'about 2000.00 shares is above your limit of 1000',
    ]);
    // A stated quantity beside the amount is checked too; an order with neither is beyond the guards.
    expect(guardBreaches({ ...amount, quantity: '1' }, toDecimal('188.62'), guards)).toEqual([]);
    expect(guardBreaches({ ...amount, amount: undefined }, toDecimal('188.62'), guards)).toEqual([
      'it states neither a quantity nor an amount to check against your limits',
    ]);
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
