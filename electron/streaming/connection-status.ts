/** What the renderer shows for a stream (docs/streaming.md). */
export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** A tiny listener set; listeners that throw do not stop the others from hearing. */
export class Listeners<T> {
  private readonly set = new Set<(value: T) => void>();

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
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }

  get size(): number {
    return this.set.size;
  }
}
