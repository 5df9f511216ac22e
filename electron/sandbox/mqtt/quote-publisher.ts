import {
  QUOTE_TOPICS,
  QuoteCodec,
  SnapshotCodec,
  TickCodec,
  type QuoteSubType,
} from '../../../shared/proto/quotes';
import type { LiveQuote, MarketView } from '../market/market-view';
import { quoteMessage, snapshotMessage, tickMessage } from './quote-messages';
import type { QuoteRoutingTable } from './quote-routing';

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
   * Messages written to one client but not yet flushed to its socket. Beyond this, the update is
   * skipped for that client rather than queued: the next round carries a newer state anyway.
   */
  maxInFlightPerClient?: number;
  /**
   * Benchmark only (docs/benchmark.md): publish rounds back to back, as fast as the clients'
   * sockets drain, instead of on the `updatesPerSecond` timer. No update is skipped: a round waits
   * until every client is under half its in-flight allowance. Computing a live quote costs the
   * simulator milliseconds, so a flood round re-sends every symbol's latest encoded messages and
   * refreshes as many symbols (round robin) as FLOOD_REFRESH_BUDGET_MS allows.
   */
  flood?: boolean;
  /** Benchmark only: told of every message written to a client (not of skipped ones). */
  onPublished?: (sessionId: string, subType: QuoteSubType, message: object) => void;
}

export interface PublisherStats {
  published: number;
  skipped: number;
}

/** Simulator time a flood round may spend refreshing quotes (the rest of it re-sends cached messages). */
const FLOOD_REFRESH_BUDGET_MS = 40;

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
  private readonly lastTickVolume = new Map<string, string>();
  private readonly maxInFlight: number;
  readonly stats: PublisherStats = { published: 0, skipped: 0 };
  /** Flood mode: the latest quote and encoded messages of each symbol, kept across rounds. */
  private readonly floodQuotes = new Map<string, LiveQuote | undefined>();
  private readonly floodEncoded = new Map<string, Map<string, Encoded>>();
  private floodCursor = 0;

  constructor(private readonly opts: QuotePublisherOptions) {
    this.rate = opts.updatesPerSecond;
    // A flood writes whole rounds (one message per routed symbol and sub-type) before it waits.
    this.maxInFlight = opts.maxInFlightPerClient ?? (opts.flood ? 20_000 : 256);
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
    if (this.opts.flood) this.floodRound();
    else this.timer = setInterval(() => this.round(), 1000 / this.rate);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.floodTimer) clearTimeout(this.floodTimer);
    this.timer = undefined;
    this.floodTimer = undefined;
  }

  /** One flood step: a round when every client has drained below half its allowance, then again. */
  private floodRound(): void {
    let busy = false;
    for (const pending of this.inFlight.values()) if (pending > this.maxInFlight / 2) busy = true;
    if (!busy) this.round();
    // setTimeout, not setImmediate: an idle or saturated flood must not spin a core on the check.
    this.floodTimer = setTimeout(() => this.floodRound(), busy || this.opts.routing.isEmpty() ? 1 : 0);
  }

  forgetSession(sessionId: string): void {
    this.inFlight.delete(sessionId);
  }

  /** One publishing round; public so a test can drive it without a timer. */
  round(): void {
    const { market, routing } = this.opts;
    if (routing.isEmpty()) return;
    const at = market.now();
    const flood = this.opts.flood === true;
    const quotes = flood ? this.floodQuotes : new Map<string, LiveQuote | undefined>();
    // Payloads are encoded once per symbol and variant and shared by every session.
    const encoded = flood ? this.floodEncoded : new Map<string, Map<string, Encoded>>();
    if (flood) this.refreshFlood(at);
    const tickVolumes = new Map<string, string>();
    const payload = (q: LiveQuote, subType: QuoteSubType, depth: number, overnight: boolean) => {
      const key = `${subType}|${depth}|${overnight}`;
      let variants = encoded.get(q.symbol);
      if (!variants) encoded.set(q.symbol, (variants = new Map()));
      let entry = variants.get(key);
      if (!entry) {
        if (subType === 'SNAPSHOT') {
          const message = snapshotMessage(q, at, overnight);
          entry = { bytes: Buffer.from(SnapshotCodec.encode(message)), message };
        } else if (subType === 'QUOTE') {
          const message = quoteMessage(q, at, depth);
          entry = { bytes: Buffer.from(QuoteCodec.encode(message)), message };
        } else {
          const message = tickMessage(q, at, this.lastTickVolume.get(q.symbol));
          entry = { bytes: Buffer.from(TickCodec.encode(message)), message };
          tickVolumes.set(q.symbol, q.volume);
        }
        variants.set(key, entry);
      }
      return entry;
    };
    for (const [sessionId, routes] of routing.sessions()) {
      const client = this.opts.clientOf(sessionId);
      if (!client) continue;
      for (const [symbol, route] of routes) {
        if (!quotes.has(symbol)) quotes.set(symbol, market.quote(symbol, at));
        const q = quotes.get(symbol);
        if (!q) continue;
        for (const subType of route.subTypes) {
          const { bytes, message } = payload(q, subType, route.depth, route.overnight);
          if (this.push(sessionId, client, QUOTE_TOPICS[subType], bytes))
            this.opts.onPublished?.(sessionId, subType, message);
        }
      }
    }
    for (const [symbol, volume] of tickVolumes) this.lastTickVolume.set(symbol, volume);
  }

  /** Flood mode: recompute routed symbols round robin within the time budget; the rest keep their last messages. */
  private refreshFlood(at: number): void {
    const symbols = new Set<string>();
    for (const [, routes] of this.opts.routing.sessions())
      for (const symbol of routes.keys()) symbols.add(symbol);
    const order = [...symbols];
    if (order.length === 0) return;
    const until = performance.now() + FLOOD_REFRESH_BUDGET_MS;
    for (let i = 0; i < order.length && (i === 0 || performance.now() < until); i++) {
      const symbol = order[this.floodCursor++ % order.length] ?? '';
      this.floodQuotes.set(symbol, this.opts.market.quote(symbol, at));
      this.floodEncoded.delete(symbol);
    }
  }

  /** False when the update was skipped for this client (too much in flight). */
  private push(sessionId: string, client: PushTarget, topic: string, payload: Buffer): boolean {
    const pending = this.inFlight.get(sessionId) ?? 0;
    if (pending >= this.maxInFlight) {
      this.stats.skipped++;
      return false;
    }
    this.inFlight.set(sessionId, pending + 1);
    // The callback fires once the packet is written to the socket (aedes waits for drain).
    client.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false }, () => {
      const now = this.inFlight.get(sessionId);
      if (now !== undefined) this.inFlight.set(sessionId, Math.max(0, now - 1));
    });
    this.stats.published++;
    return true;
  }
}
