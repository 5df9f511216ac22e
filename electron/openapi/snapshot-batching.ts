/**
 * The service asks clients to batch symbols into one snapshot call (comma-separated `symbols`). The batch size is a
 * setting (default 100): the real service's maximum per call is not published; 100 is the batch
 * bars operation's per-call count, and 100 tickers (at most about 1 KB of `symbols`) keep a URL
 * well under common 8 KB limits. Results are merged back in the caller's order, duplicates
 * requested once; symbols the server did not return are simply absent.
 */
export const DEFAULT_SNAPSHOT_BATCH_SIZE = 100;

export function splitIntoBatches(symbols: readonly string[], size: number): string[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`batch size must be a positive integer, got ${size}`);
  const unique = [...new Set(symbols)];
  const batches: string[][] = [];
  for (let i = 0; i < unique.length; i += size) batches.push(unique.slice(i, i + size));
  return batches;
}

export async function batchSnapshots<T extends { symbol: string }>(
  symbols: readonly string[],
  size: number,
  fetchBatch: (batch: string[]) => Promise<T[]>,
): Promise<T[]> {
  const batches = splitIntoBatches(symbols, size);
  const results = await Promise.all(batches.map((b) => fetchBatch(b)));
  const bySymbol = new Map<string, T>();
  for (const row of results.flat()) if (!bySymbol.has(row.symbol)) bySymbol.set(row.symbol, row);
  const ordered: T[] = [];
  const seen = new Set<string>();
  for (const s of symbols) {
    if (seen.has(s)) continue;
    seen.add(s);
    const row = bySymbol.get(s);
    if (row) ordered.push(row);
  }
  // Rows for symbols nobody asked for (a server that normalises tickers) are kept, after the rest.
  const asked = new Set(symbols);
  for (const [s, row] of bySymbol) if (!asked.has(s)) ordered.push(row);
  return ordered;
}
