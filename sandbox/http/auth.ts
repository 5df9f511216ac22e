import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  REQUEST_HEADER_NAMES,
  SIGNATURE_VERSION,
  type SignatureAlgorithm,
  parseTimestamp,
  signRequest,
} from '../../shared/signing';
import { SandboxError } from './route-types';

/**
 * Verifies every request's signature the way the service computes it
 * (docs/openapi-client.md, "Request signing"): the server recomputes the HMAC over path, decoded query, the six signed headers and
 * the digest of the exact body bytes, and compares. The codes for each rejection are the sandbox's
 * own (the real ones are not published).
 */
const REQUIRED_HEADERS = REQUEST_HEADER_NAMES;

/** x-version: v2 documented, v3 after the 2026-09-20 change; both accepted (docs/openapi-client.md). */
const ACCEPTED_X_VERSIONS = ['v2', 'v3'] as const;

export interface VerifierOptions {
  credentials: ReadonlyMap<string, string>;
  /** The algorithm(s) this server is configured for; any other is refused with a clear message. */
  algorithms: readonly SignatureAlgorithm[];
  toleranceMs: number;
  /**
   * The first wall-clock instant (Unix ms) this sandbox accepts signed requests from. Nonces live
   * in memory only, so after a restart a request captured before it would pass the nonce check
   * inside the timestamp window: every x-timestamp before it is refused instead. x-timestamp has
   * one-second resolution, so the server passes a whole second it did not listen before
   * (`acceptFromSecond`).
   */
  acceptFrom?: number;
}

export interface VerifyInput {
  method: string;
  path: string;
  query: ReadonlyArray<readonly [string, string]>;
  headers: IncomingHttpHeaders;
  /** Body text exactly as received, or null when the request had none. */
  body: string | null;
  now: number;
}

export interface RequestVerifier {
  /** Returns the caller's app key, or throws a SandboxError. */
  verify(input: VerifyInput): string;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The whole second from which a sandbox started at `startedAt` accepts signed requests. x-timestamp
 * has one-second resolution, so a second is accepted only when all of it lies at or after the
 * start: every request signed in it was signed after this sandbox began, never captured from an
 * earlier one (sandbox/server.ts does not listen before it). The start's own second is
 * accepted as well when the key was made for this start: nothing earlier can verify with it.
 */
export function acceptFromSecond(startedAt: number, freshCredentials: boolean): number {
  return freshCredentials ? Math.floor(startedAt / 1000) * 1000 : Math.ceil(startedAt / 1000) * 1000;
}

export function createRequestVerifier(opts: VerifierOptions): RequestVerifier {
  const nonces = createNonceMemory();
  const notBefore = opts.acceptFrom ?? -Infinity;
  return {
    verify(input) {
      const h = (name: string) => header(input.headers, name);
      for (const name of REQUIRED_HEADERS) {
        if (!h(name)) throw new SandboxError(400, 'MISSING_HEADER', `Missing required header '${name}'`);
      }
      const host = h('host');
      if (!host) throw new SandboxError(400, 'MISSING_HEADER', "Missing required header 'host'");
      const xVersion = h('x-version') ?? '';
      if (!(ACCEPTED_X_VERSIONS as readonly string[]).includes(xVersion)) {
        throw new SandboxError(
          400,
          'INVALID_HEADER',
          `Unsupported x-version '${xVersion}' (accepted: ${ACCEPTED_X_VERSIONS.join(', ')})`,
        );
      }
      if (h('x-signature-version') !== SIGNATURE_VERSION) {
        throw new SandboxError(
          400,
          'INVALID_HEADER',
          `Unsupported x-signature-version '${h('x-signature-version') ?? ''}' (accepted: ${SIGNATURE_VERSION})`,
        );
      }
      const algorithm = h('x-signature-algorithm') as SignatureAlgorithm;
      if (!opts.algorithms.includes(algorithm)) {
        throw new SandboxError(
          400,
          'INVALID_HEADER',
          `x-signature-algorithm '${algorithm}' is not accepted by this server (configured: ${opts.algorithms.join(', ')})`,
        );
      }
      const appKey = h('x-app-key') ?? '';
      const appSecret = opts.credentials.get(appKey);
      if (appSecret === undefined) throw new SandboxError(401, 'UNKNOWN_APP_KEY', 'Unknown x-app-key');

      const timestamp = h('x-timestamp') ?? '';
      const sentAt = parseTimestamp(timestamp);
      if (Number.isNaN(sentAt)) {
        throw new SandboxError(
          401,
          'TIMESTAMP_EXPIRED',
          `x-timestamp '${timestamp}' is not in the format YYYY-MM-DDThh:mm:ssZ`,
        );
      }
      if (Math.abs(input.now - sentAt) > opts.toleranceMs) {
        throw new SandboxError(
          401,
          'TIMESTAMP_EXPIRED',
          `x-timestamp ${timestamp} is more than ${Math.round(opts.toleranceMs / 1000)} s from the server time ${new Date(input.now).toISOString()}`,
        );
      }
      if (sentAt < notBefore) {
        throw new SandboxError(
          401,
          'TIMESTAMP_EXPIRED',
          `x-timestamp ${timestamp} is from before this sandbox started (${new Date(notBefore).toISOString()}); sign the request again`,
        );
      }

      const nonce = h('x-signature-nonce') ?? '';
      const signature = h('x-signature') ?? '';
      // On a non-default port the official SDK signs the bare host name, others sign host:port.
      const hosts = [host];
      const bare = host.replace(/:\d+$/, '');
      if (bare !== host) hosts.push(bare);
      const matches = hosts.some((signedHost) => {
        const expected = signRequest({
          method: input.method,
          path: input.path,
          query: input.query,
          body: input.body,
          host: signedHost,
          appKey,
          appSecret,
          timestamp,
          nonce,
          algorithm,
        }).signature;
        return sameText(expected, signature);
      });
      if (!matches) throw new SandboxError(401, 'INVALID_SIGNATURE', 'The request signature does not match');

      // Only a correctly signed request may consume a nonce; a replay is refused while its timestamp is valid.
      if (!nonces.remember(`${appKey}:${nonce}`, sentAt + opts.toleranceMs, input.now)) {
        throw new SandboxError(401, 'NONCE_REUSED', 'x-signature-nonce was already used');
      }
      return appKey;
    },
  };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Nonces are kept until the timestamp they came with falls out of the window: after that the
 * request is refused as stale anyway, so memory stays bounded by the request rate × window.
 */
function createNonceMemory() {
  const seen = new Map<string, number>();
  return {
    remember(key: string, keepUntil: number, now: number): boolean {
      for (const [k, until] of seen) {
        if (until >= now) break;
        seen.delete(k);
      }
      if (seen.size > 100_000) for (const [k, until] of seen) if (until < now) seen.delete(k);
      const until = seen.get(key);
      if (until !== undefined && until >= now) return false;
      seen.delete(key);
      seen.set(key, keepUntil);
      return true;
    },
  };
}
