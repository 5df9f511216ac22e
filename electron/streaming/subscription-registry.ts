import type { Category } from '../../shared/openapi/primitives';
import type { QuoteSubType } from '../../shared/proto/quotes';

/**
 * Reference counting of quote subscriptions across windows and panels (docs/streaming.md): ten
 * listeners on AAPL are one routed subscription; the HTTP routing calls (docs/streaming.md) are made only
 * for the difference between what is wanted and what the server has routed, in a debounced batch.
 */
export interface RouteSubscribeParams {
  session_id: string;
  symbols: string[];
  category: Category;
  sub_types: QuoteSubType[];
  depth?: number;
  overnight_required?: boolean;
}

export interface RouteUnsubscribeParams {
  session_id: string;
  symbols: string[];
  category: Category;
  sub_types: QuoteSubType[];
}

/** In the app: `client.call('streamingSubscribe' | 'streamingUnsubscribe', …)`. */
export interface RouteSubscriptions {
  subscribe(params: RouteSubscribeParams): Promise<unknown>;
  unsubscribe(params: RouteUnsubscribeParams): Promise<unknown>;
}

export interface SubscriptionRegistryOptions {
  route: RouteSubscriptions;
  sessionId: string;
  /** Routing calls are only possible while the MQTT session is connected. */
  canRoute(): boolean;
  debounceMs: number;
  depth?: number;
  overnight?: boolean;
  /**
   * A routing call failed for another reason than a refused symbol; the registry retries after
   * `retryMs`, doubling after each failure in a row up to `maxRetryMs`.
   */
  onError(error: unknown): void;
  retryMs?: number;
  maxRetryMs?: number;
  /**
   * The server refused this symbol (an invalid-parameter error naming `symbols`): it is left out of
   * routing, the others are routed without it, and it is not asked again until every interest in it
   * is released and a new one acquired.
   */
  onRefused?(symbol: string, error: unknown): void;
}

/**
 * Whether a routing call was refused for its `symbols` parameter (an unknown symbol): the service's
 * invalid-parameter error naming `symbols`, in any of its wire forms (`Invalid parameter 'symbols':
 * …`, `invalid symbols, value: […]`), keyed on the parameter named rather than on the exact text.
 */
export function refusedForSymbols(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { field, message, code } = error as { field?: unknown; message?: unknown; code?: unknown };
  if (field === 'symbols') return true;
  if (typeof message !== 'string') return false;
  const paramError = typeof code === 'string' && /PARAM/i.test(code);
  return /invalid parameter '?symbols\b/i.test(message) || (paramError && /\bsymbols\b/i.test(message));
}

/** The group's symbols an error message names as a whole word: tried alone first, so one call usually finds them. */
function symbolsNamedIn(error: unknown, symbols: readonly string[]): string[] {
  const message =
    error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? '');
  const words = new Set(message.split(/[^A-Za-z0-9.]+/).filter(Boolean));
  return symbols.filter((s) => words.has(s));
}

interface Want {
  category: Category;
  counts: Map<QuoteSubType, number>;
  /** QUOTE interests by the book depth they asked for: the deepest one is routed. */
  depths: Map<number, number>;
}

type Plan = Map<string, { category: Category; subTypes: QuoteSubType[]; symbols: string[]; depth?: number }>;

function group(entries: Iterable<[string, Category, QuoteSubType[], number?]>): Plan {
  const plan: Plan = new Map();
  for (const [symbol, category, subTypes, depth] of entries) {
    if (subTypes.length === 0) continue;
    const sorted = [...subTypes].sort();
    const key = `${category}|${sorted.join(',')}|${depth ?? ''}`;
    const g = plan.get(key) ?? { category, subTypes: sorted, symbols: [], depth };
    g.symbols.push(symbol);
    plan.set(key, g);
  }
  return plan;
}

export class SubscriptionRegistry {
  private readonly wants = new Map<string, Want>();
  /** What the server has routed to this session, as far as we know. */
  private routed = new Map<string, { category: Category; subTypes: Set<QuoteSubType>; depth?: number }>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  /** Symbols the server refused (unknown to it): never routed while wanted. */
  private readonly refused = new Map<string, unknown>();
  /** Routing failures in a row (other than refused symbols): the retry backs off with them. */
  private failures = 0;

  constructor(private readonly opts: SubscriptionRegistryOptions) {}

  /**
   * Counts one more interest; returns its release (idempotent). `depth`: the book levels this
   * interest needs from QUOTE (default: the registry's `depth` option). The symbol's QUOTE routing
   * follows the deepest current interest: a deeper one re-subscribes deeper, and when it is
   * released the book is asked shallower again (a subscribe with the new depth, no unsubscribe).
   */
  acquire(
    symbol: string,
    subTypes: readonly QuoteSubType[],
    category: Category = 'US_STOCK',
    depth?: number,
  ): () => void {
    const want = this.wants.get(symbol) ?? { category, counts: new Map(), depths: new Map() };
    this.wants.set(symbol, want);
    const types = [...new Set(subTypes)];
    for (const t of types) want.counts.set(t, (want.counts.get(t) ?? 0) + 1);
    const levels = types.includes('QUOTE') ? depth : undefined;
    if (levels !== undefined) want.depths.set(levels, (want.depths.get(levels) ?? 0) + 1);
    this.schedule();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const t of types) {
        const n = (want.counts.get(t) ?? 0) - 1;
        if (n > 0) want.counts.set(t, n);
        else want.counts.delete(t);
      }
      if (levels !== undefined) {
        const n = (want.depths.get(levels) ?? 0) - 1;
        if (n > 0) want.depths.set(levels, n);
        else want.depths.delete(levels);
      }
      if (want.counts.size === 0 && this.wants.get(symbol) === want) {
        this.wants.delete(symbol);
        this.refused.delete(symbol);
      }
      this.schedule();
    };
  }

  /** Symbols with at least one interest. */
  symbols(): string[] {
    return [...this.wants.keys()];
  }

  /** The book depth routed for a symbol's QUOTE: the deepest interest's, else the default. */
  private wantedDepth(want: Want): number | undefined {
    return want.depths.size > 0 ? Math.max(...want.depths.keys()) : this.opts.depth;
  }

  /** Wanted symbols the server refused, with its error. */
  refusedSymbols(): Map<string, unknown> {
    return new Map(this.refused);
  }

  isWanted(symbol: string): boolean {
    return this.wants.has(symbol);
  }

  /** The connection was lost: the server's routing is gone (docs/streaming.md). */
  forgetRouting(): void {
    this.routed = new Map();
  }

  /** Debounced: a burst of acquire/release becomes one batch of calls (or none, if it nets out). */
  schedule(delayMs = this.opts.debounceMs): void {
    if (this.closed || this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.reconcile();
    }, delayMs);
  }

  /** Makes the calls that bring the server's routing to what is wanted; one run at a time. */
  async reconcile(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.schedule(0);
      }
    });
    return this.running;
  }

  close(): void {
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async run(): Promise<void> {
    if (this.closed || !this.opts.canRoute()) return;
    const session_id = this.opts.sessionId;
    const removals = group(
      [...this.routed].map(([symbol, r]) => {
        const want = this.wants.get(symbol);
        return [symbol, r.category, [...r.subTypes].filter((t) => !want?.counts.has(t))] as [
          string,
          Category,
          QuoteSubType[],
        ];
      }),
    );
    const additions = group(
      [...this.wants]
        .filter(([symbol]) => !this.refused.has(symbol))
        .map(([symbol, w]) => {
          const routed = this.routed.get(symbol);
          const depth = w.counts.has('QUOTE') ? this.wantedDepth(w) : undefined;
          // A routed QUOTE at another depth is subscribed again with the depth now wanted.
          const types = [...w.counts.keys()].filter(
            (t) => !routed?.subTypes.has(t) || (t === 'QUOTE' && routed.depth !== depth),
          );
          return [symbol, w.category, types, types.includes('QUOTE') ? depth : undefined] as [
            string,
            Category,
            QuoteSubType[],
            number?,
          ];
        }),
    );
    const routedAtStart = this.routed;
    try {
      for (const g of removals.values()) {
        await this.opts.route.unsubscribe({
          session_id,
          symbols: g.symbols,
          category: g.category,
          sub_types: g.subTypes,
        });
        for (const symbol of g.symbols) {
          const r = routedAtStart.get(symbol);
          for (const t of g.subTypes) r?.subTypes.delete(t);
          if (r && r.subTypes.size === 0) routedAtStart.delete(symbol);
        }
      }
      for (const g of additions.values()) {
        const params: RouteSubscribeParams = {
          session_id,
          symbols: g.symbols,
          category: g.category,
          sub_types: g.subTypes,
        };
        const depth = g.depth ?? this.opts.depth;
        if (depth !== undefined) params.depth = depth;
        if (this.opts.overnight !== undefined) params.overnight_required = this.opts.overnight;
        const routedSymbols = await this.subscribeWithout(params, g.symbols);
        for (const symbol of routedSymbols) {
          const r = routedAtStart.get(symbol) ?? { category: g.category, subTypes: new Set<QuoteSubType>() };
          for (const t of g.subTypes) r.subTypes.add(t);
          if (g.subTypes.includes('QUOTE')) r.depth = g.depth;
          routedAtStart.set(symbol, r);
        }
      }
      this.failures = 0;
    } catch (err) {
      this.opts.onError(err);
      // Try again later, backing off while it keeps failing; after a reconnect the stream calls
      // reconcile itself.
      const base = this.opts.retryMs ?? 1000;
      const delay = Math.min(this.opts.maxRetryMs ?? 30_000, base * 2 ** this.failures);
      this.failures++;
      this.schedule(delay);
    }
  }

  /**
   * Subscribes `symbols`; when the server refuses the call for its `symbols` parameter, the symbols
   * its message names are tried alone and the rest together, halving a group that is refused
   * without naming one, so one unknown symbol costs a few calls and never the others' routing.
   * Resolves with the symbols routed; any other error is thrown.
   */
  private async subscribeWithout(params: RouteSubscribeParams, symbols: string[]): Promise<string[]> {
    if (symbols.length === 0) return [];
    try {
      await this.opts.route.subscribe({ ...params, symbols });
      return symbols;
    } catch (err) {
      if (!refusedForSymbols(err)) throw err;
      if (symbols.length === 1) {
        const [symbol = ''] = symbols;
        this.refused.set(symbol, err);
        this.opts.onRefused?.(symbol, err);
        return [];
      }
      const named = symbolsNamedIn(err, symbols);
      const parts =
        named.length > 0 && named.length < symbols.length
          ? [...named.map((s) => [s]), symbols.filter((s) => !named.includes(s))]
          : [symbols.slice(0, symbols.length >> 1), symbols.slice(symbols.length >> 1)];
      const routed: string[] = [];
      for (const part of parts) routed.push(...(await this.subscribeWithout(params, part)));
      return routed;
    }
  }
}
