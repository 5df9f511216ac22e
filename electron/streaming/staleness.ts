/**
 * Per-symbol staleness (docs/streaming.md), by the one rule of shared/market/quote-staleness.ts: a
 * symbol is stale when nothing arrived for it for longer than the threshold of the market's
 * session, never by age while the market is closed. Main decides; the quote records carry the
 * verdict (`stale`) and the renderer shows it. Only changes are reported. The absence of data is not an event any stream can
 * deliver, so one check timer runs, and only while symbols are tracked.
 */
export interface StalenessChange {
  symbol: string;
  stale: boolean;
  /** Local receive time of the newest message, undefined when none arrived yet. */
  lastUpdate: number | undefined;
}

export interface StalenessOptions {
  /**
   * The threshold at `now` (`staleAfterMsAt`; undefined: nothing is stale by age, the market is
   * closed), or a fixed number of milliseconds (tests).
   */
  staleAfterMs: number | ((now: number) => number | undefined);
  now(): number;
  onChange(changes: StalenessChange[]): void;
}

interface Entry {
  since: number;
  lastUpdate: number | undefined;
  stale: boolean;
  /** Stale because the link is down, whatever the age of the last message: cleared by the next one. */
  held: boolean;
}

export class StalenessTracker {
  private readonly entries = new Map<string, Entry>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly opts: StalenessOptions) {}

  track(symbol: string): void {
    if (!this.entries.has(symbol))
      this.entries.set(symbol, { since: this.opts.now(), lastUpdate: undefined, stale: false, held: false });
    if (this.timer === undefined) {
      const limit = this.opts.staleAfterMs;
      const every = typeof limit === 'number' ? Math.max(10, Math.min(1000, limit / 2)) : 1000;
      this.timer = setInterval(() => this.check(), every);
    }
  }

  untrack(symbol: string): void {
    this.entries.delete(symbol);
    if (this.entries.size === 0) this.stop();
  }

  touch(symbol: string, at: number): void {
    const entry = this.entries.get(symbol);
    if (!entry) return;
    entry.lastUpdate = at;
    entry.held = false;
    if (entry.stale) {
      entry.stale = false;
      this.opts.onChange([{ symbol, stale: false, lastUpdate: at }]);
    }
  }

  check(): void {
    const now = this.opts.now();
    const rule = this.opts.staleAfterMs;
    const limit = typeof rule === 'number' ? rule : rule(now);
    const changes: StalenessChange[] = [];
    for (const [symbol, entry] of this.entries) {
      const stale = entry.held || (limit !== undefined && now - (entry.lastUpdate ?? entry.since) > limit);
      if (stale !== entry.stale) {
        entry.stale = stale;
        changes.push({ symbol, stale, lastUpdate: entry.lastUpdate });
      }
    }
    if (changes.length > 0) this.opts.onChange(changes);
  }

  /**
   * The connection dropped: every tracked symbol is stale now, not `staleAfterMs` later, and stays
   * so until a message for it arrives on the new connection.
   */
  markAllStale(): void {
    const changes: StalenessChange[] = [];
    for (const [symbol, entry] of this.entries) {
      entry.held = true;
      if (!entry.stale) {
        entry.stale = true;
        changes.push({ symbol, stale: true, lastUpdate: entry.lastUpdate });
      }
    }
    if (changes.length > 0) this.opts.onChange(changes);
  }

  report(): (StalenessChange & { ageMs: number | undefined })[] {
    const now = this.opts.now();
    return [...this.entries].map(([symbol, e]) => ({
      symbol,
      stale: e.stale,
      lastUpdate: e.lastUpdate,
      ageMs: e.lastUpdate === undefined ? undefined : now - e.lastUpdate,
    }));
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
