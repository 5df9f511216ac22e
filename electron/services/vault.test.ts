import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestCipher } from '../standin/test-cipher';
import { createRedactor } from '../common/redact';
import { createCredentialVault, SESSION_ONLY_WARNING } from './vault';
import { testTempDir } from '../testing/temp-dir';

const SECRET = 'app-secret-7f3a9c1e5b';
const TOKEN = 'access-token-1d2c3b4a';
const vaultFile = () => join(testTempDir('bullpen-vault-'), 'credentials.json');

describe('credential vault, encryption available', () => {
  it('stores the secret and token only as ciphertext and reads them back after a restart', async () => {
    const file = vaultFile();
    const cipher = createTestCipher({ available: true });
    const vault = createCredentialVault({ file, cipher });
    const status = vault.set('sandbox', { appKey: 'key-0123456789', appSecret: SECRET });
    expect(status).toEqual({
      environmentId: 'sandbox',
      appKeyHint: '••••••••6789',
      hasSecret: true,
      persisted: true,
    });
    await vault.tokenStore('sandbox').save({ token: TOKEN, expires: 123, status: 'NORMAL' });

    const onDisk = readFileSync(file, 'utf8');
    expect(onDisk).not.toContain(SECRET);
    expect(onDisk).not.toContain(TOKEN);
    expect(onDisk).toContain('key-0123456789');

    const reopened = createCredentialVault({ file, cipher });
    expect(reopened.credentialsFor('sandbox')).toEqual({ appKey: 'key-0123456789', appSecret: SECRET });
    expect(await reopened.tokenStore('sandbox').load()).toEqual({
      token: TOKEN,
      expires: 123,
      status: 'NORMAL',
    });
  });

  it('never returns the secret from status, in any field', () => {
    const vault = createCredentialVault({ file: vaultFile(), cipher: createTestCipher({ available: true }) });
    const replies = [
      vault.set('e', { appKey: 'k1234', appSecret: SECRET }),
      vault.status('e'),
      vault.clear('e'),
    ];
    for (const reply of replies) expect(JSON.stringify(reply)).not.toContain(SECRET);
    expect(vault.credentialsFor('e')).toBeUndefined();
  });

  it('treats ciphertext from another key as absent and warns', () => {
    const file = vaultFile();
    createCredentialVault({ file, cipher: createTestCipher({ available: true, passphrase: 'one' }) }).set(
      'e',
      { appKey: 'k1234', appSecret: SECRET },
    );
    const warnings: string[] = [];
    const other = createCredentialVault({
      file,
      cipher: createTestCipher({ available: true, passphrase: 'two' }),
      onWarning: (m) => warnings.push(m),
    });
    expect(other.credentialsFor('e')).toBeUndefined();
    expect(other.status('e').hasSecret).toBe(false);
    expect(warnings.join('\n')).toContain('could not decrypt');
    expect(warnings.join('\n')).not.toContain(SECRET);
  });

  it('registers secrets and tokens with the redactor', async () => {
    const redactor = createRedactor();
    const vault = createCredentialVault({
      file: vaultFile(),
      cipher: createTestCipher({ available: true }),
      redactor,
    });
    vault.set('e', { appKey: 'k1234', appSecret: SECRET });
    await vault.tokenStore('e').save({ token: TOKEN, expires: 1, status: 'PENDING' });
    expect(redactor.redact(`x ${SECRET} y ${TOKEN}`)).toBe('x [REDACTED] y [REDACTED]');
  });

  it('drops the access token when credentials change', async () => {
    const vault = createCredentialVault({ file: vaultFile(), cipher: createTestCipher({ available: true }) });
    vault.set('e', { appKey: 'k1234', appSecret: SECRET });
    await vault.tokenStore('e').save({ token: TOKEN, expires: 1, status: 'NORMAL' });
    expect(vault.tokenInfo('e')).toEqual({ expires: 1, status: 'NORMAL' });
    vault.set('e', { appKey: 'k5678', appSecret: 'another-secret' });
    expect(await vault.tokenStore('e').load()).toBeNull();
    expect(vault.tokenInfo('e')).toBeUndefined();
  });
});

describe('credential vault, encryption unavailable (session-only fallback)', () => {
  it('keeps the secret in memory only, warns, and writes nothing secret', async () => {
    const file = vaultFile();
    const cipher = createTestCipher({ available: false });
    const vault = createCredentialVault({ file, cipher });
    const status = vault.set('e', { appKey: 'key-abcdef', appSecret: SECRET });
    expect(status).toMatchObject({ hasSecret: true, persisted: false, warning: SESSION_ONLY_WARNING });
    await vault.tokenStore('e').save({ token: TOKEN, expires: 1, status: 'NORMAL' });
    expect(vault.credentialsFor('e')).toEqual({ appKey: 'key-abcdef', appSecret: SECRET });
    expect((await vault.tokenStore('e').load())?.token).toBe(TOKEN);

    const onDisk = readFileSync(file, 'utf8');
    expect(onDisk).not.toContain(SECRET);
    expect(onDisk).not.toContain(TOKEN);

    const nextSession = createCredentialVault({ file, cipher });
    expect(nextSession.credentialsFor('e')).toBeUndefined();
    expect(nextSession.status('e')).toMatchObject({
      appKeyHint: '••••••cdef',
      hasSecret: false,
      persisted: false,
    });
  });

  it('survives a cipher whose availability check throws', () => {
    const cipher = {
      isEncryptionAvailable: () => {
        throw new Error('no dbus');
      },
      encryptString: () => Buffer.alloc(0),
      decryptString: () => '',
    };
    const vault = createCredentialVault({ file: vaultFile(), cipher });
    expect(vault.set('e', { appKey: 'k1234', appSecret: SECRET }).persisted).toBe(false);
  });
});
