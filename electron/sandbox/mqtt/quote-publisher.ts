import { QUOTE_TOPICS, QuoteCodec, SnapshotCodec, TickCodec, type QuoteSubType } from '../../../shared/proto/quotes';
import type { LiveQuote, MarketView } from '../market/market-view';
import { quoteMessage, snapshotMessage, tickMessage } from './quote-messages';
import type { QuoteRoutingTable } from './quote-routing';

/** The one thing the publisher needs of a connected MQTT client (aedes' Client satisfies it). */
export interface PushTarget {
  publish(packet: { cmd: 'publish'; topic: string; payload: Buffer; qos: 0; retain: false; dup: false }, cb: (err?: Error) => void): void;
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
}

export interface PublisherStats {
  published: number;
  skipped: number;
}

/**
 * Pushes the routed messages straight to each session's client, no MQTT SUBSCRIBE involved
 * (the real service publishes to the routed connection). One round every
 * 1000/updatesPerSecond ms sends one message per routed (session, symbol, sub-type).
 */
export class QuotePublisher {
  private timer: NodeJS.Timeout | undefined;
  private rate: number;
  private readonly inFlight = new Map<string, number>();
  private readonly lastTickVolume = new Map<string, string>();
  private readonly maxInFlight: number;
  readonly stats: PublisherStats = { published: 0, skipped: 0 };

  constructor(private readonly opts: QuotePublisherOptions) {
    this.rate = opts.updatesPerSecond;
    this.maxInFlight = opts.maxInFlightPerClient ?? 256;
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
    this.timer = setInterval(() => this.round(), 1000 / this.rate);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  forgetSession(sessionId: string): void {
    this.inFlight.delete(sessionId);
  }

  /** One publishing round; public so a test can drive it without a timer. */
  round(): void {
    const { market, routing } = this.opts;
    if (routing.isEmpty()) return;
    const at = market.now();
    const quotes = new Map<string, LiveQuote | undefined>();
    // Payloads are encoded once per symbol and variant and shared by every session.
    const encoded = new Map<string, Buffer>();
    const tickVolumes = new Map<string, string>();
    const payload = (q: LiveQuote, subType: QuoteSubType, depth: number, overnight: boolean): Buffer => {
      const key = `${q.symbol}|${subType}|${depth}|${overnight}`;
      let bytes = encoded.get(key);
      if (!bytes) {
        if (subType === 'SNAPSHOT') bytes = Buffer.from(SnapshotCodec.encode(snapshotMessage(q, at, overnight)));
        else if (subType === 'QUOTE') bytes = Buffer.from(QuoteCodec.encode(quoteMessage(q, at, depth)));
        else {
          bytes = Buffer.from(TickCodec.encode(tickMessage(q, at, this.lastTickVolume.get(q.symbol))));
          tickVolumes.set(q.symbol, q.volume);
        }
        encoded.set(key, bytes);
      }
      return bytes;
    };
    for (const [sessionId, routes] of routing.sessions()) {
      const client = this.opts.clientOf(sessionId);
      if (!client) continue;
      for (const [symbol, route] of routes) {
        if (!quotes.has(symbol)) quotes.set(symbol, market.quote(symbol, at));
        const q = quotes.get(symbol);
        if (!q) continue;
        for (const subType of route.subTypes) {
          this.push(sessionId, client, QUOTE_TOPICS[subType], payload(q, subType, route.depth, route.overnight));
        }
      }
    }
    for (const [symbol, volume] of tickVolumes) this.lastTickVolume.set(symbol, volume);
  }

  private push(sessionId: string, client: PushTarget, topic: string, payload: Buffer): void {
    const pending = this.inFlight.get(sessionId) ?? 0;
    if (pending >= this.maxInFlight) {
      this.stats.skipped++;
      return;
    }
    this.inFlight.set(sessionId, pending + 1);
    // The callback fires once the packet is written to the socket (aedes waits for drain).
    client.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false }, () => {
      const now = this.inFlight.get(sessionId);
      if (now !== undefined) this.inFlight.set(sessionId, Math.max(0, now - 1));
    });
    this.stats.published++;
  }
}
