import type { InstrumentHit } from '../../../shared/ipc/instrument-search';
import { invoke } from '../../lib/bridge';
import { parseSymbolList } from './watchlist-csv';

/** At most this many symbols per import: each is checked with one search call. */
const MAX_IMPORT = 500;

export interface ImportResult {
  known: InstrumentHit[];
  unknown: string[];
  invalid: string[];
  truncated: number;
}

/** Parse a CSV/text and check every symbol against `instruments.search` (exact symbol match). */
export async function resolveImport(text: string): Promise<ImportResult> {
  const { symbols, invalid } = parseSymbolList(text);
  const take = symbols.slice(0, MAX_IMPORT);
  const known: InstrumentHit[] = [];
  const unknown: string[] = [];
  for (const symbol of take) {
    const hits = await invoke('instruments.search', { query: symbol, limit: 5 });
    const hit = hits.find((h) => h.symbol === symbol);
    if (hit) known.push(hit);
    else unknown.push(symbol);
  }
  return { known, unknown, invalid, truncated: symbols.length - take.length };
}

export function importSummary(r: ImportResult, added: number): string {
  const parts = [`Imported ${added} symbol${added === 1 ? '' : 's'}`];
  if (r.unknown.length) parts.push(`unknown: ${r.unknown.join(', ')}`);
  if (r.invalid.length) parts.push(`not symbols: ${r.invalid.join(', ')}`);
  if (r.truncated) parts.push(`${r.truncated} over the limit of ${MAX_IMPORT} skipped`);
  return parts.join('; ');
}

/** Save text as a file through the browser's download (Electron shows its save dialog). */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
