import type { z } from 'zod';
import { operations, type OperationId, type OpResult } from './operations';
import {
  collectReaderNotes,
  readReceipt,
  sampleOf,
  unwrapResult,
  type ReaderName,
  type ReaderNote,
  type Receipt,
} from './readers';

/**
 * Reads one operation's 2xx reply into the record the catalogue declares, through the readers
 * (readers.ts): an optional `{"result": …}` envelope, a receipt where a mutation may answer with one,
 * then the operation's schema, whose primitives read every time, decimal and date form. The client
 * and the contract-fixture tests use this one function, so what one accepts the other does.
 */

/** Mutations the real service answers with a receipt (bare `true`/`false`, `{"success": bool}`). */
const RECEIPT_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>([
  'watchlistCreate',
  'watchlistUpdate',
  'watchlistDelete',
  'watchlistAdd',
  'watchlistRemove',
  'watchlistReorder',
]);

export type ReplyReading<K extends OperationId> =
  | { kind: 'record'; value: OpResult<K>; notes: ReaderNote[] }
  | { kind: 'receipt'; receipt: Receipt; notes: ReaderNote[] }
  | { kind: 'unreadable'; error: z.ZodError; notes: ReaderNote[] };

/** What the client asked, for a reply that leaves it out. */
export interface ReplyRequest {
  /** The `symbol` parameter of a single-symbol request. */
  symbol?: string;
  /** The `client_order_id`s of a placement's `new_orders`, in order. */
  clientOrderIds?: readonly string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Replies that leave out what the client asked, completed from the request. The interface text's
 * single-symbol bars example is a bare list of bars, without the symbol the record names. A linked
 * group's placement is answered with `combo_order_id` and `client_combo_order_id` only (observed):
 * each order of the request is acknowledged under the group's id, its own `order_id` unknown ('')
 * until its detail is asked for (electron/openapi/orders.ts does).
 */
function fromRequest(op: OperationId, json: unknown, request: ReplyRequest | undefined): unknown {
  if (op === 'bars' && Array.isArray(json) && request?.symbol !== undefined)
    return { symbol: request.symbol, bars: json };
  const placement = op === 'orderPlace' || op === 'optionOrderPlace';
  if (placement && isObject(json) && typeof json.combo_order_id === 'string' && request?.clientOrderIds)
    return request.clientOrderIds.map((id) => ({
      client_order_id: id,
      order_id: '',
      combo_order_id: json.combo_order_id,
    }));
  return undefined;
}

export function readReply<K extends OperationId>(
  op: K,
  json: unknown,
  request?: ReplyRequest,
): ReplyReading<K> {
  const schema = operations[op].response as z.ZodType;
  if (RECEIPT_OPERATIONS.has(op)) {
    const receipt = readReceipt(json);
    if (receipt) {
      const note: ReaderNote = { kind: 'repaired', reader: 'receipt', value: json };
      return { kind: 'receipt', receipt, notes: [note] };
    }
  }
  const direct = collectReaderNotes(() => schema.safeParse(json));
  if (direct.result.success)
    return { kind: 'record', value: direct.result.data as OpResult<K>, notes: direct.notes };
  const inner = unwrapResult(json);
  if (inner !== undefined) {
    const wrapped = collectReaderNotes(() => schema.safeParse(inner));
    if (wrapped.result.success) {
      const note: ReaderNote = { kind: 'repaired', reader: 'envelope', value: json };
      return {
        kind: 'record',
        value: wrapped.result.data as OpResult<K>,
        notes: [note, ...wrapped.notes],
      };
    }
  }
  const completed = fromRequest(op, json, request);
  if (completed !== undefined) {
    const read = collectReaderNotes(() => schema.safeParse(completed));
    if (read.result.success) {
      const note: ReaderNote = { kind: 'repaired', reader: 'request', value: json };
      return { kind: 'record', value: read.result.data as OpResult<K>, notes: [note, ...read.notes] };
    }
  }
  return { kind: 'unreadable', error: direct.result.error, notes: direct.notes };
}

/** One kind of repair or skip at one field of one operation's replies. */
export interface ReaderEvent {
  operation: OperationId;
  kind: ReaderNote['kind'];
  reader: ReaderName;
  /** Field path in the reply, array positions written `[]` (`bars[].time`); `(reply)` for the whole. */
  path: string;
  /** How many values in this reply. */
  count: number;
  /** The first such value, secrets removed, at most 80 characters. */
  sample: string;
  /** For a skipped row: the first field that could not be read. */
  why?: string;
}

/** An event before its sample: the first such value as it came off the wire. */
export type NotedEvent = Omit<ReaderEvent, 'sample'> & { value: unknown };

/**
 * The notes of one reply as events, one per (kind, reader, field path): a page of 1,000 bars whose
 * times all came as ISO text is one event with count 1,000, not a thousand. Each keeps its first
 * value unsampled, so the thread that reads a reply need not hold the secrets that redact a sample
 * (electron/openapi/reply-reader.ts reads large replies in a worker, samples them in main).
 */
export function groupReaderNotes(op: OperationId, json: unknown, notes: readonly ReaderNote[]): NotedEvent[] {
  if (notes.length === 0) return [];
  const paths = pathIndex(json);
  const byKey = new Map<string, NotedEvent>();
  for (const note of notes) {
    const path =
      note.reader === 'envelope' || note.reader === 'receipt'
        ? '(reply)'
        : (paths.get(note.value) ?? '(reply)');
    const key = `${note.kind}|${note.reader}|${path}`;
    const seen = byKey.get(key);
    if (seen) {
      seen.count += 1;
      continue;
    }
    const event: NotedEvent = {
      operation: op,
      kind: note.kind,
      reader: note.reader,
      path,
      count: 1,
      value: note.value,
    };
    if (note.why !== undefined) event.why = note.why;
    byKey.set(key, event);
  }
  return [...byKey.values()];
}

/** A grouped event with its sample: the first value, secrets removed, at most 80 characters. */
export function sampledEvent(
  { value, ...event }: NotedEvent,
  redact?: (text: string) => string,
): ReaderEvent {
  return { ...event, sample: sampleOf(value, redact) };
}

/** The notes of one reply as events with their samples (groupReaderNotes, then sampledEvent). */
export function readerEvents(
  op: OperationId,
  json: unknown,
  notes: readonly ReaderNote[],
  redact?: (text: string) => string,
): ReaderEvent[] {
  return groupReaderNotes(op, json, notes).map((event) => sampledEvent(event, redact));
}

/** Every value and object of a reply → the first path it sits at, positions written `[]`. */
function pathIndex(json: unknown): Map<unknown, string> {
  const index = new Map<unknown, string>();
  const walk = (value: unknown, path: string) => {
    if (!index.has(value)) index.set(value, path === '' ? '(reply)' : path);
    if (Array.isArray(value)) for (const item of value) walk(item, `${path}[]`);
    else if (typeof value === 'object' && value !== null)
      for (const [name, item] of Object.entries(value)) walk(item, path === '' ? name : `${path}.${name}`);
  };
  walk(json, '');
  return index;
}
