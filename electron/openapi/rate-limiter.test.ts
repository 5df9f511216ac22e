import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { Coalescer, RateLimiter, type Budget } from './rate-limiter';
import { FakeClock, flush } from './testing/fake-clock';

const limiterOn = (clock: FakeClock, limit = 300, windowMs = 60_000) =>
  new RateLimiter({
    limit,
    windowMs,
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });

describe('RateLimiter', () => {
  it('never lets more than 300 requests start in any rolling 60 s window under 1,000 queued calls', async () => {
    const clock = new FakeClock();
    const limiter = limiterOn(clock);
    const startedAt: number[] = [];
    const all = Array.from({ length: 1000 }, (_, i) =>
      limiter.acquire(i % 3 === 0 ? 'user' : 'background').then(() => startedAt.push(clock.now())),
    );
    await flush();
    expect(startedAt.length).toBe(300);
    expect(limiter.budget()).toMatchObject({ limit: 300, used: 300, remaining: 0, queued: 700 });
    // Step through time unevenly so window edges fall between steps.
    for (let step = 0; step < 400 && startedAt.length < 1000; step++) {
      clock.advance(1_337);
      await flush();
    }
    await Promise.all(all);
    expect(startedAt.length).toBe(1000);
    const sorted = [...startedAt].sort((a, b) => a - b);
    let worst = 0;
    for (let i = 0, j = 0; j < sorted.length; j++) {
      while ((sorted[j] ?? 0) - (sorted[i] ?? 0) >= 60_000) i++;
      worst = Math.max(worst, j - i + 1);
    }
    expect(worst).toBeLessThanOrEqual(300);
    expect(worst).toBe(300); // and it does use the whole budget
    // 1,000 calls at 300/min need at least three full windows after the first burst.
    expect((sorted[999] ?? 0) - (sorted[0] ?? 0)).toBeGreaterThanOrEqual(180_000);
  });

  it('serves user calls before background calls, FIFO within each', async () => {
    const clock = new FakeClock();
    const limiter = limiterOn(clock, 1, 1000);
    const order: string[] = [];
    await limiter.acquire('user');
    const names = [
      ['bg1', 'background'],
      ['u1', 'user'],
      ['bg2', 'background'],
      ['u2', 'user'],
    ] as const;
    const waits = names.map(([name, p]) => limiter.acquire(p).then(() => order.push(name)));
    for (let i = 0; i < 4; i++) {
      clock.advance(1000);
      await flush();
    }
    await Promise.all(waits);
    expect(order).toEqual(['u1', 'u2', 'bg1', 'bg2']);
  });

  it('pauses everyone after a 429 for Retry-After, then for a doubling backoff without one', async () => {
    const clock = new FakeClock();
    const limiter = limiterOn(clock, 10, 60_000);
    limiter.throttled(5_000);
    expect(limiter.budget().pausedUntil).toBe(clock.now() + 5_000);
    let started = false;
    const p = limiter.acquire('user').then(() => (started = true));
    clock.advance(4_999);
    await flush();
    expect(started).toBe(false);
    clock.advance(1);
    await p;
    expect(limiter.budget().pausedUntil).toBeUndefined();

    const t0 = clock.now();
    limiter.throttled();
    expect(limiter.budget().pausedUntil).toBe(t0 + 2_000); // second consecutive 429: 1 s × 2
    limiter.succeeded();
    clock.advance(2_000);
    limiter.throttled();
    expect(limiter.budget().pausedUntil).toBe(clock.now() + 1_000); // reset after a success
    limiter.close();
  });

  it('reports its budget to listeners as calls start, queue and the window frees', async () => {
    const clock = new FakeClock();
    const limiter = limiterOn(clock, 2, 10_000);
    const seen: Budget[] = [];
    const off = limiter.onBudget((b) => seen.push(b));
    await limiter.acquire();
    clock.advance(4_000);
    await limiter.acquire();
    const third = limiter.acquire('background');
    expect(seen.at(-1)).toMatchObject({ used: 2, remaining: 0, queued: 1, resetInMs: 6_000 });
    clock.advance(6_000);
    await third;
    expect(seen.at(-1)).toMatchObject({ used: 2, queued: 0, resetInMs: 4_000 });
    clock.advance(10_000);
    expect(seen.at(-1)).toMatchObject({ used: 0, remaining: 2, resetInMs: 0 });
    const count = seen.length;
    off();
    await limiter.acquire();
    expect(seen.length).toBe(count);
    limiter.close();
  });

  it('drops an aborted waiter from the queue with CANCELLED', async () => {
    const clock = new FakeClock();
    const limiter = limiterOn(clock, 1, 1000);
    await limiter.acquire();
    const ctrl = new AbortController();
    const p = limiter.acquire('user', ctrl.signal);
    expect(limiter.budget().queued).toBe(1);
    ctrl.abort();
    await expect(p).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(limiter.budget().queued).toBe(0);
    limiter.close();
  });

  it('rejects queued waiters on close', async () => {
    const clock = new FakeClock();
    const limiter = limiterOn(clock, 1, 1000);
    await limiter.acquire();
    const p = limiter.acquire();
    limiter.close();
    await expect(p).rejects.toBeInstanceOf(ApiError);
  });
});

describe('Coalescer', () => {
  it('runs one request for identical in-flight keys and gives every caller the result', async () => {
    const c = new Coalescer();
    let starts = 0;
    let release: (v: string) => void = () => undefined;
    const start = () => {
      starts++;
      return new Promise<string>((r) => (release = r));
    };
    const a = c.run('k', start);
    const b = c.run('k', start);
    const other = c.run('k2', () => Promise.resolve('x'));
    release('done');
    expect(await Promise.all([a, b, other])).toEqual(['done', 'done', 'x']);
    expect(starts).toBe(1);
    expect(c.size()).toBe(0);
    await c.run('k', () => Promise.resolve('again'));
    expect(starts).toBe(1);
  });
});

describe('listener errors', () => {
  /** A throwing subscriber is reported, never an uncaught exception that would take main down. */
  it('a throwing budget listener does not break the rate limiter', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const limiter = new RateLimiter({ limit: 5, windowMs: 60_000 });
      limiter.onBudget(() => {
        throw new Error('broken meter');
      });
      await expect(limiter.acquire('user')).resolves.toBeUndefined();
      expect(limiter.budget().used).toBe(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('broken meter');
      limiter.close();
    } finally {
      warn.mockRestore();
    }
  });
});
