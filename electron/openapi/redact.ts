import { percentEncode } from '../common/signing';

/**
 * Removes secrets from text before it reaches a log line or an error message. The app secret must
 * never leave the process (spec "Authentication": it is used only to compute the signature), and a
 * server or proxy could echo request material back in an error body.
 */
export const REDACTED = '[redacted]';

export function redactSecrets(text: string, secrets: ReadonlyArray<string | null | undefined>): string {
  let out = text;
  // Longest first, so a secret that contains another is replaced whole.
  const usable = secrets
    .filter((s): s is string => typeof s === 'string' && s.length >= 4)
    .sort((a, b) => b.length - a.length);
  for (const secret of usable) {
    out = out.split(secret).join(REDACTED);
    // The signing key is secret + '&', and its percent-encoded form may appear in a dumped URL.
    for (const encoded of new Set([encodeURIComponent(secret), percentEncode(secret)])) {
      if (encoded !== secret) out = out.split(encoded).join(REDACTED);
    }
  }
  return out;
}
