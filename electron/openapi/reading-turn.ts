/**
 * Replies are read (their JSON and the wire readers, shared/openapi/read-reply.ts) one a turn of the
 * event loop. Replies that arrive together were read back to back in one turn: a screener, a
 * company profile and 1,200 bars asked for at once, each read for the first time (zod's readers
 * are slow until warm), held main's loop 30–42 ms on this project's machine, with the window's IPC
 * and the quote stream waiting behind them (docs/benchmark-log.md "A ninth look"). Each reading
 * waits for the one before it, then for a turn of its own (`setImmediate`): timers and I/O run
 * between two readings.
 */
export function createReadingTurns(nextTurn: (run: () => void) => void = setImmediate): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return () => {
    last = last.then(() => new Promise<void>((resolve) => nextTurn(resolve)));
    return last;
  };
}

/** Main's one queue: every client's replies share the one event loop. */
export const readingTurn = createReadingTurns();
