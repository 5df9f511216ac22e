import { percentEncode } from '../../shared/signing';

/**
 * The one redactor for every log line and error text, in main, the client and the CLI. Two layers:
 * the exact values registered at run time (app secrets, access tokens) are replaced wherever they
 * appear, also percent-encoded (a dumped URL or signing string carries the encoded form), and anything that looks like a secret by name
 * (`appSecret=…`, `"token": "…"`, `x-signature: …`, `Authorization: …`) is masked even when its
 * value was never registered.
 */
export const REDACTED = '[REDACTED]';

const SENSITIVE_KEY =
  '(?:app_?secret|secret|password|passwd|access_?token|x-access-token|token|x-signature|signature|authorization)';
// "key": "value"  |  key=value  |  key: value   (JSON, query strings, headers, util.inspect output)
const KEYED_PATTERNS = [
  new RegExp(`("${SENSITIVE_KEY}"\\s*:\\s*")((?:[^"\\\\]|\\\\.)*)(")`, 'gi'),
  new RegExp(`('${SENSITIVE_KEY}'\\s*:\\s*')([^']*)(')`, 'gi'),
  new RegExp(`(\\b${SENSITIVE_KEY}\\s*[=:]\\s*)(['"]?[^\\s&,;"'}\\]]+['"]?)()`, 'gi'),
];

export interface Redactor {
  /** Register a value that must never be written anywhere (ignored when shorter than 4 chars). */
  addSecret(value: string | undefined | null): void;
  removeSecret(value: string): void;
  redact(text: string): string;
  /** Deep copy of a plain value with every string redacted and sensitive keys masked. */
  redactValue<T>(value: T): T;
}

const SENSITIVE_KEY_EXACT = new RegExp(`^${SENSITIVE_KEY}$`, 'i');

export function createRedactor(): Redactor {
  const secrets = new Set<string>();
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  function redact(text: string): string {
    let out = text;
    // Longest first, so a secret that contains another is replaced whole.
    for (const s of [...secrets].sort((a, b) => b.length - a.length)) {
      out = out.replace(new RegExp(escape(s), 'g'), REDACTED);
    }
    for (const pattern of KEYED_PATTERNS) {
      out = out.replace(pattern, (_m, pre: string, value: string, post: string) =>
        value === REDACTED || value === '' ? `${pre}${value}${post}` : `${pre}${REDACTED}${post}`,
      );
    }
    return out;
  }

  function redactValue<T>(value: T, depth = 0): T {
    if (typeof value === 'string') return redact(value) as T;
    if (depth > 8 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1)) as T;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] =
        SENSITIVE_KEY_EXACT.test(k) && typeof v === 'string' && v !== ''
          ? REDACTED
          : redactValue(v, depth + 1);
    }
    return out as T;
  }

  return {
    addSecret(value) {
      if (!value || value.length < 4) return;
      for (const form of variants(value)) secrets.add(form);
    },
    removeSecret(value) {
      for (const form of variants(value)) secrets.delete(form);
    },
    redact,
    redactValue: (v) => redactValue(v),
  };
}

/** A secret as it may appear in text: as is, URI-encoded, and in the signer's percent-encoding. */
const variants = (secret: string) => new Set([secret, encodeURIComponent(secret), percentEncode(secret)]);

/**
 * One-shot redaction of known secrets plus sensitive-looking keys (error texts built from a
 * server's reply, the CLI's output): the server or a proxy could echo request material back.
 */
export function redactSecrets(text: string, secrets: ReadonlyArray<string | null | undefined>): string {
  const r = createRedactor();
  for (const s of secrets) r.addSecret(s);
  return r.redact(text);
}
