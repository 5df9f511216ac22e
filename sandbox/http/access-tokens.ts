import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AccessToken, TokenStatus } from '../../shared/openapi/records/auth';
import type { JsonFile } from '../store/atomic-json';
import { type RouteTable, SandboxError } from './route-types';

/**
 * The access-token (two-factor) flow of the real service (docs/openapi-client.md). A new token is PENDING until the account holder
 * "approves it on the phone", which the sandbox simulates with a delay; then NORMAL until it
 * expires. Tokens persist like the SDK keeps them, so a restart with the same data directory
 * recognises the token saved last time.
 */
export const tokenFileSchema = z.object({
  tokens: z.array(
    z.object({ token: z.string(), appKey: z.string(), createdAt: z.number(), expires: z.number() }),
  ),
});
type TokenFile = z.output<typeof tokenFileSchema>;

export interface AccessTokenOptions {
  enabled: boolean;
  approvalDelayMs: number;
  ttlMs: number;
  file: JsonFile<TokenFile>;
  /**
   * The wall clock: a token's approval delay and lifetime are real time (and checked against the
   * wall clock by `require`), never the replayed market's (RequestContext.now).
   */
  clock: () => number;
}

export interface AccessTokens {
  routes: RouteTable;
  /** Throws 401 ACCESS_TOKEN_REQUIRED unless the header carries a NORMAL token of this app key. */
  require(appKey: string, headerToken: string | undefined, now: number): void;
}

export function createAccessTokens(opts: AccessTokenOptions): AccessTokens {
  const find = (appKey: string, token: string | undefined) =>
    token === undefined
      ? undefined
      : opts.file.get().tokens.find((t) => t.token === token && t.appKey === appKey);

  const statusOf = (t: TokenFile['tokens'][number], now: number): TokenStatus => {
    if (now >= t.expires) return 'EXPIRED';
    return now < t.createdAt + opts.approvalDelayMs ? 'PENDING' : 'NORMAL';
  };
  const view = (appKey: string, token: string, now: number): AccessToken => {
    const t = find(appKey, token);
    return t
      ? { token: t.token, expires: t.expires, status: statusOf(t, now) }
      : { token, expires: 0, status: 'INVALID' };
  };

  const routes: RouteTable = {
    openApiConfig: () => ({ token_check_enabled: opts.enabled }),
    tokenCreate: async (params, ctx) => {
      const now = opts.clock();
      const saved = find(ctx.appKey, params.token);
      if (saved) {
        const status = statusOf(saved, now);
        if (status === 'NORMAL' || status === 'PENDING')
          return { token: saved.token, expires: saved.expires, status };
      }
      const fresh = {
        token: randomBytes(24).toString('hex'),
        appKey: ctx.appKey,
        createdAt: now,
        expires: now + opts.ttlMs,
      };
      const kept = opts.file.get().tokens.filter((t) => t.expires > now);
      await opts.file.save({ tokens: [...kept, fresh] });
      return { token: fresh.token, expires: fresh.expires, status: statusOf(fresh, now) };
    },
    tokenCheck: (params, ctx) => view(ctx.appKey, params.token, opts.clock()),
    tokenRefresh: async (params, ctx) => {
      const now = opts.clock();
      const t = find(ctx.appKey, params.token);
      if (!t || statusOf(t, now) !== 'NORMAL') return view(ctx.appKey, params.token, now);
      const renewed = { ...t, expires: now + opts.ttlMs };
      await opts.file.save({ tokens: opts.file.get().tokens.map((x) => (x === t ? renewed : x)) });
      return view(ctx.appKey, params.token, now);
    },
  };

  return {
    routes,
    require(appKey, headerToken, now) {
      if (!opts.enabled) return;
      const t = find(appKey, headerToken);
      if (!headerToken)
        throw new SandboxError(
          401,
          'ACCESS_TOKEN_REQUIRED',
          'This app requires an approved access token (x-access-token); create one with /openapi/auth/token/create',
        );
      const status = t ? statusOf(t, now) : 'INVALID';
      if (status !== 'NORMAL') {
        throw new SandboxError(
          401,
          'ACCESS_TOKEN_REQUIRED',
          `The access token is ${status}; an approved (NORMAL) token is required`,
        );
      }
    },
  };
}

/** Operations reachable without an access token: the handshake and the token flow itself. */
export const TOKEN_FREE_OPERATIONS = new Set(['openApiConfig', 'tokenCreate', 'tokenCheck', 'tokenRefresh']);
