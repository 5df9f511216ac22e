import { describe, expect, it } from 'vitest';
import { newOrder } from '../../../shared/openapi/records/orders';
import { newClientOrderId } from '../../../shared/trading';
import { intentKey, toNewOrder, validateTicket, type TicketDraft } from './ticket-model';

const base: TicketDraft = {
  accountId: 'A1',
  underlying: 'AAPL',
  expiry: '2026-12-18',
  strike: '190',
  optionType: 'CALL',
  side: 'BUY',
  orderType: 'LIMIT',
  limitPrice: '1.25',
  stopPrice: '',
  quantity: '2',
  timeInForce: 'DAY',
};
const ctx = {
  expirations: ['2026-11-20', '2026-12-18'],
  strikes: ['185', '190', '195'],
  today: '2026-11-23',
  bid: '1.20',
  ask: '1.30',
};

describe('ticket field rules', () => {
  it('accepts a complete limit order', () => {
    expect(validateTicket(base, ctx)).toEqual({});
  });
  it('wants exactly the prices of the order type', () => {
    expect(validateTicket({ ...base, limitPrice: '' }, ctx).limitPrice).toBe('Enter a limit price.');
    expect(validateTicket({ ...base, orderType: 'MARKET', limitPrice: '' }, ctx)).toEqual({});
    expect(validateTicket({ ...base, orderType: 'STOP_LOSS', stopPrice: '' }, ctx).stopPrice).toBe(
      'Enter a stop price.',
    );
    const both = validateTicket(
      { ...base, orderType: 'STOP_LOSS_LIMIT', limitPrice: '', stopPrice: '' },
      ctx,
    );
    expect(Object.keys(both).sort()).toEqual(['limitPrice', 'stopPrice']);
  });
  it('refuses a stop on the wrong side of the market', () => {
    expect(validateTicket({ ...base, orderType: 'STOP_LOSS', stopPrice: '1.10' }, ctx).stopPrice).toMatch(
      /above the ask/,
    );
    expect(
      validateTicket({ ...base, side: 'SELL', orderType: 'STOP_LOSS', stopPrice: '1.25' }, ctx).stopPrice,
    ).toMatch(/below the bid/);
    expect(validateTicket({ ...base, orderType: 'STOP_LOSS', stopPrice: '1.40' }, ctx)).toEqual({});
  });
  it('refuses zero and fractional quantities', () => {
    expect(validateTicket({ ...base, quantity: '0' }, ctx).quantity).toMatch(/at least 1/);
    expect(validateTicket({ ...base, quantity: '1.5' }, ctx).quantity).toMatch(/whole contracts/);
    expect(validateTicket({ ...base, quantity: 'x' }, ctx).quantity).toBeDefined();
  });
  it('refuses past or unlisted expiries and unlisted strikes', () => {
    expect(validateTicket({ ...base, expiry: '2026-11-20' }, ctx).expiry).toMatch(/has passed/);
    expect(validateTicket({ ...base, expiry: '2027-01-15' }, ctx).expiry).toMatch(/not a listed expiry/);
    expect(validateTicket({ ...base, strike: '191' }, ctx).strike).toMatch(/not a listed strike/);
  });
});

describe('the order sent', () => {
  it('is a valid single-leg option order with only the needed prices', () => {
    const o = toNewOrder({ ...base, stopPrice: '9' }, newClientOrderId());
    expect(newOrder.safeParse(o).success).toBe(true);
    expect(o.stop_price).toBeUndefined();
    expect(o.option_strategy).toBe('SINGLE');
    expect(o.legs?.[0]).toMatchObject({
      symbol: 'AAPL',
      strike_price: '190',
      option_type: 'CALL',
      quantity: '2',
    });
  });
  it('changes intent when the order changes, not when an unused field does', () => {
    expect(intentKey({ ...base, stopPrice: '3' })).toBe(intentKey(base));
    expect(intentKey({ ...base, quantity: '3' })).not.toBe(intentKey(base));
  });
});
