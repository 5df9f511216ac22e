import { describe, expect, it } from 'vitest';
import { InvalidTransitionError } from '../../shared/trading';
import { applyEvent } from './order-lifecycle';
import type { OrderState } from './trading-state';

const order = (over: Partial<OrderState> = {}): OrderState => ({
  client_order_id: 'a'.repeat(32),
  order_id: 'SBX0000000001',
  account_id: 'SBXM00000001',
  symbol: 'AAPL',
  instrument_id: '1',
  instrument_type: 'EQUITY',
  multiplier: 1,
  side: 'BUY',
  order_type: 'LIMIT',
  time_in_force: 'DAY',
  quantity: '10',
  filled_quantity: '0',
  limit_price: '100',
  status: 'SUBMITTED',
  place_time: 1,
  update_time: 1,
  extended_hours_trading: false,
  triggered: false,
  seq: 1,
  ...over,
});

describe('the engine changes a status only through the table', () => {
  it('applies a valid event with its changes', () => {
    const o = applyEvent(order(), 'PARTIAL_FILL', 5, { filled_quantity: '4' });
    expect(o).toMatchObject({ status: 'PARTIAL_FILLED', filled_quantity: '4', update_time: 5 });
    expect(applyEvent(o, 'REQUEST_CANCEL', 6).status).toBe('PENDING');
    expect(applyEvent(o, 'CANCEL', 7).status).toBe('CANCELLED');
  });

  it('an invalid transition throws InvalidTransitionError and changes nothing', () => {
    const filled = order({ status: 'FILLED', filled_quantity: '10' });
    const before = { ...filled };
    expect(() => applyEvent(filled, 'CANCEL', 9, { reason: 'late' })).toThrow(InvalidTransitionError);
    expect(() => applyEvent(order({ status: 'CANCELLED' }), 'FILL', 9)).toThrow(
      'an order CANCELLED cannot take FILL',
    );
    expect(() => applyEvent(order({ status: 'PARTIAL_FILLED' }), 'REJECT', 9)).toThrow(
      InvalidTransitionError,
    );
    expect(filled).toEqual(before);
  });
});
