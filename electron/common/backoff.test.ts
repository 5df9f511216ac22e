import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('grows exponentially up to the cap, scaled by the jitter', () => {
    const top = () => 0.999999;
    expect(backoffDelay(0, { initialMs: 100, maxMs: 1000 }, top)).toBe(99);
    expect(backoffDelay(3, { initialMs: 100, maxMs: 1000 }, top)).toBe(799);
    expect(backoffDelay(10, { initialMs: 100, maxMs: 1000 }, top)).toBe(999);
  });

  it('is full jitter: anywhere from 0 to the ceiling', () => {
    expect(backoffDelay(5, { initialMs: 100, maxMs: 1000 }, () => 0)).toBe(0);
    expect(backoffDelay(2, { initialMs: 100, maxMs: 1000 }, () => 0.5)).toBe(200);
  });
});
