import {
  QUOTE_CODEC_BY_TOPIC,
  type AskBid,
  type Quote,
  type QuoteSubType,
  type Snapshot,
  type Tick,
} from '../../shared/proto/quotes';

/**
 * The merged, renderer-ready state of one symbol, built from the three protobuf feeds (docs/streaming.md).
 * Decimals stay strings. A field the feed left empty (proto3: absent) never erases a known value.
 */
export type SnapshotFields = Partial<Omit<Snapshot, 'basic'>>;

export interface QuoteState {
  symbol: string;
  instrumentId?: string;
  tradingSession?: string;
  /** Latest value of every snapshot field seen so far. */
  snapshot: SnapshotFields;
  /** The last full depth book (a Quote message replaces the whole book). */
  depth?: { asks: AskBid[]; bids: AskBid[]; timestamp?: string };
  /** The last trade print. */
  tick?: Omit<Tick, 'basic'>;
  /** Local receive time of the newest message, Unix ms (staleness is measured from it). */
  lastUpdate: number;
}

export type QuoteUpdate =
  | {
      kind: 'SNAPSHOT';
      symbol: string;
      instrumentId: string;
      session: string;
      snapshot: Snapshot;
      receivedAt: number;
    }
  | { kind: 'QUOTE'; symbol: string; instrumentId: string; session: string; quote: Quote; receivedAt: number }
  | { kind: 'TICK'; symbol: string; instrumentId: string; session: string; tick: Tick; receivedAt: number };

const TOPIC_KIND: Record<string, QuoteSubType> = { snapshot: 'SNAPSHOT', quote: 'QUOTE', tick: 'TICK' };

/** Decodes a message by its topic; undefined for control topics (`echo`, `notice`) or no symbol. */
export function decodeQuoteMessage(
  topic: string,
  payload: Uint8Array,
  receivedAt: number,
): QuoteUpdate | undefined {
  const kind = TOPIC_KIND[topic];
  if (kind === undefined) return undefined;
  const head = (basic: Snapshot['basic']) => ({
    symbol: basic?.symbol ?? '',
    instrumentId: basic?.instrument_id ?? '',
    session: basic?.trading_session ?? '',
    receivedAt,
  });
  let update: QuoteUpdate;
  if (kind === 'SNAPSHOT') {
    const snapshot = QUOTE_CODEC_BY_TOPIC.snapshot.decode(payload);
    update = { kind, snapshot, ...head(snapshot.basic) };
  } else if (kind === 'QUOTE') {
    const quote = QUOTE_CODEC_BY_TOPIC.quote.decode(payload);
    update = { kind, quote, ...head(quote.basic) };
  } else {
    const tick = QUOTE_CODEC_BY_TOPIC.tick.decode(payload);
    update = { kind, tick, ...head(tick.basic) };
  }
  return update.symbol === '' ? undefined : update;
}

/**
 * `target` with every non-empty value of `snapshot` written over it, `basic` left out (hot path:
 * one loop, no intermediate arrays or objects).
 */
function assignNonEmpty(target: SnapshotFields, snapshot: Snapshot): SnapshotFields {
  for (const key in snapshot) {
    if (key === 'basic') continue;
    const k = key as keyof SnapshotFields;
    const v = snapshot[k];
    if (v !== '' && v !== null && v !== undefined) target[k] = v;
  }
  return target;
}

/** Folds one update into a symbol's state; a new object each time (listeners may keep the old one). */
export function mergeQuoteUpdate(previous: QuoteState | undefined, update: QuoteUpdate): QuoteState {
  const base: QuoteState = previous ?? { symbol: update.symbol, snapshot: {}, lastUpdate: update.receivedAt };
  const next: QuoteState = {
    ...base,
    instrumentId: update.instrumentId || base.instrumentId,
    tradingSession: update.session || base.tradingSession,
    lastUpdate: update.receivedAt,
  };
  if (update.kind === 'SNAPSHOT') {
    next.snapshot = assignNonEmpty({ ...base.snapshot }, update.snapshot);
  } else if (update.kind === 'QUOTE') {
    next.depth = {
      asks: update.quote.asks,
      bids: update.quote.bids,
      timestamp: update.quote.basic?.timestamp,
    };
  } else {
    // A trade print is whole: the newest replaces the previous one.
    const { basic: _basic, ...tick } = update.tick;
    next.tick = tick;
  }
  return next;
}
