/** CSV import and export of a watchlist (docs/ui.md, "Watchlists"). Pure functions. */

export interface ExportRow {
  symbol: string;
  name?: string;
  last?: string;
}

/** RFC 4180 quoting: a field with a comma, quote or line break is quoted, quotes doubled. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** `symbol,name,last` with a header line; the last price as shown (a decimal string), or empty. */
export function exportWatchlistCsv(rows: readonly ExportRow[]): string {
  const lines = [
    'symbol,name,last',
    ...rows.map((r) => [r.symbol, r.name ?? '', r.last ?? ''].map(field).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Split one CSV line into fields, honouring quotes. */
function splitLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';' || ch === '\t') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

const SYMBOL = /^[A-Z][A-Z0-9.-]{0,11}$/;

export interface ParsedSymbols {
  /** Upper-cased, de-duplicated, in file order. */
  symbols: string[];
  /** Tokens that cannot be a symbol at all (reported, never sent). */
  invalid: string[];
}

/**
 * Symbols from a CSV (first column; a `symbol` header line is skipped) or from plain text
 * (symbols separated by spaces, commas or lines). Checking that they exist is the caller's job.
 */
export function parseSymbolList(text: string): ParsedSymbols {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const csvLike = lines.some((l) => l.includes(',') || l.includes('"'));
  const tokens = csvLike
    ? lines.map((l) => splitLine(l)[0]?.trim() ?? '')
    : lines.flatMap((l) => l.split(/[\s;]+/));
  const symbols: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  tokens.forEach((raw, i) => {
    const t = raw.trim().toUpperCase();
    if (!t) return;
    if (i === 0 && t === 'SYMBOL') return;
    if (!SYMBOL.test(t)) {
      invalid.push(raw.trim());
      return;
    }
    if (seen.has(t)) return;
    seen.add(t);
    symbols.push(t);
  });
  return { symbols, invalid };
}
