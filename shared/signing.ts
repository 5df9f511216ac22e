import { hmac } from '@noble/hashes/hmac.js';
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';

/**
 * Request signing, exactly as the broker's API defines it and the official SDKs do it (the
 * rules: docs/openapi-client.md, "Request signing"). Pure functions: the client signs with them and the
 * sandbox verifies with them, so both ends agree byte for byte by construction. Pure TypeScript
 * (@noble/hashes, @scure/base), no node:crypto, so it lives in shared/ where both programs reach it.
 */

export type SignatureAlgorithm = 'HMAC-SHA1' | 'HMAC-SHA256';
export const SIGNATURE_ALGORITHMS: readonly SignatureAlgorithm[] = ['HMAC-SHA1', 'HMAC-SHA256'];
export const SIGNATURE_VERSION = '1.0';

/** The seven headers every request carries; Host comes on top (docs/openapi-client.md, "Request signing"). */
export const REQUEST_HEADER_NAMES = [
  'x-app-key',
  'x-timestamp',
  'x-signature',
  'x-signature-algorithm',
  'x-signature-version',
  'x-signature-nonce',
  'x-version',
] as const;

/** The six headers that take part in the signature (x-signature and x-version do not). */
type SignedHeaderName =
  | 'host'
  | 'x-app-key'
  | 'x-signature-algorithm'
  | 'x-signature-nonce'
  | 'x-signature-version'
  | 'x-timestamp';

export interface SignInput {
  method: string;
  /** Path without query string, e.g. `/openapi/account/list`. */
  path: string;
  /** Query parameters in the order given; names may repeat. Values are raw (not URL-encoded). */
  query: ReadonlyArray<readonly [string, string]>;
  /** The exact body text that is sent, or null when there is none (every GET). */
  body: string | null;
  /** Host as the Host header sends it (no scheme). */
  host: string;
  appKey: string;
  appSecret: string;
  /** `YYYY-MM-DDThh:mm:ssZ`, UTC. */
  timestamp: string;
  /** 32 hex characters, fresh per request. */
  nonce: string;
  algorithm: SignatureAlgorithm;
}

export interface SignResult {
  signature: string;
  encodedString: string;
  /** str1: the sorted `name=value&…` list. */
  str1: string;
  /** str3: path & str1 [& body digest], before percent-encoding. */
  str3: string;
  bodyDigest: string | null;
  /** The signed headers plus x-signature (x-version is the transport's business). */
  headers: Record<string, string>;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * Percent-encodes every UTF-8 byte except `A–Z a–z 0–9 - . _ ~` as upper-case `%XX`.
 * Not encodeURIComponent: that leaves `! ' ( ) *` alone, which the service encodes.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of utf8ToBytes(text)) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(ch) ? ch : '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** Plain code-unit comparison: never locale-aware (`Beta` < `Zeta` < `_x` < `alpha`). */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * str1: parameters and signed headers merged into one list; a repeated name becomes one entry
 * whose values are sorted ascending and joined with `&` (docs/openapi-client.md, "Request signing").
 */
export function canonicalParams(pairs: ReadonlyArray<readonly [string, string]>): string {
  const byName = new Map<string, string[]>();
  for (const [name, value] of pairs) {
    const values = byName.get(name);
    if (values) values.push(value);
    else byName.set(name, [value]);
  }
  return [...byName.keys()]
    .sort(compareCodeUnits)
    .map((name) => `${name}=${(byName.get(name) ?? []).sort(compareCodeUnits).join('&')}`)
    .join('&');
}

/** Upper-case hex digest of the exact UTF-8 body: MD5 for HMAC-SHA1, SHA-256 for HMAC-SHA256. */
export function bodyDigest(body: string, algorithm: SignatureAlgorithm): string {
  return bytesDigestHex(utf8ToBytes(body), algorithm).toUpperCase();
}

/** Lower-case hex digest of bytes: MD5 for HMAC-SHA1, SHA-256 for HMAC-SHA256 (the API's pairing). */
export function bytesDigestHex(bytes: Uint8Array, algorithm: SignatureAlgorithm): string {
  return bytesToHex(algorithm === 'HMAC-SHA256' ? sha256(bytes) : md5(bytes));
}

/** Base64 HMAC of `text` keyed with `secret&`: SHA-256 or SHA-1 per the algorithm. */
export function hmacBase64(algorithm: SignatureAlgorithm, appSecret: string, text: string): string {
  const key = utf8ToBytes(`${appSecret}&`);
  const mac = hmac(algorithm === 'HMAC-SHA256' ? sha256 : sha1, key, utf8ToBytes(text));
  return base64.encode(mac);
}

/**
 * Serialises a JSON body once, compact, with non-ASCII kept as itself and `< > &` unescaped.
 * JSON.stringify already does all of that; the result is what is digested *and* sent.
 */
export function serializeBody(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * Reverses the `\u003c \u003e \u0026` escapes some JSON libraries emit (the API reverses
 * them before hashing; the unescaped text is what is sent). An escaped backslash before `u003c` is left alone.
 */
export function unescapeHtmlSafeJson(text: string): string {
  return text.replace(/(\\+)u00(3[cCeE]|26)/g, (match, slashes: string, hex: string) => {
    if (slashes.length % 2 === 0) return match;
    return slashes.slice(1) + String.fromCharCode(parseInt(hex, 16));
  });
}

function signatureHeaders(input: Pick<SignInput, 'host' | 'appKey' | 'algorithm' | 'nonce' | 'timestamp'>) {
  return {
    host: input.host,
    'x-app-key': input.appKey,
    'x-signature-algorithm': input.algorithm,
    'x-signature-nonce': input.nonce,
    'x-signature-version': SIGNATURE_VERSION,
    'x-timestamp': input.timestamp,
  } satisfies Record<SignedHeaderName, string>;
}

export function signRequest(input: SignInput): SignResult {
  const headers = signatureHeaders(input);
  const str1 = canonicalParams([...input.query, ...Object.entries(headers)]);
  // GET requests never have a body, so never a str2 (the API's rule), whatever the caller passed;
  // an empty body is no body either: "when the body is empty, leave out str2".
  const hasBody = input.body !== null && input.body !== '' && input.method.toUpperCase() !== 'GET';
  const digest = hasBody && input.body !== null ? bodyDigest(input.body, input.algorithm) : null;
  const str3 = digest === null ? `${input.path}&${str1}` : `${input.path}&${str1}&${digest}`;
  const encodedString = percentEncode(str3);
  const signature = hmacBase64(input.algorithm, input.appSecret, encodedString);
  return {
    signature,
    encodedString,
    str1,
    str3,
    bodyDigest: digest,
    headers: { ...headers, 'x-signature': signature },
  };
}

/** `YYYY-MM-DDThh:mm:ssZ` in UTC, no milliseconds. */
export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Parses the `x-timestamp` format strictly; NaN when it is not exactly that shape. */
export function parseTimestamp(text: string): number {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(text) ? Date.parse(text) : Number.NaN;
}
