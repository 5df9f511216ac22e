import { describe, expect, it } from 'vitest';
import { REAL_OPTION_RULES } from '../../shared/environments';
import type { NewOrder } from '../../shared/openapi/records/orders';
import { SandboxError } from '../http/route-types';
import { checkOptionOrders } from './option-order-rules';

const option = (over: Partial<NewOrder> = {}): NewOrder => ({
  client_order_id: 'a'.repeat(32),
  order_type: 'LIMIT',
  limit_price: '1.00',
  quantity: '1',
  side: 'BUY',
  time_in_force: 'GTC',
  ...over,
  legs: [
    {
      side: over.side ?? 'BUY',
      quantity: '1',
      symbol: 'AAPL',
      strike_price: '150',
      option_expire_date: '2026-12-18',
      option_type: 'CALL',
      instrument_type: 'OPTION',
      market: 'US',
    },
  ],
});
const stock: NewOrder = {
  ...option(),
  legs: undefined,
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  order_type: 'MARKET',
};

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof SandboxError) return error.message;
    throw error;
  }
  return undefined;
};

describe('option order rules in the sandbox', () => {
  it('on a unified endpoint, refuses an option leg under another category and accepts US_OPTION', () => {
    const unified = (category?: string) => () => checkOptionOrders([option()], { unified: true, category });
    expect(refusal(unified('US_EQUITY'))).toMatch(/'category'.*US_OPTION/);
    expect(refusal(unified('US_OPTION'))).toBeUndefined();
    expect(
      refusal(() => checkOptionOrders([stock], { unified: true, category: 'US_EQUITY' })),
    ).toBeUndefined();
  });

  it('the interface text allows MARKET options and GTC sells; the real rules refuse both, naming the field', () => {
    const sellGtc = option({ side: 'SELL', time_in_force: 'GTC' });
    const market = option({ order_type: 'MARKET', limit_price: undefined });
    const where = { unified: false, category: undefined };
    expect(refusal(() => checkOptionOrders([sellGtc, market], where))).toBeUndefined();
    const real = { rules: REAL_OPTION_RULES };
    expect(refusal(() => checkOptionOrders([sellGtc], where, real))).toMatch(
      /new_orders\[0\]\.time_in_force/,
    );
    expect(refusal(() => checkOptionOrders([option(), market], where, real))).toMatch(
      /new_orders\[1\]\.order_type/,
    );
    expect(refusal(() => checkOptionOrders([stock], where, real))).toBeUndefined();
  });

  it('refuses a position_intent that contradicts the side', () => {
    const where = { unified: false, category: undefined };
    expect(refusal(() => checkOptionOrders([option({ position_intent: 'SELL_TO_OPEN' })], where))).toMatch(
      /position_intent/,
    );
    expect(
      refusal(() => checkOptionOrders([option({ position_intent: 'BUY_TO_CLOSE' })], where)),
    ).toBeUndefined();
  });
});
