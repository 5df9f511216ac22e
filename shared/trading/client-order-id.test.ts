import { describe, expect, it } from 'vitest';
import { CLIENT_ORDER_ID_PATTERN, isClientOrderId, newClientOrderId } from './client-order-id';

describe('client_order_id', () => {
  it('makes 32 lower-case hex, fresh each time, that the service accepts', () => {
    const ids = new Set(Array.from({ length: 100 }, newClientOrderId));
    expect(ids.size).toBe(100);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(id).toMatch(CLIENT_ORDER_ID_PATTERN);
      expect(isClientOrderId(id)).toBe(true);
    }
  });
  it('accepts 10 to 40 characters, no more, no fewer', () => {
    expect(isClientOrderId('a'.repeat(9))).toBe(false);
    expect(isClientOrderId('a'.repeat(10))).toBe(true);
    expect(isClientOrderId('a'.repeat(40))).toBe(true);
    expect(isClientOrderId('a'.repeat(41))).toBe(false);
    expect(isClientOrderId('abc def ghij')).toBe(false);
  });
});
