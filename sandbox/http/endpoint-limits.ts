import type { OperationId } from '../../shared/openapi/operations';
import { createRollingLimiter, type RollingLimiter } from './rate-limit';

/**
 * Per-endpoint limits of the real service, counted per app key (docs/sandbox.md "Wire forms"):
 * Webull's trading reference gives order preview 150 requests per 10 s and order place / replace
 * 600 a minute; its authentication reference gives the token calls 10 per 30 s; the account list
 * was observed to answer 429 after about eight quick calls (10 per 30 s here). Operations in one
 * group share a counter. Market Data keeps its own 300 a minute (rate-limit.ts).
 */
interface EndpointLimit {
  group: string;
  limit: number;
  windowMs: number;
}

const ACCOUNT_LIST: EndpointLimit = { group: 'account list', limit: 10, windowMs: 30_000 };
const TOKENS: EndpointLimit = { group: 'token', limit: 10, windowMs: 30_000 };
const ORDERS: EndpointLimit = { group: 'order', limit: 600, windowMs: 60_000 };

const ENDPOINT_LIMITS: Partial<Record<OperationId, EndpointLimit>> = {
  accountList: ACCOUNT_LIST,
  accountListV3: ACCOUNT_LIST,
  tokenCreate: TOKENS,
  tokenCheck: TOKENS,
  tokenRefresh: TOKENS,
  orderPreview: { group: 'order preview', limit: 150, windowMs: 10_000 },
  orderPlace: ORDERS,
  orderReplace: ORDERS,
  orderCancel: ORDERS,
};

export interface EndpointLimiter {
  take(op: OperationId, key: string, now: number): void;
}

/** `scale` multiplies every window (tests pass a small one so a window is never waited out). */
export function createEndpointLimiter(scale = 1): EndpointLimiter {
  const limiters = new Map<string, RollingLimiter>();
  return {
    take(op, key, now) {
      const def = ENDPOINT_LIMITS[op];
      if (!def) return;
      let limiter = limiters.get(def.group);
      if (!limiter) {
        limiter = createRollingLimiter(
          def.limit,
          Math.max(1, Math.round(def.windowMs * scale)),
          `The ${def.group} limit`,
        );
        limiters.set(def.group, limiter);
      }
      limiter.take(key, now);
    },
  };
}
