import type { z } from 'zod';

/**
 * The sandbox's reference data (docs/sandbox.md "Reference data") are JSON files under
 * sandbox/data/, each `{ "about": …, [other fields,] "rows": [ … ] }` with a zod schema
 * (./schemas.ts). They are imported as JSON (so the built worker carries them) and checked here
 * when the module that uses them loads: a bad file stops the sandbox at start with an error that
 * names the file, the row (1-based, as the file lists them, with its symbol) and the field.
 */
export class DataFileError extends Error {
  override name = 'DataFileError';
}

/** `rows.3.refPrice` → `row 4 (SOXL): refPrice`; any other path as itself. */
function where(json: unknown, path: readonly PropertyKey[]): string {
  const [head, index, ...rest] = path;
  if (head !== 'rows' || typeof index !== 'number') return path.map(String).join('.') || '(file)';
  const raw = (json as { rows?: unknown[] }).rows?.[index] as Record<string, unknown> | undefined;
  const label =
    typeof raw?.symbol === 'string' ? raw.symbol : Array.isArray(raw?.symbols) ? raw.symbols[0] : raw?.code;
  const row = `row ${index + 1}${typeof label === 'string' ? ` (${label})` : ''}`;
  return rest.length > 0 ? `${row}: ${rest.map(String).join('.')}` : row;
}

/**
 * Validates one data file against its schema. `file` is the path the error names
 * (`sandbox/data/etfs.json`); every problem found is listed, the first few in the message.
 */
export function readDataFile<T>(file: string, json: unknown, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${where(json, issue.path)}: ${issue.message}`);
  const more = problems.length > 5 ? `\n  … and ${problems.length - 5} more` : '';
  throw new DataFileError(
    `${file} is not valid reference data:\n  ${problems.slice(0, 5).join('\n  ')}${more}`,
  );
}

/**
 * A check for a schema's `superRefine`: the `key` of each row appears once in the file. A repeat is
 * reported at the repeating row, naming the row it repeats.
 */
export function uniqueRows<R>(key: (row: R) => string) {
  return (file: { rows: readonly R[] }, ctx: z.RefinementCtx) => {
    const seen = new Map<string, number>();
    file.rows.forEach((row, i) => {
      const k = key(row);
      const first = seen.get(k);
      if (first === undefined) seen.set(k, i);
      else ctx.addIssue({ code: 'custom', path: ['rows', i], message: `${k} repeats row ${first + 1}` });
    });
  };
}
