import { SandboxError } from './route-types';

/**
 * Market Data: 300 requests per minute, counted per app key (docs/openapi-client.md). A rolling
 * window: the 301st request inside any 60 s gets 429 with `Retry-After`, the whole seconds until
 * the oldest counted request leaves the window.
 */
export interface RollingLimiter {
  /** Counts one request or throws 429 TOO_MANY_REQUESTS. */
  take(key: string, now: number): void;
}

export function createRollingLimiter(
  limit: number,
  windowMs = 60_000,
  what = 'Market Data limit',
): RollingLimiter {
  const hits = new Map<string, number[]>();
  return {
    take(key, now) {
      const list = hits.get(key) ?? [];
      let drop = 0;
      while (drop < list.length && (list[drop] ?? 0) <= now - windowMs) drop++;
      if (drop > 0) list.splice(0, drop);
      if (list.length >= limit) {
        const oldest = list[0] ?? now;
        const retryAfter = Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
        throw new SandboxError(
          429,
          'TOO_MANY_REQUESTS',
          `${what} of ${limit} requests per ${windowMs === 60_000 ? 'minute' : `${windowMs / 1000} s`} exceeded; retry in ${retryAfter} s`,
          {
            'retry-after': String(retryAfter),
          },
        );
      }
      list.push(now);
      hits.set(key, list);
    },
  };
}
