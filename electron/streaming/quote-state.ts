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

/** One level of the book as the state keeps it (the feed's order and broker lists are not used). */
type BookLevel = Pick<AskBid, 'price' | 'size'>;

export interface QuoteState {
  symbol: string;
  instrumentId?: string;
  tradingSession?: string;
  /** Latest value of every snapshot field seen so far. */
  snapshot: SnapshotFields;
  /** The last full depth book (a Quote message replaces the whole book): price and size a level. */
  depth?: { asks: BookLevel[]; bids: BookLevel[]; timestamp?: string };
  /** The last trade print. */
  tick?: Omit<Tick, 'basic'>;
  /** Local receive time of the newest message, Unix ms (staleness is measured from it). */
  lastUpdate: number;
  /** Main's verdict (staleness.ts), once it has given one: the renderer shows it as is. */
  stale?: boolean;
}

export type QuoteMessage =
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

/** Main's staleness verdict on a symbol (staleness.ts), folded into its state like a message. */
export interface StalenessMark {
  kind: 'STALE';
  symbol: string;
  stale: boolean;
}

const TOPIC_KIND: Record<string, QuoteSubType> = { snapshot: 'SNAPSHOT', quote: 'QUOTE', tick: 'TICK' };

/** Decodes a message by its topic; undefined for control topics (`echo`, `notice`) or no symbol. */
export function decodeQuoteMessage(
  topic: string,
  payload: Uint8Array,
  receivedAt: number,
): QuoteMessage | undefined {
  const kind = TOPIC_KIND[topic];
  if (kind === undefined) return undefined;
  const head = (basic: Snapshot['basic']) => ({
    symbol: basic?.symbol ?? '',
    instrumentId: basic?.instrument_id ?? '',
    session: basic?.trading_session ?? '',
    receivedAt,
  });
  let update: QuoteMessage;
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
 * `previous` with every non-empty value of `snapshot` written over it, `basic` left out. The same
 * object when no value changed, else a copy. Hot path: a feed repeats most fields message after
 * message, and each merged state lives until the next message for its symbol. Keeping the values
 * already held (not the equal strings just decoded) lets a repeat's allocations die young, where
 * a copy of every field per message was promoted by the garbage collector and then discarded
 * (docs/streaming.md "Main's allocations").
 */
export function mergeSnapshot(previous: SnapshotFields, snapshot: Snapshot): SnapshotFields {
  let merged = previous;
  for (const key in snapshot) {
    if (key === 'basic') continue;
    const k = key as keyof SnapshotFields;
    const v = snapshot[k];
    if (v === '' || v === null || v === undefined || merged[k] === v) continue;
    if (merged === previous) merged = { ...previous };
    merged[k] = v;
  }
  return merged;
}

/** The book's levels as held: `previous` itself while every price and size is the same. */
function mergeLevels(previous: BookLevel[] | undefined, levels: AskBid[]): BookLevel[] {
  if (
    previous?.length === levels.length &&
    levels.every((l, i) => l.price === previous[i]?.price && l.size === previous[i]?.size)
  )
    return previous;
  return levels.map((l) => ({ price: l.price, size: l.size }));
}

/**
 * Folds one update into a symbol's state: a new object each time (listeners may keep the old one),
 * sharing every part (snapshot, book, trade print) the update did not change.
 */
export function mergeQuoteMessage(
  previous: QuoteState | undefined,
  update: QuoteMessage | StalenessMark,
): QuoteState {
  if (update.kind === 'STALE') {
    // The quote stream marks only symbols it holds a state of; the verdict alone changes.
    const base = previous ?? { symbol: update.symbol, snapshot: {}, lastUpdate: 0 };
    return base.stale === update.stale ? base : { ...base, stale: update.stale };
  }
  const base: QuoteState = previous ?? { symbol: update.symbol, snapshot: {}, lastUpdate: update.receivedAt };
  const next: QuoteState = {
    ...base,
    instrumentId: update.instrumentId || base.instrumentId,
    tradingSession: update.session || base.tradingSession,
    lastUpdate: update.receivedAt,
  };
  if (update.kind === 'SNAPSHOT') {
    next.snapshot = mergeSnapshot(base.snapshot, update.snapshot);
  } else if (update.kind === 'QUOTE') {
    const old = base.depth;
    const asks = mergeLevels(old?.asks, update.quote.asks);
    const bids = mergeLevels(old?.bids, update.quote.bids);
    const timestamp = update.quote.basic?.timestamp;
    next.depth =
      old && asks === old.asks && bids === old.bids && timestamp === old.timestamp
        ? old
        : { asks, bids, timestamp };
  } else {
    // A trade print is whole: the newest replaces the previous one (kept when it is the same print).
    const { time, price, volume, side } = update.tick;
    const old = base.tick;
    next.tick =
      old && old.time === time && old.price === price && old.volume === volume && old.side === side
        ? old
        : { time, price, volume, side };
  }
  return next;
}
