import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../testing/temp-dir';
import { createTestCipher } from '../standin/test-cipher';
import { createCredentialVault, SESSION_ONLY_WARNING, type SecretCipher } from './vault';

/** The vault never loses a secret (docs/shell.md "Credential vault"). */
const SECRET = 'app-secret-durable-41c9';
const TOKEN = 'access-token-durable-88ef';
const vaultFile = () => join(testTempDir('bullpen-vault-'), 'credentials.json');
const available = () => createTestCipher({ available: true });
const unavailable = () => createTestCipher({ available: false });
const basicText = (): SecretCipher => ({ ...available(), getSelectedStorageBackend: () => 'basic_text' });

describe('credential vault durability', () => {
  it('keeps ciphertext it cannot read now: available → unavailable (with writes) → available', async () => {
    const file = vaultFile();
    const first = createCredentialVault({ file, cipher: available() });
    first.set('live', { appKey: 'key-live-1234', appSecret: SECRET });
    await first.tokenStore('live').save({ token: TOKEN, expires: 5, status: 'NORMAL' });

    // A launch without a keyring that writes the file (another environment's key, a token).
    const noKeyring = createCredentialVault({ file, cipher: unavailable() });
    expect(noKeyring.credentialsFor('live')).toBeUndefined();
    noKeyring.set('paper', { appKey: 'key-paper-5678', appSecret: 'session-only' });
    await noKeyring.tokenStore('paper').save({ token: 'paper-token', expires: 1, status: 'NORMAL' });
    expect(readFileSync(file, 'utf8')).not.toContain('session-only');

    const back = createCredentialVault({ file, cipher: available() });
    expect(back.credentialsFor('live')).toEqual({ appKey: 'key-live-1234', appSecret: SECRET });
    expect((await back.tokenStore('live').load())?.token).toBe(TOKEN);
  });

  it('keeps ciphertext another key sealed when the file is rewritten', () => {
    const file = vaultFile();
    createCredentialVault({ file, cipher: createTestCipher({ available: true, passphrase: 'a' }) }).set('e', {
      appKey: 'k1234',
      appSecret: SECRET,
    });
    const wrongKey = createCredentialVault({
      file,
      cipher: createTestCipher({ available: true, passphrase: 'b' }),
    });
    expect(wrongKey.credentialsFor('e')).toBeUndefined();
    wrongKey.set('other', { appKey: 'k9999', appSecret: 'x' });
    const rightKey = createCredentialVault({
      file,
      cipher: createTestCipher({ available: true, passphrase: 'a' }),
    });
    expect(rightKey.credentialsFor('e')).toEqual({ appKey: 'k1234', appSecret: SECRET });
  });

  it('tags every stored value with its cipher version', async () => {
    const file = vaultFile();
    const vault = createCredentialVault({ file, cipher: available() });
    vault.set('e', { appKey: 'k1234', appSecret: SECRET });
    await vault.tokenStore('e').save({ token: TOKEN, expires: 1, status: 'NORMAL' });
    const entry = (
      JSON.parse(readFileSync(file, 'utf8')) as { environments: Record<string, Record<string, string>> }
    ).environments.e;
    expect(entry?.secret).toMatch(/^safeStorage-v1:/);
    expect(entry?.token).toMatch(/^safeStorage-v1:/);
  });

  it('moves a vault file that fails its schema aside, tells the user, and starts empty', () => {
    const file = vaultFile();
    const garbage = '{"version": 1, "environments": {"e": {"secret": 42}}}';
    writeFileSync(file, garbage);
    const warnings: string[] = [];
    const vault = createCredentialVault({ file, cipher: available(), onWarning: (m) => warnings.push(m) });
    const aside = readdirSync(dirname(file)).filter((n) => n.startsWith('credentials.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dirname(file), aside[0] ?? ''), 'utf8')).toBe(garbage);
    expect(warnings.join('\n')).toContain('moved to');
    expect(vault.status('e').warning).toContain('moved to');
    vault.set('e', { appKey: 'k1234', appSecret: SECRET });
    expect(readFileSync(join(dirname(file), aside[0] ?? ''), 'utf8')).toBe(garbage);
  });

  it('treats the basic_text backend as no encryption: session-only secret with a warning', async () => {
    const file = vaultFile();
    const vault = createCredentialVault({ file, cipher: basicText() });
    const status = vault.set('e', { appKey: 'key-abcdef', appSecret: SECRET });
    expect(status).toMatchObject({ hasSecret: true, persisted: false, warning: SESSION_ONLY_WARNING });
    // The user's own credentials are not the sandbox's throwaway pair: the top bar warns about them.
    expect(status.ephemeral).toBeUndefined();
    await vault.tokenStore('e').save({ token: TOKEN, expires: 1, status: 'NORMAL' });
    const onDisk = readFileSync(file, 'utf8');
    expect(onDisk).not.toContain('safeStorage-v1');
    expect(createCredentialVault({ file, cipher: basicText() }).credentialsFor('e')).toBeUndefined();
  });

  it('keeps ephemeral (sandbox) credentials and their token in memory, shadowed by stored ones', async () => {
    const file = vaultFile();
    const vault = createCredentialVault({ file, cipher: available() });
    vault.setEphemeral('sandbox', { appKey: 'sandbox-abc123', appSecret: 'throwaway-secret' });
    await vault.tokenStore('sandbox').save({ token: 'throwaway-token', expires: 1, status: 'NORMAL' });
    expect(vault.credentialsFor('sandbox')).toEqual({
      appKey: 'sandbox-abc123',
      appSecret: 'throwaway-secret',
    });
    expect(vault.status('sandbox')).toMatchObject({ hasSecret: true, persisted: false });
    vault.set('other', { appKey: 'k1234', appSecret: SECRET });
    expect(readFileSync(file, 'utf8')).not.toMatch(/sandbox-abc123|throwaway/);
    vault.set('sandbox', { appKey: 'mine-5678', appSecret: SECRET });
    expect(vault.credentialsFor('sandbox')).toEqual({ appKey: 'mine-5678', appSecret: SECRET });
    expect(vault.status('sandbox')).toMatchObject({ persisted: true });
  });
});
