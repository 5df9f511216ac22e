import Decimal from 'decimal.js';

/**
 * One reader per kind of wire value (docs/openapi-client.md "Reading replies"). The interface text
 * idealises the wire; the real service was observed to send other forms of the same values, and
 * every reply is read through these functions so a form is taken the same way everywhere.
 *
 * Each reader is pure. When a reader has to turn an observed form into the record's form (a
 * repair) or drops a row it cannot read (a skip), it leaves a note for whoever is collecting
 * (`collectReaderNotes`): the client turns the notes into events a self-check can list.
 */

export type ReaderName = 'time' | 'decimal' | 'date' | 'receipt' | 'envelope' | 'row' | 'alias' | 'request';

export interface ReaderNote {
  kind: 'repaired' | 'skipped';
  reader: ReaderName;
  /** The value as it came off the wire (a row, for a skip). */
  value: unknown;
  /** Why a row was skipped: the first failing field and what was wrong. */
  why?: string;
}

let collecting: ReaderNote[] | null = null;

/** Runs a synchronous read and returns the notes the readers left meanwhile. */
export function collectReaderNotes<T>(read: () => T): { result: T; notes: ReaderNote[] } {
  const outer = collecting;
  const notes: ReaderNote[] = [];
  collecting = notes;
  try {
    return { result: read(), notes };
  } finally {
    collecting = outer;
  }
}

export function leaveNote(note: ReaderNote): void {
  collecting?.push(note);
}

// ---- times ----

/** `2021-12-28T09:00:00.000+0000`: ISO 8601 with a `+hhmm`, `+hh:mm` or `Z` offset (bars, observed). */
const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Unix milliseconds from any of the three observed time forms: an integer (snapshot
 * `last_trade_time`), its text (tick `time`), ISO 8601 with a `+0000` offset (bar `time`), which
 * RFC 3339 parsers refuse. Undefined when the value is none of them.
 */
export function readTimeMs(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  if (/^-?\d{1,16}$/.test(value)) return Number(value);
  const m = ISO_TIME.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const ms = frac === undefined ? 0 : Number(frac.slice(0, 3).padEnd(3, '0'));
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), ms);
  if (Number.isNaN(local)) return undefined;
  if (zone === 'Z' || zone === undefined) return local;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offsetMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
  return local - sign * offsetMin * 60_000;
}

/** The bar-time form of the real service: `2021-12-28T14:00:00.000+0000` (always UTC). */
export function isoTimeText(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+0000');
}

// ---- decimals ----

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const SCIENTIFIC_DECIMAL = /^-?\d+(\.\d+)?[eE][+-]?\d{1,3}$/;

/**
 * A decimal as plain text, exactly: plain text as it is (trailing zeros kept: `"1000000.00"`),
 * scientific notation (`"1.78E8"`, capital flow and fund AUM) expanded without a float, a JSON
 * number turned into its text. Undefined for anything else.
 */
export function readDecimalText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value).toFixed() : undefined;
  if (typeof value !== 'string') return undefined;
  if (PLAIN_DECIMAL.test(value)) return value;
  if (SCIENTIFIC_DECIMAL.test(value)) return new Decimal(value).toFixed();
  return undefined;
}

// ---- dates ----

/** A calendar date as `YYYY-MM-DD`, from that form or the `yyyyMMdd` of capital flow. */
export function readDateText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

/** `yyyyMMdd`, the capital-flow date form of the real service. */
export function compactDateText(isoDate: string): string {
  return isoDate.replaceAll('-', '');
}

// ---- receipts ----

export interface Receipt {
  ok: boolean;
  /** What a create receipt names, when it names anything. */
  watchlistId?: string;
}

/**
 * A mutation's receipt: a bare JSON `true` / `false` (observed), `{"success": bool}` (documented) or
 * a create's `{"watchlist_id": "…"}` alone. Undefined when the reply is a full record instead.
 */
export function readReceipt(value: unknown): Receipt | undefined {
  if (typeof value === 'boolean') return { ok: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  const v = value as Record<string, unknown>;
  if (keys.length === 1 && typeof v.success === 'boolean') return { ok: v.success };
  if (keys.length === 1 && (typeof v.watchlist_id === 'string' || typeof v.watchlist_id === 'number'))
    return { ok: true, watchlistId: String(v.watchlist_id) };
  return undefined;
}

// ---- envelopes ----

/** `{"result": …}` around a reply (some list endpoints): the inside, or undefined when not wrapped. */
export function unwrapResult(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return 'result' in value ? (value as { result: unknown }).result : undefined;
}

// ---- errors ----

export interface ErrorReading {
  /** The service's code; undefined for the gateway's and the framework's shapes. */
  code?: string;
  message: string;
  shape: 'application' | 'gateway' | 'framework';
}

/**
 * The service's error shapes: `{error_code, message}` (application, market data adds `status`),
 * `{error_msg}` alone (the gateway: an unrouted path, a wrong environment, an unprovisioned key),
 * and a framework 404 `{timestamp, status, error, message, path}`. Undefined for anything else.
 */
export function readErrorBody(value: unknown): ErrorReading | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.error_code === 'string') {
    const message = typeof v.message === 'string' && v.message ? v.message : v.error_code;
    return { code: v.error_code, message, shape: 'application' };
  }
  if (typeof v.error_msg === 'string') return { message: v.error_msg, shape: 'gateway' };
  if (typeof v.error === 'string' && typeof v.status === 'number') {
    const detail = typeof v.message === 'string' && v.message ? `: ${v.message}` : '';
    const path = typeof v.path === 'string' ? ` (${v.path})` : '';
    return { message: `${v.error}${detail}${path}`, shape: 'framework' };
  }
  return undefined;
}

/**
 * The parameter an error message names: the sandbox's documented wording
 * (`Invalid parameter 'new_orders[0].limit_price': …`), the real service's
 * (`invalid combo_type, value: ["MASTER"]`, `invalid trailing_type`, `The category is not supported
 * by this interface:US_OPTION`) and its limit wording (`depth not more than 1`).
 */
export function fieldFromErrorMessage(message: string): string | undefined {
  const quoted = /Invalid parameter '([A-Za-z0-9_.[\]]+)'/.exec(message);
  if (quoted) return quoted[1];
  const observed = /^invalid ([A-Za-z0-9_.[\]]+)(?:,\s*value:|$)/i.exec(message.trim());
  if (observed) return observed[1];
  const unsupported = /^The ([a-z_]+) is not supported by this interface/.exec(message.trim());
  if (unsupported) return unsupported[1];
  const limit = /^([a-z][a-z0-9_]*) (?:not more than|not less than|must be|should be) /.exec(message.trim());
  return limit?.[1];
}

/** Secrets removed, at most 80 characters: what a note shows of a value. */
export function sampleOf(value: unknown, redact: (text: string) => string = (t) => t): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  const clean = redact(text);
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
}
