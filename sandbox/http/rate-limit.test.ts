import { describe, expect, it } from 'vitest';
import { createRollingLimiter } from './rate-limit';
import { SandboxError } from './route-types';

describe('createRollingLimiter', () => {
  it('counts per key in a rolling window and says when a slot frees', () => {
    const limiter = createRollingLimiter(2, 60_000);
    limiter.take('a', 0);
    limiter.take('a', 10_000);
    limiter.take('b', 10_000);
    let refused: unknown;
    try {
      limiter.take('a', 30_000);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(SandboxError);
    expect((refused as SandboxError).status).toBe(429);
    expect((refused as SandboxError).headers['retry-after']).toBe('30');
    expect(() => limiter.take('a', 60_000)).not.toThrow();
    expect(() => limiter.take('a', 60_001)).toThrow(SandboxError);
  });
});
