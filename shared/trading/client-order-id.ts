/**
 * `client_order_id`: the client's name for an order and the service's idempotency key (a retry
 * reuses it; a reused id is refused with OPENAPI_TRADE_PLACE_ORDER_REPEAT). The service requires 10
 * to 40 characters (observed; the interface text says at most 32).
 */
/** What the service accepts. */
export const CLIENT_ORDER_ID_RULE = /^[A-Za-z0-9_-]{10,40}$/;
export const CLIENT_ORDER_ID_RULE_TEXT = 'expected 10 to 40 letters, digits, _ or -';
/** What Bullpen makes: 32 lower-case hex, as the broker's SDK samples do (uuid4().hex). */
export const CLIENT_ORDER_ID_PATTERN = /^[0-9a-f]{32}$/;

/** A fresh `client_order_id` (32 lower-case hex from the platform's CSPRNG; Node and browsers alike). */
export function newClientOrderId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const isClientOrderId = (text: string): boolean => CLIENT_ORDER_ID_RULE.test(text);
