import { formatTimestamp } from '../../shared/signing';

/**
 * The server's idea of "now". `x-timestamp` must be close to the server's clock (the accepted
 * difference is not published; the sandbox allows 5 minutes: docs/openapi-client.md, "Request signing"), and desktop
 * clocks drift, so the client learns an offset from the `Date` header of every reply.
 *
 * `Date` has one-second resolution, so an offset under {@link MIN_ADJUST_MS} is noise and ignored;
 * the round-trip midpoint is taken as the moment the server stamped the reply.
 */
const MIN_ADJUST_MS = 2_000;

/** Codes a server may use to reject a stale `x-timestamp` (the real one's is unpublished). */
export const TIMESTAMP_REJECTION_CODES = new Set([
  'TIMESTAMP_EXPIRED',
  'INVALID_TIMESTAMP',
  'REQUEST_EXPIRED',
  'TIMESTAMP_INVALID',
]);

export class ServerClock {
  private offsetMs = 0;

  constructor(private readonly localNow: () => number = Date.now) {}

  /** Local now plus the learned offset: what the server's clock reads, approximately. */
  now(): number {
    return this.localNow() + this.offsetMs;
  }

  offset(): number {
    return this.offsetMs;
  }

  /** `x-timestamp` for a request sent now. */
  timestamp(): string {
    return formatTimestamp(this.now());
  }

  /**
   * Learns from a reply's `Date` header. Returns true when the offset changed.
   * `force` adopts any difference (used after a timestamp rejection, when the server said we are off).
   */
  observeDate(dateHeader: string | undefined, sentAt: number, receivedAt: number, force = false): boolean {
    if (!dateHeader) return false;
    const serverMs = Date.parse(dateHeader);
    if (Number.isNaN(serverMs)) return false;
    const midpoint = sentAt + (receivedAt - sentAt) / 2;
    const measured = Math.round(serverMs + 500 - midpoint); // +500: Date truncates to the second
    if (!force && Math.abs(measured - this.offsetMs) < MIN_ADJUST_MS) return false;
    if (measured === this.offsetMs) return false;
    this.offsetMs = measured;
    return true;
  }
}
