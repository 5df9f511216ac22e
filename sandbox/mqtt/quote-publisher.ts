import {
  QUOTE_TOPICS,
  QuoteCodec,
  SnapshotCodec,
  TickCodec,
  type QuoteSubType,
} from '../../shared/proto/quotes';
import type { LiveQuote, MarketView } from '../market/market-view';
import { quoteMessage, snapshotMessage, tickMessage } from './quote-messages';
import type { QuoteRoutingTable, SymbolRoute } from './quote-routing';

/** The one thing the publisher needs of a connected MQTT client (aedes' Client satisfies it). */
export interface PushTarget {
  publish(
    packet: { cmd: 'publish'; topic: string; payload: Buffer; qos: 0; retain: false; dup: false },
    cb: (err?: Error) => void,
  ): void;
}

export interface QuotePublisherOptions {
  market: MarketView;
  routing: QuoteRoutingTable;
  clientOf(sessionId: string): PushTarget | undefined;
  updatesPerSecond: number;
  /**
   * Timer rounds (default 256): a client with messages of earlier rounds still unwritten to its
   * socket gets only what is left of max(this, one whole round) this round; the rest is skipped
   * rather than queued (the next round carries a newer state anyway), and the next round starts with
   * the first symbol skipped, so under backpressure every symbol takes its turn (round robin). A
   * client that keeps up gets every routed symbol every round, whatever the list's size.
   * A flood never skips and uses `floodWindow`.
   */
  maxInFlightPerClient?: number;
  /**
   * Benchmark only (docs/benchmark.md): publish as fast as the clients' sockets take it instead of
   * on the `updatesPerSecond` timer. No update is skipped: the flood writes symbol after symbol
   * while every client has fewer than `floodWindow` messages in flight, and goes on when write
   * callbacks come back (no polling). Computing a live quote costs the simulator milliseconds, so
   * a flood pass re-sends every symbol's latest encoded messages and refreshes as many symbols
   * (round robin) as FLOOD_REFRESH_BUDGET_MS allows per pass.
   */
  flood?: boolean;
  /**
   * Flood only: messages written to one client and not yet handed to its socket before the flood
   * waits. Small, so the flood does not time its own queue: a new price goes out behind at most
   * this many messages plus what the sockets hold. Default FLOOD_WINDOW.
   */
  floodWindow?: number;
  /** Benchmark only: told of every message written to a client (not of skipped ones). */
  onPublished?: (sessionId: string, subType: QuoteSubType, message: object) => void;
}

export interface PublisherStats {
  published: number;
  skipped: number;
}

/** Simulator time a flood pass (every routed symbol once) may spend refreshing quotes, spread over its chunks. */
const FLOOD_REFRESH_BUDGET_MS = 40;
/**
 * Messages in flight per client in a flood (see `floodWindow`): 100 symbols' SNAPSHOT + QUOTE,
 * about 60 KB, enough to keep a loopback socket busy between two turns of the sandbox's loop.
 */
export const FLOOD_WINDOW = 200;
/** Symbols a flood writes between two looks at the clock and the windows (one step's unit). */
const FLOOD_CHUNK = 50;
/** With nothing routed (or no client), how often a flood looks again. */
const FLOOD_IDLE_MS = 20;

type Encoded = { bytes: Buffer; message: object };

/**
 * Pushes the routed messages straight to each session's client, no MQTT SUBSCRIBE involved
 * (the real service publishes to the routed connection). One round every
 * 1000/updatesPerSecond ms sends one message per routed (session, symbol, sub-type).
 */
export class QuotePublisher {
  private timer: NodeJS.Timeout | undefined;
  private floodTimer: NodeJS.Timeout | undefined;
  private rate: number;
  private readonly inFlight = new Map<string, number>();
  /** Timer rounds: per session, the index of the routed symbol its next round starts at. */
  private readonly roundStart = new Map<string, number>();
  private readonly lastTickVolume = new Map<string, string>();
  private readonly maxInFlight: number;
  readonly stats: PublisherStats = { published: 0, skipped: 0 };
  /** Flood mode: the latest quote and encoded messages of each symbol, kept across rounds. */
  private readonly floodQuotes = new Map<string, LiveQuote | undefined>();
  private readonly floodEncoded = new Map<string, Map<string, Encoded>>();
  private floodCursor = 0;
  /** Flood mode: what is left of the current pass, as [session, symbol], and the next index in it. */
  private floodPass: Array<[string, string]> = [];
  private floodSymbols: string[] = [];
  private floodNext = 0;
  private floodRunning = false;
  private floodStepQueued = false;

  constructor(private readonly opts: QuotePublisherOptions) {
    this.rate = opts.updatesPerSecond;
    this.maxInFlight = opts.flood
      ? Math.max(1, opts.floodWindow ?? FLOOD_WINDOW)
      : (opts.maxInFlightPerClient ?? 256);
  }

  setUpdatesPerSecond(rate: number): void {
    if (!(rate > 0) || rate > 1000) throw new RangeError('updatesPerSecond must be in (0, 1000]');
    this.rate = rate;
    if (this.timer) this.start();
  }

  updatesPerSecond(): number {
    return this.rate;
  }

  start(): void {
    this.stop();
    if (this.opts.flood) {
      this.floodRunning = true;
      this.floodStep();
    } else this.timer = setInterval(() => this.round(), 1000 / this.rate);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.floodTimer) clearTimeout(this.floodTimer);
    this.timer = undefined;
    this.floodTimer = undefined;
    this.floodRunning = false;
  }

  /** Whether some client has a full flood window (the flood waits for its write callbacks). */
  private floodBlocked(): boolean {
    for (const pending of this.inFlight.values()) if (pending >= this.maxInFlight) return true;
    return false;
  }

  /** The next flood step on the loop's next turn (once, however many callbacks ask for it). */
  private queueFloodStep(): void {
    if (!this.floodRunning || this.floodStepQueued) return;
    this.floodStepQueued = true;
    setImmediate(() => {
      this.floodStepQueued = false;
      this.floodStep();
    });
  }

  /**
   * One flood step: writes up to FLOOD_CHUNK symbols of the current pass (a new pass when it is
   * done) while no client's window is full. A full window ends the step; the write callback that
   * frees it queues the next one. Otherwise the next step runs on the next turn of the loop, so the
   * sandbox's sockets and HTTP API are served between chunks.
   */
  private floodStep(): void {
    if (this.floodTimer) clearTimeout(this.floodTimer);
    this.floodTimer = undefined;
    if (!this.floodRunning) return;
    if (this.floodBlocked()) return;
    if (this.floodNext >= this.floodPass.length) this.beginFloodPass();
    if (this.floodPass.length === 0) {
      // Nothing routed yet: look again shortly (a timer, not a spin).
      this.floodTimer = setTimeout(() => this.floodStep(), FLOOD_IDLE_MS);
      return;
    }
    const end = Math.min(this.floodPass.length, this.floodNext + FLOOD_CHUNK);
    const at = this.opts.market.now();
    this.refreshFlood(at, (FLOOD_REFRESH_BUDGET_MS * (end - this.floodNext)) / this.floodPass.length);
    let wrote = false;
    while (this.floodNext < end && !this.floodBlocked()) {
      const [sessionId, symbol] = this.floodPass[this.floodNext++] ?? ['', ''];
      if (this.publishSymbol(sessionId, symbol, at)) wrote = true;
    }
    if (this.floodBlocked()) return;
    // Nothing written (clients gone mid-pass): the idle timer, not an immediate spin.
    if (wrote || this.floodNext < this.floodPass.length) this.queueFloodStep();
    else this.floodTimer = setTimeout(() => this.floodStep(), FLOOD_IDLE_MS);
  }

  /** A flood pass: every routed (session, symbol) once, at one market time. */
  private beginFloodPass(): void {
    this.floodPass = [];
    this.floodNext = 0;
    const symbols = new Set<string>();
    for (const [sessionId, routes] of this.opts.routing.sessions())
      for (const symbol of routes.keys()) {
        this.floodPass.push([sessionId, symbol]);
        symbols.add(symbol);
      }
    this.floodSymbols = [...symbols];
  }

  forgetSession(sessionId: string): void {
    this.inFlight.delete(sessionId);
    this.roundStart.delete(sessionId);
    // A flood waiting on that client's window goes on with the others.
    if (this.opts.flood) this.queueFloodStep();
  }

  /** One publishing round; public so a test can drive it without a timer. */
  round(): void {
    const { market, routing } = this.opts;
    if (routing.isEmpty()) return;
    const at = market.now();
    const quotes = new Map<string, LiveQuote | undefined>();
    // Payloads are encoded once per symbol and variant and shared by every session.
    const encoded = new Map<string, Map<string, Encoded>>();
    const tickVolumes = new Map<string, string>();
    for (const [sessionId, routes] of routing.sessions()) {
      const client = this.opts.clientOf(sessionId);
      if (!client) continue;
      const entries = [...routes];
      let roundSize = 0;
      for (const [, route] of entries) roundSize += route.subTypes.size;
      // What this client may take now: one whole round (at least the window) less what earlier
      // rounds still have on its way to the socket.
      let allowance = Math.max(this.maxInFlight, roundSize) - (this.inFlight.get(sessionId) ?? 0);
      const start = (this.roundStart.get(sessionId) ?? 0) % Math.max(1, entries.length);
      let firstSkipped: number | undefined;
      for (let i = 0; i < entries.length; i++) {
        const k = (start + i) % entries.length;
        const [symbol, route] = entries[k] ?? [];
        if (symbol === undefined || route === undefined) continue;
        // A symbol's sub-types go out together or not at all.
        if (route.subTypes.size > allowance) {
          firstSkipped ??= k;
          this.stats.skipped += route.subTypes.size;
          continue;
        }
        allowance -= route.subTypes.size;
        if (!quotes.has(symbol)) quotes.set(symbol, market.quote(symbol, at));
        const q = quotes.get(symbol);
        if (q) this.send(sessionId, client, q, route, at, encoded, tickVolumes);
      }
      this.roundStart.set(sessionId, firstSkipped ?? start);
    }
    for (const [symbol, volume] of tickVolumes) this.lastTickVolume.set(symbol, volume);
  }

  /** Flood: one routed symbol's messages to one session from the kept quotes; false when nothing went out. */
  private publishSymbol(sessionId: string, symbol: string, at: number): boolean {
    const client = this.opts.clientOf(sessionId);
    const route = this.opts.routing.routesOf(sessionId).get(symbol);
    if (!client || !route) return false;
    if (!this.floodQuotes.has(symbol)) this.floodQuotes.set(symbol, this.opts.market.quote(symbol, at));
    const q = this.floodQuotes.get(symbol);
    if (!q) return false;
    // A kept tick is re-sent as is until its symbol is refreshed: its volume is spoken for now.
    this.send(sessionId, client, q, route, at, this.floodEncoded, this.lastTickVolume);
    return true;
  }

  /** Every routed sub-type of one symbol to one session (encoded once per variant into `encoded`). */
  private send(
    sessionId: string,
    client: PushTarget,
    q: LiveQuote,
    route: SymbolRoute,
    at: number,
    encoded: Map<string, Map<string, Encoded>>,
    tickVolumes: Map<string, string>,
  ): void {
    let variants = encoded.get(q.symbol);
    if (!variants) encoded.set(q.symbol, (variants = new Map()));
    for (const subType of route.subTypes) {
      const key = `${subType}|${route.depth}|${route.overnight}`;
      let entry = variants.get(key);
      if (!entry) {
        if (subType === 'SNAPSHOT') {
          const message = snapshotMessage(q, at, route.overnight);
          entry = { bytes: Buffer.from(SnapshotCodec.encode(message)), message };
        } else if (subType === 'QUOTE') {
          const message = quoteMessage(q, at, route.depth);
          entry = { bytes: Buffer.from(QuoteCodec.encode(message)), message };
        } else {
          const message = tickMessage(q, at, this.lastTickVolume.get(q.symbol));
          entry = { bytes: Buffer.from(TickCodec.encode(message)), message };
          tickVolumes.set(q.symbol, q.volume);
        }
        variants.set(key, entry);
      }
      if (this.push(sessionId, client, QUOTE_TOPICS[subType], entry.bytes))
        this.opts.onPublished?.(sessionId, subType, entry.message);
    }
  }

  /**
   * Flood mode: recompute the pass's symbols round robin for up to `budgetMs` (at least one); the
   * rest keep their last messages.
   */
  private refreshFlood(at: number, budgetMs: number): void {
    const order = this.floodSymbols;
    if (order.length === 0) return;
    const until = performance.now() + budgetMs;
    for (let i = 0; i < order.length && (i === 0 || performance.now() < until); i++) {
      const symbol = order[this.floodCursor++ % order.length] ?? '';
      this.floodQuotes.set(symbol, this.opts.market.quote(symbol, at));
      this.floodEncoded.delete(symbol);
    }
  }

  /**
   * Writes one message and counts it in flight. Never skips: a timer round decides per symbol
   * beforehand (`round`), a flood checks its window before each symbol (floodStep) and may pass it
   * by that symbol's last sub-types.
   */
  private push(sessionId: string, client: PushTarget, topic: string, payload: Buffer): boolean {
    const pending = this.inFlight.get(sessionId) ?? 0;
    this.inFlight.set(sessionId, pending + 1);
    // The callback fires once the packet is handed to the socket (aedes waits for drain when the
    // socket's buffer is full); in a flood, a window with room again lets the next step run.
    client.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false }, () => {
      const now = this.inFlight.get(sessionId);
      if (now === undefined) return;
      this.inFlight.set(sessionId, Math.max(0, now - 1));
      if (this.opts.flood && now - 1 < this.maxInFlight) this.queueFloodStep();
    });
    this.stats.published++;
    return true;
  }
}
