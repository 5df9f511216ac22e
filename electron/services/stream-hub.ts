import type { StreamDelivery } from '../../shared/ipc/channels';
import type { ApiErrorShape } from '../../shared/errors';
import type { IpcReply } from '../../shared/ipc/contract';
import { validateStream } from '../../shared/ipc/validate';
import { onlyTimeChanged, QUOTE_TIME_RESOLUTION_MS, quoteDelta } from '../../shared/ipc/quote-delta';
import type {
  QuoteDelta,
  QuoteLevel,
  QuoteRecord,
  StreamData,
  StreamName,
  StreamParsedParams,
} from '../../shared/ipc/streams';

/**
 * Renderer subscriptions → sources, and deliveries → one batched message per window per flush.
 *
 * Quotes: the quote feed's conflator is the one batching stage (one flush per `quoteFlushMs`,
 * docs/streaming.md "Quote pipeline"). Everything it emits in one flush is forwarded in the same
 * task (a microtask gathers it into one `bullpen:stream` message per window), so the hub adds no
 * second frame of delay. Per subscription it keeps what it last sent each symbol and sends only the
 * changed fields (`QuoteDelta`), without the depth book for a `top` subscription; a change of the
 * receive time alone goes out once a second (`QUOTE_TIME_RESOLUTION_MS`). Emits that land
 * in one gathering window are still merged per symbol (newest fields win, ticks bounded), so even a
 * source that does not conflate cannot queue up IPC.
 * `tradeEvents` keep every event; the status streams keep only their newest value; both go out on
 * the hub's own timer (`flushMs`).
 */
export type StreamSource<S extends StreamName> = (
  params: StreamParsedParams<S>,
  emit: (data: StreamItem<S>) => void,
  /** Which window subscribed: for streams addressed to one window (menu commands). */
  subscriber: { senderId: number },
) => () => void;
/**
 * Quote sources emit one symbol's state at a time (its full current state, or a partial update that
 * is merged over what was emitted before); the hub builds the compact batch.
 */
type StreamItem<S extends StreamName> = S extends 'quotes' ? QuoteRecord : StreamData[S];
export type StreamSources = { [S in StreamName]: StreamSource<S> };

export interface StreamHub {
  subscribe(
    senderId: number,
    subscriptionId: unknown,
    stream: unknown,
    params: unknown,
  ): IpcReply<{ subscriptionId: string }>;
  unsubscribe(senderId: number, subscriptionId: unknown): IpcReply<{ removed: boolean }>;
  /** A window closed or reloaded: drop all its subscriptions. */
  dropSender(senderId: number): void;
  setFlushMs(ms: number): void;
  subscriptionCount(): number;
  flushNow(): void;
  close(): void;
}

export interface StreamHubOptions {
  sources: StreamSources;
  send: (senderId: number, batch: StreamDelivery[]) => void;
  flushMs?: number;
  onError?: (message: string, error: unknown) => void;
  /** Ticks kept per symbol per flush. */
  maxTicksPerFlush?: number;
}

interface Subscription {
  stream: StreamName;
  close: () => void;
  /** quotes: symbol → merged update; tradeEvents: queue; others: latest. */
  pendingQuotes?: Map<string, QuoteRecord>;
  /** quotes: symbol → the state as of the last batch sent (what the renderer has). */
  sentQuotes?: Map<string, QuoteRecord>;
  level?: QuoteLevel;
  pendingEvents?: unknown[];
  latest?: { value: unknown };
}

const SUBSCRIPTION_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_SUBSCRIPTIONS_PER_SENDER = 200;

function mergeQuoteRecords(prev: QuoteRecord | undefined, next: QuoteRecord, maxTicks: number): QuoteRecord {
  if (!prev)
    return next.ticks && next.ticks.length > maxTicks
      ? { ...next, ticks: next.ticks.slice(-maxTicks) }
      : next;
  const ticks =
    prev.ticks || next.ticks ? [...(prev.ticks ?? []), ...(next.ticks ?? [])].slice(-maxTicks) : undefined;
  const merged: QuoteRecord = { ...prev, ...next, time: Math.max(prev.time, next.time) };
  if (ticks) merged.ticks = ticks;
  return merged;
}

/** Whether `next` has a value for every field `prev` has. */
function covers(next: QuoteRecord, prev: QuoteRecord): boolean {
  for (const key in prev) if (next[key as keyof QuoteRecord] === undefined) return false;
  return true;
}

export function createStreamHub(opts: StreamHubOptions): StreamHub {
  const bySender = new Map<number, Map<string, Subscription>>();
  const dirty = new Set<number>();
  const maxTicks = opts.maxTicksPerFlush ?? 50;
  let flushMs = opts.flushMs ?? 16;
  let timer: NodeJS.Timeout | undefined;
  let gathering = false;
  let closed = false;

  const invalid = (message: string): { ok: false; error: ApiErrorShape } => ({
    ok: false,
    error: { code: 'INVALID_INPUT', message, retryable: false },
  });

  function schedule(senderId: number): void {
    dirty.add(senderId);
    if (!timer && !closed) timer = setTimeout(flush, flushMs);
  }

  /** Quotes go out at the end of the task that emitted them (the feed's flush): see the header. */
  function scheduleNow(senderId: number): void {
    dirty.add(senderId);
    if (gathering || closed) return;
    gathering = true;
    queueMicrotask(() => {
      gathering = false;
      flush();
    });
  }

  function quoteBatch(sub: Subscription, pending: Map<string, QuoteRecord>): QuoteDelta[] {
    const sent = (sub.sentQuotes ??= new Map());
    const out: QuoteDelta[] = [];
    for (const [symbol, next] of pending) {
      const prev = sent.get(symbol);
      const delta = quoteDelta(prev, next, sub.level ?? 'top');
      // Nothing this subscriber shows changed, only the receive time: it goes out once a
      // QUOTE_TIME_RESOLUTION_MS (a feed repeating itself would otherwise cost a delta a message).
      // Not recorded as sent, so the next change carries it.
      if (delta && prev && onlyTimeChanged(delta) && next.time - prev.time < QUOTE_TIME_RESOLUTION_MS)
        continue;
      // Keep the accumulated view: a partial update leaves the other fields as last sent. A full
      // state (what the quote feed emits) already covers them and is kept as is, with no copy.
      sent.set(symbol, !prev || covers(next, prev) ? next : { ...prev, ...next });
      if (delta) out.push(delta);
    }
    return out;
  }

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const senders = [...dirty];
    dirty.clear();
    for (const senderId of senders) {
      const subs = bySender.get(senderId);
      if (!subs) continue;
      const batch: StreamDelivery[] = [];
      for (const [subscriptionId, sub] of subs) {
        if (sub.pendingQuotes && sub.pendingQuotes.size > 0) {
          const data = quoteBatch(sub, sub.pendingQuotes);
          sub.pendingQuotes.clear();
          if (data.length > 0) batch.push({ subscriptionId, data });
        }
        if (sub.pendingEvents && sub.pendingEvents.length > 0) {
          for (const data of sub.pendingEvents) batch.push({ subscriptionId, data });
          sub.pendingEvents = [];
        }
        if (sub.latest) {
          batch.push({ subscriptionId, data: sub.latest.value });
          sub.latest = undefined;
        }
      }
      if (batch.length === 0) continue;
      try {
        opts.send(senderId, batch);
      } catch (error) {
        opts.onError?.(`stream delivery to ${senderId} failed`, error);
      }
    }
  }

  function closeSub(sub: Subscription): void {
    try {
      sub.close();
    } catch (error) {
      opts.onError?.(`closing a ${sub.stream} subscription failed`, error);
    }
  }

  return {
    subscribe(senderId, subscriptionId, stream, params) {
      if (typeof subscriptionId !== 'string' || !SUBSCRIPTION_ID.test(subscriptionId))
        return invalid('subscriptionId: expected 1–64 letters, digits, _ or -');
      const checked = validateStream(stream, params);
      if (!checked.ok) return checked;
      const subs = bySender.get(senderId) ?? new Map<string, Subscription>();
      if (subs.has(subscriptionId)) return invalid(`subscriptionId: ${subscriptionId} is already in use`);
      if (subs.size >= MAX_SUBSCRIPTIONS_PER_SENDER)
        return invalid('subscriptionId: too many subscriptions for this window');
      bySender.set(senderId, subs);
      const name = checked.value.stream;
      const sub: Subscription = { stream: name, close: () => undefined };
      if (name === 'quotes') {
        sub.pendingQuotes = new Map();
        sub.level = (checked.value.params as StreamParsedParams<'quotes'>).level;
      }
      if (name === 'tradeEvents') sub.pendingEvents = [];
      subs.set(subscriptionId, sub);
      const emit = (data: unknown) => {
        if (closed || subs.get(subscriptionId) !== sub) return;
        if (sub.pendingQuotes) {
          const u = data as QuoteRecord;
          sub.pendingQuotes.set(u.symbol, mergeQuoteRecords(sub.pendingQuotes.get(u.symbol), u, maxTicks));
          scheduleNow(senderId);
          return;
        } else if (sub.pendingEvents) {
          sub.pendingEvents.push(data);
        } else {
          sub.latest = { value: data };
        }
        schedule(senderId);
      };
      const source = opts.sources[name] as StreamSource<StreamName>;
      try {
        sub.close = source(checked.value.params, emit as (d: StreamItem<StreamName>) => void, { senderId });
      } catch (error) {
        subs.delete(subscriptionId);
        opts.onError?.(`opening ${name} failed`, error);
        return {
          ok: false,
          error: { code: 'INTERNAL_ERROR', message: `Could not open the ${name} stream.`, retryable: true },
        };
      }
      return { ok: true, value: { subscriptionId } };
    },
    unsubscribe(senderId, subscriptionId) {
      if (typeof subscriptionId !== 'string') return invalid('subscriptionId: expected a string');
      const sub = bySender.get(senderId)?.get(subscriptionId);
      if (!sub) return { ok: true, value: { removed: false } };
      bySender.get(senderId)?.delete(subscriptionId);
      closeSub(sub);
      return { ok: true, value: { removed: true } };
    },
    dropSender(senderId) {
      const subs = bySender.get(senderId);
      bySender.delete(senderId);
      dirty.delete(senderId);
      for (const sub of subs?.values() ?? []) closeSub(sub);
    },
    setFlushMs(ms) {
      flushMs = Math.max(1, ms);
    },
    subscriptionCount: () => [...bySender.values()].reduce((n, m) => n + m.size, 0),
    flushNow: flush,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      for (const id of [...bySender.keys()]) this.dropSender(id);
    },
  };
}
