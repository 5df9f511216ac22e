import type { QuoteDelta, QuoteLevel, QuoteRecord } from './streams';

/**
 * The compact quote batch (docs/streaming.md "Quote batches"): per symbol, only the fields that
 * changed since the last flush to that subscriber. Main encodes with `quoteDelta`, the renderer
 * applies with `applyQuoteDelta`; applying every delta in order gives exactly the last state main
 * had (fields are never removed: a state only gains or changes fields), but for a `time` that may
 * trail it by less than QUOTE_TIME_RESOLUTION_MS when nothing else changed since.
 */

/**
 * How fresh a record's `time` (main's receive time) is kept in a window when nothing else of it
 * changed: a message that repeats every field a subscriber gets moves only that time, and a row
 * shows it (its staleness, on a 1 s clock) at this resolution. Any other change goes out at once,
 * with its time.
 */
export const QUOTE_TIME_RESOLUTION_MS = 1_000;

/** Whether a delta carries nothing but the receive time. */
export function onlyTimeChanged(delta: QuoteDelta): boolean {
  for (const key in delta) if (key !== 'symbol' && key !== 'time') return false;
  return true;
}

/** Depth book fields: only `depth` subscribers receive them. */
const DEPTH_FIELDS = new Set<string>(['asks', 'bids']);

type Level = QuoteRecord['asks'];
type Ticks = QuoteRecord['ticks'];

function sameLevels(a: Level, b: Level): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x?.price !== y?.price || x?.size !== y?.size) return false;
  }
  return true;
}

function sameTicks(a: Ticks, b: Ticks): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x?.time !== y?.time || x?.price !== y?.price || x?.volume !== y?.volume || x?.side !== y?.side)
      return false;
  }
  return true;
}

/**
 * The fields of `next` that differ from `prev` (what this subscriber was last sent), leaving out
 * the depth book for a `top` subscriber. Undefined when nothing changed.
 */
export function quoteDelta(
  prev: QuoteRecord | undefined,
  next: QuoteRecord,
  level: QuoteLevel,
): QuoteDelta | undefined {
  const delta: Record<string, unknown> = { symbol: next.symbol };
  let changed = false;
  for (const key in next) {
    if (key === 'symbol') continue;
    if (level === 'top' && DEPTH_FIELDS.has(key)) continue;
    const value = next[key as keyof QuoteRecord];
    // A record with no message yet (only main's staleness verdict) has receive time 0: sending it
    // would put 0 over the time of the HTTP seed the window shows.
    if (value === undefined || (key === 'time' && value === 0)) continue;
    const old = prev?.[key as keyof QuoteRecord];
    const same =
      key === 'asks' || key === 'bids'
        ? sameLevels(old as Level, value as Level)
        : key === 'ticks'
          ? sameTicks(old as Ticks, value as Ticks)
          : old === value;
    if (same) continue;
    delta[key] = value;
    changed = true;
  }
  return changed ? (delta as QuoteDelta) : undefined;
}

/** A new record with the delta's fields over `prev` (untouched fields keep their references). */
export function applyQuoteDelta(prev: QuoteRecord | undefined, delta: QuoteDelta): QuoteRecord {
  return { time: 0, ...prev, ...delta } as QuoteRecord;
}
