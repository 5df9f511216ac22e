import { describe, expect, it } from 'vitest';
import { CLIENT_ORDER_ID_PATTERN, isClientOrderId, newClientOrderId } from './client-order-id';

describe('client_order_id', () => {
  it('makes 32 lower-case hex, fresh each time, that the service accepts', () => {
    const a = newClientOrderId();
    expect(a).toMatch(CLIENT_ORDER_ID_PATTERN);
    expect(isClientOrderId(a)).toBe(true);
    expect(newClientOrderId()).not.toBe(a);
  });
  it('accepts 10 to 40 characters, no more, no fewer', () => {
    expect(isClientOrderId('a'.repeat(9))).toBe(false);
    expect(isClientOrderId('a'.repeat(10))).toBe(true);
    expect(isClientOrderId('a'.repeat(40))).toBe(true);
    expect(isClientOrderId('a'.repeat(41))).toBe(false);
    expect(isClientOrderId('abc def ghij')).toBe(false);
  });
});
