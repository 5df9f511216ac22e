/**
 * A bound on how long quote messages may hold main's event loop in one turn (docs/streaming.md
 * "Quote pipeline"). libuv reads a socket again and again while it has data, and mqtt.js handles
 * every packet of those reads before the loop moves on: under a flood one turn could decode
 * thousands of messages (hundreds of milliseconds) while timers, IPC and the UI's requests wait.
 * Once a turn has spent `budgetMs` on messages the socket is paused, and it is resumed on the next
 * turn (setImmediate: after the loop has run its timers and other I/O). Nothing is dropped: TCP
 * holds the rest, and the sender slows down to what main reads.
 */
export interface ReadBudgetOptions {
  budgetMs: number;
  now: () => number;
  pause: () => void;
  resume: () => void;
  /** Runs a callback on the loop's next turn (setImmediate in the app). */
  nextTurn: (run: () => void) => void;
}

export interface ReadBudget {
  /** Call once per message, after handling it. */
  spent(startedAt: number): void;
  /** Milliseconds to pass to `spent` (the handling's start). */
  now(): number;
  /** Stops resuming (the connection is gone). */
  close(): void;
}

export function createReadBudget(opts: ReadBudgetOptions): ReadBudget {
  let used = 0;
  let turnMarked = false;
  let paused = false;
  let closed = false;
  return {
    now: opts.now,
    spent(startedAt) {
      if (closed) return;
      used += opts.now() - startedAt;
      if (!turnMarked) {
        // The turn's account starts afresh on the next turn.
        turnMarked = true;
        opts.nextTurn(() => {
          turnMarked = false;
          used = 0;
          if (paused && !closed) {
            paused = false;
            opts.resume();
          }
        });
      }
      if (!paused && used >= opts.budgetMs) {
        paused = true;
        opts.pause();
      }
    },
    close() {
      closed = true;
    },
  };
}
