import { describe, expect, it } from 'vitest';
import { checkEntrust, type EntrustFields, sharesForAmount } from './entrust-types';

const amountBuy: EntrustFields = {
  entrust_type: 'AMOUNT',
  instrument_type: 'EQUITY',
  order_type: 'MARKET',
  side: 'BUY',
  time_in_force: 'DAY',
  support_trading_session: 'CORE',
  combo_type: 'NORMAL',
  total_cash_amount: '500.00',
};
const fields = (problems: ReturnType<typeof checkEntrust>) => problems.map((p) => p.field);

describe('entrust types', () => {
  it('takes the documented order by amount: a MARKET DAY buy or sell in the regular session', () => {
    expect(checkEntrust(amountBuy)).toEqual([]);
    expect(checkEntrust({ ...amountBuy, side: 'SELL', total_cash_amount: '1.5' })).toEqual([]);
  });

  it('sizes an order by one field only: quantity for QTY (the default), total_cash_amount for AMOUNT', () => {
    expect(fields(checkEntrust({ ...amountBuy, quantity: '2' }))).toEqual(['quantity']);
    expect(fields(checkEntrust({ ...amountBuy, total_cash_amount: undefined }))).toEqual([
      'total_cash_amount',
    ]);
    const qty = { ...amountBuy, entrust_type: undefined, total_cash_amount: undefined };
    expect(checkEntrust({ ...qty, quantity: '10' })).toEqual([]);
    expect(fields(checkEntrust({ ...qty, quantity: '10', total_cash_amount: '5' }))).toEqual([
      'total_cash_amount',
    ]);
    expect(fields(checkEntrust(qty))).toEqual(['quantity']);
    expect(fields(checkEntrust({ ...amountBuy, total_cash_amount: '0.00' }))).toEqual(['total_cash_amount']);
  });

  it('refuses what an order by amount may not be, each at its field', () => {
    expect(fields(checkEntrust({ ...amountBuy, order_type: 'LIMIT' }))).toEqual(['order_type']);
    expect(fields(checkEntrust({ ...amountBuy, side: 'SHORT' }))).toEqual(['side']);
    expect(fields(checkEntrust({ ...amountBuy, time_in_force: 'GTC' }))).toEqual(['time_in_force']);
    expect(fields(checkEntrust({ ...amountBuy, support_trading_session: 'ALL' }))).toEqual([
      'support_trading_session',
    ]);
    expect(fields(checkEntrust({ ...amountBuy, combo_type: 'MASTER' }))).toEqual(['combo_type']);
    expect(fields(checkEntrust({ ...amountBuy, instrument_type: 'OPTION' }))).toEqual(['entrust_type']);
  });

  it('takes the amount in cents, a buy of at least the minimum, and nothing where fractions are off', () => {
    expect(checkEntrust({ ...amountBuy, total_cash_amount: '500.005' })[0]?.message).toMatch(/cents/);
    expect(checkEntrust({ ...amountBuy, total_cash_amount: '4.99' })[0]?.message).toBe(
      'a buy by amount is at least 5.00',
    );
    expect(checkEntrust({ ...amountBuy, side: 'SELL', total_cash_amount: '1' })).toEqual([]);
    expect(
      checkEntrust({ ...amountBuy, total_cash_amount: '2' }, { allowed: true, minimumBuy: '1' }),
    ).toEqual([]);
    expect(checkEntrust(amountBuy, { allowed: false, minimumBuy: '5' })[0]?.message).toBe(
      'this environment takes no orders by amount',
    );
  });

  it('keeps a fractional quantity to five places, market or limit, regular session, day, no short', () => {
    const qty: EntrustFields = { ...amountBuy, entrust_type: 'QTY', total_cash_amount: undefined };
    expect(checkEntrust({ ...qty, quantity: '2.65443', order_type: 'LIMIT' })).toEqual([]);
    expect(fields(checkEntrust({ ...qty, quantity: '0.000001' }))).toEqual(['quantity']);
    expect(fields(checkEntrust({ ...qty, quantity: '0.5', side: 'SHORT' }))).toEqual(['side']);
    expect(fields(checkEntrust({ ...qty, quantity: '0.5', order_type: 'STOP_LOSS' }))).toEqual([
      'order_type',
    ]);
    expect(fields(checkEntrust({ ...qty, quantity: '0.5', time_in_force: 'GTC' }))).toEqual([
      'time_in_force',
    ]);
    // Whole shares keep every order's freedom.
    expect(checkEntrust({ ...qty, quantity: '3', side: 'SHORT', time_in_force: 'GTC' })).toEqual([]);
  });

  it('turns dollars into shares rounded down to 0.00001, never more than the amount', () => {
    expect(sharesForAmount('500', '188.62').toFixed()).toBe('2.65083');
    expect(sharesForAmount('500', '188.62').times('188.62').lte(500)).toBe(true);
    expect(() => sharesForAmount('500', '0')).toThrow(/no price/);
  });
});
