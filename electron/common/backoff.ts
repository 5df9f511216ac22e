/**
 * The app's one exponential backoff with full jitter (delay = random × min(max, initial ×
 * factor^attempt)), for reconnecting streams and retried requests: after a broker restart or a
 * server hiccup every client does not come back in the same millisecond.
 */
export interface BackoffOptions {
  initialMs?: number;
  maxMs?: number;
  factor?: number;
}

const DEFAULT_BACKOFF: Required<BackoffOptions> = { initialMs: 500, maxMs: 30_000, factor: 2 };

export function backoffDelay(
  attempt: number,
  opts: BackoffOptions = {},
  random: () => number = Math.random,
): number {
  const { initialMs, maxMs, factor } = { ...DEFAULT_BACKOFF, ...opts };
  const ceiling = Math.min(maxMs, initialMs * factor ** Math.max(0, attempt));
  return Math.floor(random() * ceiling);
}
