/** A manual clock with timers, injected where code takes `now`/`setTimer`/`clearTimer` (no sleeping in tests). */
export class FakeClock {
  private t: number;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();

  constructor(start = 1_700_000_000_000) {
    this.t = start;
  }

  now = (): number => this.t;

  setTimer = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return id;
  };

  clearTimer = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };

  pending(): number {
    return this.timers.size;
  }

  /** Moves time forward, firing due timers in time order (each at its own instant). */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.timers)
        if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = Math.max(this.t, next[1].at);
      next[1].fn();
    }
    this.t = end;
  }

  /** Sleep that resolves when the fake clock passes it. */
  sleep = (ms: number): Promise<void> => new Promise((resolve) => this.setTimer(resolve, ms));
}

/** Lets resolved promises run their callbacks. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
