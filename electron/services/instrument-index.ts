import type { InstrumentHit, InstrumentSearchCategory } from '../../shared/ipc/instrument-search';
import { category as categorySchema } from '../../shared/openapi/primitives';

/** One row of the `instruments` operation as the index needs it. */
export interface InstrumentRow {
  symbol: string;
  instrument_id: string;
  name: string;
  exchange?: string;
  category?: string;
}

export type FetchInstrumentPage = (args: {
  category: InstrumentSearchCategory;
  last_instrument_id?: string;
  page_size: number;
}) => Promise<readonly InstrumentRow[]>;

export interface InstrumentIndexOptions {
  fetchPage: FetchInstrumentPage;
  now?: () => number;
  /** Age after which the next search rebuilds the index. Default one day. */
  maxAgeMs?: number;
  /** Rows asked per page; the catalogue allows up to 500. */
  pageSize?: number;
  /** Bound on pages per category, so a server that never ends its list cannot loop us forever. */
  maxPages?: number;
  onWarning?: (message: string) => void;
}

export interface InstrumentSearchInput {
  query: string;
  limit?: number;
  category?: InstrumentSearchCategory;
}

export interface InstrumentIndex {
  search(input: InstrumentSearchInput): Promise<InstrumentHit[]>;
  /** Forget the index (environment switch): the next search rebuilds it from the new environment. */
  invalidate(): void;
  /** Number of indexed instruments (0 before the first build). */
  size(): number;
}

interface Entry extends InstrumentHit {
  upperSymbol: string;
  /** The lower-cased name and each word start within it. */
  lowerName: string;
  words: string[];
}

const CATEGORIES: readonly InstrumentSearchCategory[] = categorySchema.options;
const DAY_MS = 24 * 60 * 60 * 1000;

function toEntry(row: InstrumentRow, category: InstrumentSearchCategory): Entry {
  const lowerName = row.name.toLowerCase();
  return {
    symbol: row.symbol,
    name: row.name,
    category,
    ...(row.exchange ? { exchange: row.exchange } : {}),
    upperSymbol: row.symbol.toUpperCase(),
    lowerName,
    words: lowerName.split(/[^a-z0-9]+/).filter(Boolean),
  };
}

/**
 * Rank: 0 exact symbol, 1 symbol prefix, 2 name prefix or a word of the name starting with the
 * query; anything else does not match. Ties: shorter symbol first, then alphabetical.
 */
function score(e: Entry, upper: string, lower: string): number | undefined {
  if (e.upperSymbol === upper) return 0;
  if (e.upperSymbol.startsWith(upper)) return 1;
  if (e.lowerName.startsWith(lower)) return 2;
  if (e.words.some((w) => w.startsWith(lower))) return 2;
  return undefined;
}

export function rankInstruments(
  entries: readonly Entry[],
  { query, limit = 20, category }: InstrumentSearchInput,
): InstrumentHit[] {
  const trimmed = query.trim();
  if (!trimmed) return [];
  const upper = trimmed.toUpperCase();
  const lower = trimmed.toLowerCase();
  const hits: Array<{ e: Entry; s: number }> = [];
  for (const e of entries) {
    if (category && e.category !== category) continue;
    const s = score(e, upper, lower);
    if (s !== undefined) hits.push({ e, s });
  }
  hits.sort(
    (a, b) =>
      a.s - b.s ||
      a.e.symbol.length - b.e.symbol.length ||
      (a.e.symbol < b.e.symbol ? -1 : a.e.symbol > b.e.symbol ? 1 : 0),
  );
  return hits.slice(0, limit).map(({ e }) => ({
    symbol: e.symbol,
    name: e.name,
    category: e.category,
    ...(e.exchange ? { exchange: e.exchange } : {}),
  }));
}

/** Build entries from raw rows (exported for the ranking tests). */
export const indexEntries = (rows: readonly InstrumentRow[], category: InstrumentSearchCategory) =>
  rows.map((r) => toEntry(r, category));

/**
 * The instrument index: both categories, paged through the `instruments` operation with
 * `last_instrument_id`, kept in memory and rebuilt when older than a day or after `invalidate()`.
 * A failed rebuild keeps serving the previous index (if any) and is retried on the next search.
 */
export function createInstrumentIndex(opts: InstrumentIndexOptions): InstrumentIndex {
  const now = opts.now ?? Date.now;
  const maxAgeMs = opts.maxAgeMs ?? DAY_MS;
  const pageSize = opts.pageSize ?? 500;
  const maxPages = opts.maxPages ?? 200;
  let entries: Entry[] | undefined;
  let builtAt = 0;
  let generation = 0;
  let building: Promise<Entry[]> | undefined;

  async function fetchCategory(category: InstrumentSearchCategory): Promise<Entry[]> {
    const out: Entry[] = [];
    let last: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const rows = await opts.fetchPage({
        category,
        page_size: pageSize,
        ...(last ? { last_instrument_id: last } : {}),
      });
      out.push(...indexEntries(rows, category));
      const tail = rows.at(-1)?.instrument_id;
      if (rows.length < pageSize || !tail || tail === last) return out;
      last = tail;
    }
    opts.onWarning?.(`instrument index: stopped ${category} after ${maxPages} pages`);
    return out;
  }

  function build(): Promise<Entry[]> {
    if (building) return building;
    const gen = generation;
    const p = (async () => {
      const parts = [];
      for (const c of CATEGORIES) parts.push(await fetchCategory(c));
      return parts.flat();
    })();
    building = p;
    p.then(
      (next) => {
        if (gen === generation) {
          entries = next;
          builtAt = now();
        }
      },
      () => undefined,
    ).finally(() => {
      if (building === p) building = undefined;
    });
    return p;
  }

  async function current(): Promise<Entry[]> {
    if (entries && now() - builtAt < maxAgeMs) return entries;
    try {
      return await build();
    } catch (e) {
      if (entries) {
        opts.onWarning?.(`instrument index refresh failed: ${e instanceof Error ? e.message : String(e)}`);
        return entries;
      }
      throw e;
    }
  }

  return {
    async search(input) {
      return rankInstruments(await current(), input);
    },
    invalidate() {
      generation++;
      entries = undefined;
      building = undefined;
    },
    size: () => entries?.length ?? 0,
  };
}
