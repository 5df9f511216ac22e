import { z } from 'zod';
import { CATEGORIES, OPTION_SYMBOL_PATTERN, SYMBOL_PATTERN, TIMESPANS } from './wire-constants';
import { leaveNote, readDateText, readDecimalText, readTimeMs } from './readers';

// The plain values live in wire-constants.ts, which the renderer's first screen reads without zod.
export {
  DECIMAL_PATTERN,
  OPTION_SYMBOL_PATTERN,
  TIMESPANS,
  type Category,
  type Timespan,
} from './wire-constants';

/**
 * Wire primitives. Replies are validated leniently (unknown fields kept, decimals kept as strings,
 * timestamps as numbers); request parameters accept both the typed value a client passes and the
 * string a query string carries, so one schema serves the client and the sandbox.
 */

/**
 * A decimal carried as text (readers.ts `readDecimalText`): plain text as it is, scientific notation
 * (`"1.78E8"`, observed on capital flow and fund AUM) expanded exactly, a bare JSON number as its text.
 */
export const decimal = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = readDecimalText(value);
  if (text === undefined) {
    ctx.addIssue({ code: 'custom', message: 'expected a decimal string', input: value });
    return z.NEVER;
  }
  if (text !== value) leaveNote({ kind: 'repaired', reader: 'decimal', value });
  return text;
});

/**
 * Unix milliseconds (readers.ts `readTimeMs`): an integer, its text (tick `time`, observed) or ISO
 * 8601 with a `+0000` offset (bar `time`, observed).
 */
export const timestampMs = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const ms = readTimeMs(value);
  if (ms === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: 'expected a time (Unix ms, its text, or ISO 8601)',
      input: value,
    });
    return z.NEVER;
  }
  if (typeof value !== 'number') leaveNote({ kind: 'repaired', reader: 'time', value });
  return ms;
});

/** A calendar date `YYYY-MM-DD`; `yyyyMMdd` (capital flow, observed) is read into it. */
export const calendarDate = z.string().transform((value, ctx) => {
  const date = readDateText(value);
  if (date === undefined) {
    ctx.addIssue({ code: 'custom', message: 'expected a date YYYY-MM-DD or yyyyMMdd', input: value });
    return z.NEVER;
  }
  if (date !== value) leaveNote({ kind: 'repaired', reader: 'date', value });
  return date;
});

/**
 * The rows of a list reply: a row that cannot be read is noted (readers.ts) and left out, so one
 * bad row never costs the rest of the page.
 */
export const rows = <T extends z.ZodType>(item: T) => Object.assign(readRows(item), { element: item });

const readRows = <T extends z.ZodType>(item: T) =>
  z.array(z.unknown()).transform((input) => {
    const out: Array<z.output<T>> = [];
    for (const row of input) {
      const read = item.safeParse(row);
      if (read.success) {
        out.push(read.data);
        continue;
      }
      const issue = read.error.issues[0];
      const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(row)';
      leaveNote({
        kind: 'skipped',
        reader: 'row',
        value: row,
        why: `${where}: ${issue?.message ?? 'unreadable'}`,
      });
    }
    return out;
  });

/** A record that keeps the fields it does not know. */
export const record = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

/**
 * A record whose fields the real service was observed to send under other names: each alias is read
 * into the record's name (when the record's own name is absent) and the repair noted; the rest of the
 * object, unknown fields included, is kept as it is.
 */
export const withAliases = <T extends z.ZodType>(schema: T, aliases: Readonly<Record<string, string>>) =>
  z.preprocess((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    let out: Record<string, unknown> | undefined;
    for (const [alias, name] of Object.entries(aliases)) {
      const v = value as Record<string, unknown>;
      if (v[alias] === undefined || v[name] !== undefined) continue;
      out ??= { ...v };
      out[name] = v[alias];
      leaveNote({ kind: 'repaired', reader: 'alias', value: v[alias] });
    }
    return out ?? value;
  }, schema);

// ---- request parameter primitives (strict: a bad value is a 400 that names the parameter) ----

export const symbol = z.string().regex(SYMBOL_PATTERN, 'expected an upper-case ticker symbol');

export const optionSymbol = z
  .string()
  .regex(OPTION_SYMBOL_PATTERN, 'expected an option symbol like AAPL261218C00150000');

/** Several symbols: an array from a typed caller, or the comma-separated form of the wire. */
export const symbolList = z
  .union([z.array(z.string()), z.string().transform((s) => s.split(','))])
  .pipe(z.array(symbol).min(1, 'at least one symbol'));

export const optionSymbolList = z
  .union([z.array(z.string()), z.string().transform((s) => s.split(','))])
  .pipe(z.array(optionSymbol).min(1, 'at least one symbol'));

export const queryInt = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d+$/, 'expected an integer')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/** A boolean, or its text in any letter case: the broker's Python SDK writes `True` / `False`. */
export const queryBool = z.union([
  z.boolean(),
  z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['true', 'false'], 'expected true or false (any letter case)'))
    .transform((v) => v === 'true'),
]);

/** The instrument categories the API routes stocks and ETFs under (wire-constants.ts). */
export const category = z.enum(CATEGORIES);
export const optionCategory = z.enum(['US_OPTION']);
export const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');
export const direction = z.enum(['ASC', 'DESC']);
const tradingSession = z.enum(['PRE', 'RTH', 'ATH', 'OVN']);
/** `trading_sessions`: one or more sessions, comma-separated on the wire. */
export const tradingSessions = z
  .union([z.array(z.string()), z.string().transform((s) => s.split(','))])
  .pipe(z.array(tradingSession).min(1));

export const timespan = z.enum(TIMESPANS);

export const page = <T extends z.ZodType>(item: T) =>
  record({
    page_index: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    items: rows(item),
  });
