/** Where a listener's exception goes. It must never be rethrown: in main that is an uncaught exception. */
export type ListenerErrorHandler = (error: unknown) => void;

/**
 * The default handler for code that has no logger: a process warning (printed on stderr; main
 * forwards warnings to its log). Services pass their logger instead.
 */
export const reportListenerError: ListenerErrorHandler = (error) =>
  process.emitWarning(
    `a listener threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    'ListenerError',
  );

/** A tiny listener set; a listener that throws is reported and does not stop the others from hearing. */
export class Listeners<T> {
  private readonly set = new Set<(value: T) => void>();

  constructor(private readonly onError: ListenerErrorHandler = reportListenerError) {}

  add(listener: (value: T) => void): () => void {
    this.set.add(listener);
    return () => {
      this.set.delete(listener);
    };
  }

  emit(value: T): void {
    for (const listener of [...this.set]) {
      try {
        listener(value);
      } catch (err) {
        // A broken listener is reported and skipped: the stream itself must keep going.
        this.onError(err);
      }
    }
  }

  get size(): number {
    return this.set.size;
  }
}
