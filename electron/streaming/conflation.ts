/**
 * Conflation (docs/streaming.md): the newest state per key is kept, merged from partial updates, and
 * flushed to one sink in one batched message per interval (default 16 ms, about a frame). A flood
 * of updates never queues: between two flushes each key is at most one entry, so the pending work
 * and every batch are bounded by the number of distinct keys, whatever the message rate.
 *
 * Flushes are paced from the start of the previous one ("Quote pipeline"): an update that arrives
 * after a quiet interval goes out at the end of the loop's turn (with whatever else that read
 * decoded), and one that arrives sooner waits only for the rest of the interval. Two flushes are
 * never closer than the interval, and a steady stream is flushed every interval, not every
 * interval plus the time until its next update.
 */
export interface ConflatorOptions<U, S> {
  /** Default 16 ms. A function is read each time the timer is armed (a setting that can change). */
  intervalMs?: number | (() => number);
  /** Monotonic milliseconds. Default `performance.now`. */
  now?: () => number;
  /** Folds an update into the previous state (undefined for a new key); last value wins per field. */
  merge(previous: S | undefined, update: U): S;
  sink(batch: S[]): void;
}

export interface Conflator<U, S> {
  push(key: string, update: U): void;
  /** Flushes what is pending now (used on close, and by tests). */
  flush(): void;
  /** The merged state of a key, flushed or not. */
  latest(key: string): S | undefined;
  /** Forgets a key (its pending update is dropped). */
  forget(key: string): void;
  /** Keys changed since the last flush. */
  pendingCount(): number;
  close(): void;
}

export const DEFAULT_FLUSH_INTERVAL_MS = 16;

export function createConflator<U, S>(opts: ConflatorOptions<U, S>): Conflator<U, S> {
  const interval = opts.intervalMs ?? DEFAULT_FLUSH_INTERVAL_MS;
  const intervalMs = () => Math.max(1, typeof interval === 'function' ? interval() : interval);
  const now = opts.now ?? (() => performance.now());
  const states = new Map<string, S>();
  const dirty = new Set<string>();
  let timer: { cancel(): void } | undefined;
  let lastFlushAt = -Infinity;
  let closed = false;

  const arm = () => {
    const wait = lastFlushAt + intervalMs() - now();
    if (wait <= 0) return endOfTurn(flush);
    const t = setTimeout(flush, wait);
    return { cancel: () => clearTimeout(t) };
  };

  const flush = () => {
    timer?.cancel();
    timer = undefined;
    if (dirty.size === 0) return;
    lastFlushAt = now();
    const batch: S[] = [];
    for (const key of dirty) {
      const state = states.get(key);
      if (state !== undefined) batch.push(state);
    }
    dirty.clear();
    if (batch.length > 0) opts.sink(batch);
  };

  return {
    push(key, update) {
      if (closed) return;
      states.set(key, opts.merge(states.get(key), update));
      dirty.add(key);
      // Armed by the first update after a flush: no polling when idle.
      timer ??= arm();
    },
    flush,
    latest: (key) => states.get(key),
    forget(key) {
      states.delete(key);
      dirty.delete(key);
    },
    pendingCount: () => dirty.size,
    close() {
      timer?.cancel();
      timer = undefined;
      closed = true;
      dirty.clear();
    },
  };
}

/** Runs `run` at the end of the loop's turn, after the I/O callbacks of this turn. */
function endOfTurn(run: () => void): { cancel(): void } {
  const handle = setImmediate(run);
  return { cancel: () => clearImmediate(handle) };
}
