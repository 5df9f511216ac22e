import { reportListenerError } from '../common/listeners';
import { cancelledError } from './api-error';
import { MAX_RETRY_AFTER_MS } from './retry';

/**
 * The Market Data budget: 300 requests per minute, counted per app key (docs/openapi-client.md).
 * A rolling window (not fixed minutes: the server's window boundaries are unknown, and a rolling
 * window that never exceeds N is safe under any fixed-boundary counter too). Callers `acquire()` a
 * slot per HTTP request actually sent; user-initiated calls jump ahead of background refreshes,
 * FIFO within a priority. A 429 pauses everyone until `Retry-After` (or an exponential backoff).
 */
export type Priority = 'user' | 'background';

export interface Budget {
  limit: number;
  used: number;
  remaining: number;
  queued: number;
  /** Until the oldest counted request leaves the window; 0 when the window is empty. */
  resetInMs: number;
  /** Set while paused after a 429 (local clock ms). */
  pausedUntil?: number;
}

export interface TimerApi {
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

export interface RateLimiterOptions extends Partial<TimerApi> {
  limit?: number;
  windowMs?: number;
  /** First pause after a 429 without Retry-After; doubles per consecutive 429, capped at the window. */
  throttleBackoffMs?: number;
  /** Longest pause after a 429, whatever its Retry-After says. Default {@link MAX_RETRY_AFTER_MS}. */
  maxPauseMs?: number;
}

interface Waiter {
  priority: Priority;
  seq: number;
  resolve: () => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

const realTimers: TimerApi = {
  now: Date.now,
  setTimer: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class RateLimiter {
  readonly limit: number;
  private readonly windowMs: number;
  private readonly timers: TimerApi;
  private readonly throttleBackoffMs: number;
  private readonly maxPauseMs: number;
  /** Start times of requests inside the window, oldest first. */
  private starts: number[] = [];
  private queue: Waiter[] = [];
  private seq = 0;
  private pausedUntil = 0;
  private consecutiveThrottles = 0;
  private timer: unknown = null;
  private timerAt = 0;
  private listeners = new Set<(b: Budget) => void>();
  private closed = false;

  constructor(opts: RateLimiterOptions = {}) {
    this.limit = opts.limit ?? 300;
    this.windowMs = opts.windowMs ?? 60_000;
    this.throttleBackoffMs = opts.throttleBackoffMs ?? 1_000;
    this.maxPauseMs = opts.maxPauseMs ?? MAX_RETRY_AFTER_MS;
    this.timers = {
      now: opts.now ?? realTimers.now,
      setTimer: opts.setTimer ?? realTimers.setTimer,
      clearTimer: opts.clearTimer ?? realTimers.clearTimer,
    };
  }

  /** Resolves when one request may be sent now; the slot is counted at that moment. */
  acquire(priority: Priority = 'user', signal?: AbortSignal): Promise<void> {
    if (this.closed) return Promise.reject(cancelledError());
    if (signal?.aborted) return Promise.reject(cancelledError());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { priority, seq: this.seq++, resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          this.queue = this.queue.filter((w) => w !== waiter);
          reject(cancelledError());
          this.emit();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      // User calls go before every queued background call; FIFO otherwise.
      const at = priority === 'user' ? this.queue.findIndex((w) => w.priority === 'background') : -1;
      if (at === -1) this.queue.push(waiter);
      else this.queue.splice(at, 0, waiter);
      this.pump();
      this.emit();
    });
  }

  /** Called by the client after a 429: everyone waits. */
  throttled(retryAfterMs?: number): void {
    this.consecutiveThrottles++;
    const backoff = Math.min(this.windowMs, this.throttleBackoffMs * 2 ** (this.consecutiveThrottles - 1));
    // A Retry-After beyond the cap fails its own call at once (retry.ts); it says nothing sure about
    // the shared budget, so every other call waits only the ordinary backoff, never the cap.
    const wait = retryAfterMs !== undefined && retryAfterMs <= this.maxPauseMs ? retryAfterMs : backoff;
    const until = this.timers.now() + wait;
    this.pausedUntil = Math.max(this.pausedUntil, until);
    this.schedule(this.pausedUntil);
    this.emit();
  }

  /** Called after a reply that was not a 429: the consecutive-throttle backoff starts over. */
  succeeded(): void {
    this.consecutiveThrottles = 0;
  }

  budget(): Budget {
    const now = this.timers.now();
    this.expire(now);
    const used = this.starts.length;
    const oldest = this.starts[0];
    const b: Budget = {
      limit: this.limit,
      used,
      remaining: Math.max(0, this.limit - used),
      queued: this.queue.length,
      resetInMs: oldest === undefined ? 0 : Math.max(0, oldest + this.windowMs - now),
    };
    if (this.pausedUntil > now) b.pausedUntil = this.pausedUntil;
    return b;
  }

  onBudget(listener: (b: Budget) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) this.timers.clearTimer(this.timer);
    this.timer = null;
    const waiting = this.queue;
    this.queue = [];
    for (const w of waiting) {
      if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
      w.reject(cancelledError());
    }
    this.listeners.clear();
  }

  private expire(now: number): void {
    let drop = 0;
    while (drop < this.starts.length && (this.starts[drop] ?? 0) + this.windowMs <= now) drop++;
    if (drop > 0) this.starts = this.starts.slice(drop);
  }

  private pump(): void {
    const now = this.timers.now();
    this.expire(now);
    if (this.pausedUntil > now) {
      this.schedule(this.pausedUntil);
      return;
    }
    let released = false;
    while (this.queue.length > 0 && this.starts.length < this.limit) {
      const w = this.queue.shift();
      if (!w) break;
      if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
      this.starts.push(now);
      released = true;
      w.resolve();
    }
    const oldest = this.starts[0];
    // Wake when the window frees a slot: for the queue, or for listeners showing a meter.
    if (oldest !== undefined && (this.queue.length > 0 || this.listeners.size > 0))
      this.schedule(oldest + this.windowMs);
    if (released) this.emit();
  }

  private schedule(at: number): void {
    if (this.closed) return;
    if (this.timer !== null) {
      if (this.timerAt <= at) return;
      this.timers.clearTimer(this.timer);
    }
    this.timerAt = at;
    this.timer = this.timers.setTimer(
      () => {
        this.timer = null;
        this.pump();
        this.emit();
      },
      Math.max(0, at - this.timers.now()),
    );
  }

  private emit(): void {
    if (this.listeners.size === 0) return;
    const b = this.budget();
    for (const l of this.listeners) {
      try {
        l(b);
      } catch (error) {
        // A broken budget meter must not break acquiring (the caller's request would hang or fail).
        reportListenerError(error);
      }
    }
  }
}

/**
 * Identical in-flight GETs share one request (docs/openapi-client.md).
 * The key is the operation id plus the canonical (sorted, wire-encoded) query, so `{a,b}` and
 * `{b,a}` coalesce and `symbols: ['A','B']` equals `symbols: 'A,B'`.
 */
export class Coalescer {
  private inFlight = new Map<string, Promise<unknown>>();

  run<T>(key: string, start: () => Promise<T>): Promise<T> {
    const existing = this.inFlight.get(key);
    if (existing) return existing as Promise<T>;
    const p = start().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }

  size(): number {
    return this.inFlight.size;
  }
}
