import { z } from 'zod';
import type { CredentialsStatus } from '../../shared/ipc/app-types';
import type { StoredToken, TokenStore } from '../openapi/access-token';
import { readJsonFile, writeJsonAtomic } from './atomic-file';
import type { Redactor } from './redact';

/**
 * The credential vault (docs/shell.md). App key + app secret per environment, and the access token
 * (kept between runs like the SDK does, but encrypted like the secret).
 *
 * Encryption goes through an injected cipher — Electron's `safeStorage` in main — so this file is
 * plain Node and tested with a real byte-transforming cipher. When the OS offers no encryption
 * (Linux without a keyring) nothing secret is written: the secret and token live in memory for the
 * session and `status()` says so with a warning the UI shows.
 *
 * There is deliberately no method that returns the secret to anything but the API client factory
 * in main (`credentialsFor`); `status()` carries only a masked app key and booleans.
 */
export interface SecretCipher {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface AppCredentials {
  appKey: string;
  appSecret: string;
}

export type { StoredToken, TokenStore };

export const SESSION_ONLY_WARNING =
  'OS encryption is unavailable (no keyring): the app secret and access token are kept for this session only and must be entered again after a restart.';

const entrySchema = z.object({
  appKey: z.string().optional(),
  secret: z.string().optional(),
  token: z.string().optional(),
});
const fileSchema = z.object({ version: z.literal(1), environments: z.record(z.string(), entrySchema) });
type Entry = z.output<typeof entrySchema>;
const storedTokenSchema = z.object({
  token: z.string(),
  expires: z.number(),
  status: z.enum(['PENDING', 'NORMAL', 'INVALID', 'EXPIRED']),
});

export interface CredentialVault {
  status(environmentId: string): CredentialsStatus;
  set(environmentId: string, credentials: AppCredentials): CredentialsStatus;
  clear(environmentId: string): CredentialsStatus;
  /** Main-only: for building the API client. Never routed to IPC. */
  credentialsFor(environmentId: string): AppCredentials | undefined;
  tokenStore(environmentId: string): TokenStore;
  /** The current access token's state (never the token itself) for `token.status`. */
  tokenInfo(environmentId: string): Omit<StoredToken, 'token'> | undefined;
  /** Drop an environment's entry entirely (environment removed). */
  forget(environmentId: string): void;
}

export interface VaultOptions {
  file: string;
  cipher: SecretCipher;
  redactor?: Redactor;
  onWarning?: (message: string) => void;
}

export function maskAppKey(appKey: string): string {
  return appKey.length <= 4 ? '••••' : `${'•'.repeat(Math.min(8, appKey.length - 4))}${appKey.slice(-4)}`;
}

export function createCredentialVault(opts: VaultOptions): CredentialVault {
  const { file, cipher } = opts;
  const encrypted = (() => {
    try {
      return cipher.isEncryptionAvailable();
    } catch (error) {
      opts.onWarning?.(`safeStorage unavailable: ${(error as Error).message}`);
      return false;
    }
  })();
  const parsed = fileSchema.safeParse(readJsonFile(file));
  const persisted: Record<string, Entry> = parsed.success ? parsed.data.environments : {};
  /** Decrypted (or session-only) secrets and tokens. */
  const memory = new Map<string, { appSecret?: string; token?: StoredToken }>();

  const seal = (text: string) => cipher.encryptString(text).toString('base64');
  const open = (sealed: string | undefined, what: string, environmentId: string): string | undefined => {
    if (!sealed || !encrypted) return undefined;
    try {
      return cipher.decryptString(Buffer.from(sealed, 'base64'));
    } catch (error) {
      // The OS key changed or the file was copied from another machine: ask for it again.
      opts.onWarning?.(
        `could not decrypt the stored ${what} of ${environmentId}: ${(error as Error).message}`,
      );
      return undefined;
    }
  };

  for (const [id, entry] of Object.entries(persisted)) {
    const appSecret = open(entry.secret, 'app secret', id);
    const tokenText = open(entry.token, 'access token', id);
    let token: StoredToken | undefined;
    if (tokenText) {
      const t = storedTokenSchema.safeParse(safeJson(tokenText));
      if (t.success) token = t.data;
    }
    opts.redactor?.addSecret(appSecret);
    opts.redactor?.addSecret(token?.token);
    memory.set(id, { appSecret, token });
  }

  const save = () => {
    const environments: Record<string, Entry> = {};
    for (const [id, entry] of Object.entries(persisted)) {
      const clean: Entry = {};
      if (entry.appKey) clean.appKey = entry.appKey;
      if (encrypted && entry.secret) clean.secret = entry.secret;
      if (encrypted && entry.token) clean.token = entry.token;
      environments[id] = clean;
    }
    writeJsonAtomic(file, { version: 1, environments });
  };

  const status = (environmentId: string): CredentialsStatus => {
    const appKey = persisted[environmentId]?.appKey;
    const s: CredentialsStatus = {
      environmentId,
      appKeyHint: appKey ? maskAppKey(appKey) : null,
      hasSecret: Boolean(memory.get(environmentId)?.appSecret),
      persisted: encrypted,
    };
    if (!encrypted) s.warning = SESSION_ONLY_WARNING;
    return s;
  };

  const saveToken = (environmentId: string, token: StoredToken | null) => {
    const m = memory.get(environmentId) ?? {};
    opts.redactor?.addSecret(token?.token);
    memory.set(environmentId, { ...m, token: token ?? undefined });
    const entry = persisted[environmentId] ?? {};
    persisted[environmentId] = {
      ...entry,
      token: encrypted && token ? seal(JSON.stringify(token)) : undefined,
    };
    save();
  };

  /** The client's TokenStore (electron/openapi/access-token.ts), backed by this vault. */
  const tokenStore = (environmentId: string): TokenStore => ({
    load: () => Promise.resolve(memory.get(environmentId)?.token ?? null),
    save: (token) => {
      saveToken(environmentId, token);
      return Promise.resolve();
    },
  });

  return {
    status,
    set(environmentId, { appKey, appSecret }) {
      opts.redactor?.addSecret(appSecret);
      // New credentials invalidate the old access token (it belongs to the old app key).
      memory.set(environmentId, { appSecret });
      persisted[environmentId] = { appKey, ...(encrypted ? { secret: seal(appSecret) } : {}) };
      save();
      return status(environmentId);
    },
    clear(environmentId) {
      memory.delete(environmentId);
      persisted[environmentId] = {};
      save();
      return status(environmentId);
    },
    forget(environmentId) {
      memory.delete(environmentId);
      delete persisted[environmentId];
      save();
    },
    credentialsFor(environmentId) {
      const appKey = persisted[environmentId]?.appKey;
      const appSecret = memory.get(environmentId)?.appSecret;
      return appKey && appSecret ? { appKey, appSecret } : undefined;
    },
    tokenStore,
    tokenInfo(environmentId) {
      const t = memory.get(environmentId)?.token;
      return t ? { expires: t.expires, status: t.status } : undefined;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    void error;
    return undefined;
  }
}
