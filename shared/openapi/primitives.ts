import { z } from 'zod';
import {
  CATEGORIES,
  DECIMAL_PATTERN,
  OPTION_SYMBOL_PATTERN,
  SYMBOL_PATTERN,
  TIMESPANS,
} from './wire-constants';

// The plain values live in wire-constants.ts, which the renderer's first screen reads without zod.
export {
  CATEGORIES,
  DECIMAL_PATTERN,
  OPTION_SYMBOL_PATTERN,
  SYMBOL_PATTERN,
  TIMESPANS,
  type Category,
  type Timespan,
} from './wire-constants';

/**
 * Wire primitives. Replies are validated leniently (unknown fields kept, decimals kept as strings,
 * timestamps as numbers); request parameters accept both the typed value a client passes and the
 * string a query string carries, so one schema serves the client and the sandbox.
 */

/** A decimal carried as text. A bare JSON number is accepted and turned into its text form. */
export const decimal = z.union([
  z.string().regex(DECIMAL_PATTERN, 'expected a decimal string'),
  z
    .number()
    .finite()
    .transform((n) => String(n)),
]);

/** Unix milliseconds; a numeric string is accepted. */
export const timestampMs = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\d+$/)
    .transform((s) => Number(s)),
]);

/** A record that keeps the fields it does not know. */
export const record = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

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
export const tradingSession = z.enum(['PRE', 'RTH', 'ATH', 'OVN']);
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
    items: z.array(item),
  });
