import { z } from 'zod';
import type { CredentialsStatus } from '../../shared/ipc/app-types';
import type { StoredToken, TokenStore } from '../openapi/access-token';
import {
  movedAsideMessage,
  readJsonStore,
  writeJsonAtomicSync,
  type StoreWarning,
} from '../common/atomic-file-node';
import type { Redactor } from '../common/redact';

/**
 * The credential vault (docs/shell.md). App key + app secret per environment, and the access token
 * (kept between runs like the SDK does, but encrypted like the secret).
 *
 * Encryption goes through an injected cipher — Electron's `safeStorage` in main — so this file is
 * plain Node and tested with a real byte-transforming cipher. When the OS offers no encryption
 * (Linux without a keyring, or Linux's `basic_text` backend, which only obfuscates) nothing secret is
 * written: the secret and token live in memory for the session and `status()` says so with a warning
 * the UI shows. The vault never loses a secret (docs/shell.md "Credential vault"): ciphertext on
 * disk that cannot be read now (no keyring this launch, another key) is written back unchanged, every
 * stored value is tagged with the cipher that sealed it, and a file that fails its schema is moved
 * aside, never overwritten.
 *
 * There is deliberately no method that returns the secret to anything but the API client factory
 * in main (`credentialsFor`); `status()` carries only a masked app key and booleans.
 */
export interface SecretCipher {
  isEncryptionAvailable(): boolean;
  /** Linux only in Electron: `basic_text` means a hard-coded key, i.e. no real encryption. */
  getSelectedStorageBackend?(): string;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

interface AppCredentials {
  appKey: string;
  appSecret: string;
}

export const SESSION_ONLY_WARNING =
  'OS encryption is unavailable (no keyring): the app secret and access token are kept for this session only and must be entered again after a restart.';

export const EPHEMERAL_NOTE =
  'The embedded sandbox uses a key pair generated for this session; it is not stored. Enter your own to keep one.';

const entrySchema = z.object({
  appKey: z.string().optional(),
  secret: z.string().optional(),
  token: z.string().optional(),
});
/** The tag of values sealed by Electron's safeStorage; untagged values from older files are the same. */
const CIPHER_TAG = 'safeStorage-v1';
const tagged = (base64: string) => `${CIPHER_TAG}:${base64}`;
/** The base64 ciphertext of a value this build can decrypt, or undefined for another cipher's tag. */
function untag(value: string): string | undefined {
  const colon = value.indexOf(':');
  if (colon < 0) return value;
  return value.slice(0, colon) === CIPHER_TAG ? value.slice(colon + 1) : undefined;
}

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
  /**
   * Credentials for this run only (the sandbox's generated key pair): kept in memory with their
   * access token, never written, and shadowed by credentials the user stores with `set`.
   */
  setEphemeral(environmentId: string, credentials: AppCredentials): void;
}

export interface VaultOptions {
  file: string;
  cipher: SecretCipher;
  redactor?: Redactor;
  onWarning?: StoreWarning;
}

function maskAppKey(appKey: string): string {
  return appKey.length <= 4 ? '••••' : `${'•'.repeat(Math.min(8, appKey.length - 4))}${appKey.slice(-4)}`;
}

export function createCredentialVault(opts: VaultOptions): CredentialVault {
  const { file, cipher } = opts;
  const encrypted = (() => {
    try {
      if (!cipher.isEncryptionAvailable()) return false;
      // VS Code and Signal do the same: the basic_text backend's key is public, so it is no vault.
      return cipher.getSelectedStorageBackend?.() !== 'basic_text';
    } catch (error) {
      opts.onWarning?.(`safeStorage unavailable: ${(error as Error).message}`);
      return false;
    }
  })();
  const read = readJsonStore(file, fileSchema);
  let fileWarning: string | undefined;
  if (read.status === 'moved-aside') {
    fileWarning = `The credential store ${movedAsideMessage(file, read)} Enter your credentials again.`;
    opts.onWarning?.(fileWarning, 'moved-aside');
  }
  const persisted: Record<string, Entry> = read.status === 'ok' ? read.value.environments : {};
  /** Decrypted (or session-only) secrets and tokens. */
  const memory = new Map<string, { appSecret?: string; token?: StoredToken }>();
  const ephemeral = new Map<string, AppCredentials & { token?: StoredToken }>();
  /** Whether the environment runs on this launch's throwaway credentials (nothing of it is stored). */
  const isEphemeral = (id: string) =>
    ephemeral.has(id) && !(persisted[id]?.appKey && memory.get(id)?.appSecret);

  const seal = (text: string) => tagged(cipher.encryptString(text).toString('base64'));
  const open = (sealed: string | undefined, what: string, environmentId: string): string | undefined => {
    if (!sealed || !encrypted) return undefined;
    const base64 = untag(sealed);
    if (base64 === undefined) {
      opts.onWarning?.(
        `the stored ${what} of ${environmentId} is sealed by a cipher this build does not know`,
      );
      return undefined;
    }
    try {
      return cipher.decryptString(Buffer.from(base64, 'base64'));
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

  // `persisted` holds only ciphertext (never plaintext), including ciphertext this launch cannot
  // read: it is written back as it is, so a launch without a keyring loses nothing.
  const save = () => {
    const environments: Record<string, Entry> = {};
    for (const [id, entry] of Object.entries(persisted)) {
      const clean: Entry = {};
      if (entry.appKey) clean.appKey = entry.appKey;
      if (entry.secret) clean.secret = entry.secret;
      if (entry.token) clean.token = entry.token;
      environments[id] = clean;
    }
    writeJsonAtomicSync(file, { version: 1, environments });
  };

  const status = (environmentId: string): CredentialsStatus => {
    const e = isEphemeral(environmentId) ? ephemeral.get(environmentId) : undefined;
    if (e)
      return {
        environmentId,
        appKeyHint: maskAppKey(e.appKey),
        hasSecret: true,
        persisted: false,
        ephemeral: true,
        // Without OS encryption, say so too: credentials the user enters would be session-only as well.
        warning: encrypted ? EPHEMERAL_NOTE : `${EPHEMERAL_NOTE} ${SESSION_ONLY_WARNING}`,
      };
    const appKey = persisted[environmentId]?.appKey;
    const s: CredentialsStatus = {
      environmentId,
      appKeyHint: appKey ? maskAppKey(appKey) : null,
      hasSecret: Boolean(memory.get(environmentId)?.appSecret),
      persisted: encrypted,
    };
    const warning = [encrypted ? undefined : SESSION_ONLY_WARNING, fileWarning].filter(Boolean).join(' ');
    if (warning) s.warning = warning;
    return s;
  };

  const saveToken = (environmentId: string, token: StoredToken | null) => {
    const m = memory.get(environmentId) ?? {};
    opts.redactor?.addSecret(token?.token);
    memory.set(environmentId, { ...m, token: token ?? undefined });
    const entry = persisted[environmentId] ?? {};
    // Without encryption the new token lives in memory; a sealed one on disk stays for later launches.
    if (!encrypted && token) return;
    persisted[environmentId] = { ...entry, token: token ? seal(JSON.stringify(token)) : undefined };
    save();
  };

  /** The client's TokenStore (electron/openapi/access-token.ts), backed by this vault. */
  const tokenStore = (environmentId: string): TokenStore => ({
    load: () =>
      Promise.resolve(
        (isEphemeral(environmentId)
          ? ephemeral.get(environmentId)?.token
          : memory.get(environmentId)?.token) ?? null,
      ),
    save: (token) => {
      const e = isEphemeral(environmentId) ? ephemeral.get(environmentId) : undefined;
      if (e) {
        opts.redactor?.addSecret(token?.token);
        e.token = token ?? undefined;
      } else saveToken(environmentId, token);
      return Promise.resolve();
    },
  });

  return {
    status,
    set(environmentId, { appKey, appSecret }) {
      opts.redactor?.addSecret(appSecret);
      // New credentials invalidate the old access token (it belongs to the old app key).
      memory.set(environmentId, { appSecret });
      // Replacing credentials is the user's choice: the old ciphertext belonged to the old app key.
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
      const e = isEphemeral(environmentId) ? ephemeral.get(environmentId) : undefined;
      if (e) return { appKey: e.appKey, appSecret: e.appSecret };
      const appKey = persisted[environmentId]?.appKey;
      const appSecret = memory.get(environmentId)?.appSecret;
      return appKey && appSecret ? { appKey, appSecret } : undefined;
    },
    setEphemeral(environmentId, { appKey, appSecret }) {
      opts.redactor?.addSecret(appSecret);
      ephemeral.set(environmentId, { appKey, appSecret });
    },
    tokenStore,
    tokenInfo(environmentId) {
      const t = isEphemeral(environmentId)
        ? ephemeral.get(environmentId)?.token
        : memory.get(environmentId)?.token;
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
