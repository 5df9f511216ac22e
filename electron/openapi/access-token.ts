import { ErrorCodes } from '../../shared/errors';
import type { AccessToken, TokenStatus } from '../../shared/openapi/records/auth';
import { ApiError, cancelledError } from './api-error';
import { abortableSleep } from './retry';

/**
 * The two-factor access token (docs/openapi-client.md): create with the token saved last time (`{}` the first
 * time), poll check every 5 s while PENDING (the holder approves on the phone) for up to 300 s,
 * send `x-access-token` on every later call, refresh before it expires. The token is persisted
 * through a TokenStore so the shell can keep it encrypted like the secret.
 */
export interface StoredToken {
  token: string;
  /** Unix ms. */
  expires: number;
  status: TokenStatus;
}

export interface TokenStore {
  load(): Promise<StoredToken | null>;
  save(token: StoredToken | null): Promise<void>;
}

/** What the client reports of its access token (session-manager.ts maps it to the IPC's `TokenProgress`). */
export interface AccessTokenReport {
  status: TokenStatus;
  token?: string;
  /** Seconds left to approve (a countdown for the UI); 0 once settled. */
  secondsLeft: number;
  expiresAt?: number;
}

interface TokenCalls {
  create: (token: string | undefined, signal?: AbortSignal) => Promise<AccessToken>;
  check: (token: string, signal?: AbortSignal) => Promise<AccessToken>;
  refresh: (token: string, signal?: AbortSignal) => Promise<AccessToken>;
}

export interface AccessTokenOptions {
  calls: TokenCalls;
  store?: TokenStore;
  onProgress?: (p: AccessTokenReport) => void;
  /** Default 5 s (docs/openapi-client.md). */
  pollIntervalMs?: number;
  /** Default 300 s (docs/openapi-client.md). */
  approvalTimeoutMs?: number;
  /** Refresh when fewer than this many ms are left. Default 10 minutes. */
  refreshMarginMs?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function memoryTokenStore(
  initial: StoredToken | null = null,
): TokenStore & { current: StoredToken | null } {
  const store = {
    current: initial,
    load: () => Promise.resolve(store.current),
    save: (t: StoredToken | null) => {
      store.current = t;
      return Promise.resolve();
    },
  };
  return store;
}

const tokenError = (status: 'INVALID' | 'EXPIRED') =>
  new ApiError({
    code: status === 'INVALID' ? ErrorCodes.TOKEN_INVALID : ErrorCodes.TOKEN_EXPIRED,
    message:
      status === 'INVALID'
        ? 'The access token was rejected (INVALID). Start the login again and approve it in the broker app.'
        : 'The access token has expired. Start the login again and approve it in the broker app.',
    retryable: false,
  });

export class AccessTokenManager {
  private held: StoredToken | null = null;
  private pending: Promise<string> | null = null;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly opts: AccessTokenOptions) {
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? abortableSleep;
  }

  /** The token to send, obtaining or refreshing it first when needed. Concurrent callers share one flow. */
  ensure(signal?: AbortSignal): Promise<string> {
    const held = this.held;
    if (held && held.status === 'NORMAL' && held.expires - this.now() > this.margin())
      return Promise.resolve(held.token);
    if (!this.pending) {
      this.pending = this.obtain(signal).finally(() => {
        this.pending = null;
      });
    }
    return this.pending;
  }

  /** The server said our token is no good: forget it so the next `ensure` starts over. */
  async invalidate(): Promise<void> {
    this.held = null;
    await this.opts.store?.save(null);
  }

  current(): StoredToken | null {
    return this.held;
  }

  private margin(): number {
    return this.opts.refreshMarginMs ?? 10 * 60_000;
  }

  private async obtain(signal?: AbortSignal): Promise<string> {
    const held = this.held;
    // Validated this session and close to expiry: renew rather than ask for a new approval.
    if (held && held.status === 'NORMAL' && held.expires > this.now()) {
      const refreshed = await this.opts.calls.refresh(held.token, signal).catch((error: unknown) => {
        if (error instanceof ApiError && error.fromServer) return null; // refused: fall back to create
        throw error;
      });
      if (refreshed && refreshed.status !== 'INVALID' && refreshed.status !== 'EXPIRED')
        return this.settle(refreshed, signal);
    }
    // First use (or refresh refused): create with the token saved last time, as the SDK does, so
    // a token approved in an earlier run is reused without a new approval.
    const stored = held ?? (await this.opts.store?.load()) ?? null;
    const saved = stored && stored.expires > this.now() ? stored.token : undefined;
    let created = await this.opts.calls.create(saved, signal);
    // A saved token the server no longer honours is dropped and a fresh login started, once.
    if (saved !== undefined && (created.status === 'INVALID' || created.status === 'EXPIRED')) {
      await this.opts.store?.save(null);
      created = await this.opts.calls.create(undefined, signal);
    }
    return this.settle(created, signal);
  }

  private async settle(first: AccessToken, signal?: AbortSignal): Promise<string> {
    const timeoutMs = this.opts.approvalTimeoutMs ?? 300_000;
    const interval = this.opts.pollIntervalMs ?? 5_000;
    const deadline = this.now() + timeoutMs;
    let current = first;
    for (;;) {
      const secondsLeft =
        current.status === 'PENDING' ? Math.max(0, Math.ceil((deadline - this.now()) / 1000)) : 0;
      await this.record(current, secondsLeft);
      if (current.status === 'NORMAL') return current.token;
      if (current.status === 'INVALID' || current.status === 'EXPIRED') {
        await this.invalidate();
        throw tokenError(current.status);
      }
      if (this.now() + interval > deadline) {
        throw new ApiError({
          code: ErrorCodes.TOKEN_APPROVAL_TIMEOUT,
          message: `The login was not approved in the broker app within ${Math.round(timeoutMs / 1000)} s. Try again and approve it on your phone.`,
          retryable: true,
        });
      }
      if (signal?.aborted) throw cancelledError();
      await this.sleep(interval, signal);
      current = await this.opts.calls.check(current.token, signal);
    }
  }

  private async record(t: AccessToken, secondsLeft: number): Promise<void> {
    const stored: StoredToken = { token: t.token, expires: t.expires, status: t.status };
    const changed =
      !this.held ||
      this.held.token !== stored.token ||
      this.held.status !== stored.status ||
      this.held.expires !== stored.expires;
    this.held = stored;
    if (changed) await this.opts.store?.save(stored);
    this.opts.onProgress?.({ status: t.status, token: t.token, secondsLeft, expiresAt: t.expires });
  }
}
