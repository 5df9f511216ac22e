import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, scryptSync: vi.fn(actual.scryptSync) };
});

const { createTestCipher } = await import('./test-cipher');

/** What the earlier stand-in wrote (`bpv1`: AES-256-GCM under a scrypt key of the passphrase). */
function sealV1(plainText: string, passphrase: string): Buffer {
  const key = crypto.scryptSync(passphrase, 'bullpen-standin', 32);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from('bpv1'), iv, cipher.getAuthTag(), body]);
}

describe('stand-in safeStorage cipher', () => {
  it('seals and opens without a slow key derivation, however many ciphers and calls', () => {
    const scrypt = vi.mocked(crypto.scryptSync);
    scrypt.mockClear();
    const a = createTestCipher({ available: true, passphrase: 'once' });
    const sealed = a.encryptString('secret');
    expect(sealed.includes(Buffer.from('secret'))).toBe(false);
    // The stand-in makes a cipher per safeStorage call (its configuration may change).
    for (let i = 0; i < 5; i++)
      expect(createTestCipher({ available: true, passphrase: 'once' }).decryptString(sealed)).toBe('secret');
    expect(scrypt).not.toHaveBeenCalled();
    // Another passphrase is another key: the sealed bytes do not open under it.
    expect(() => createTestCipher({ available: true, passphrase: 'other' }).decryptString(sealed)).toThrow();
  });

  it('still opens what an earlier stand-in sealed, and refuses it under another passphrase', () => {
    const old = sealV1('kept secret', 'pass');
    const scrypt = vi.mocked(crypto.scryptSync);
    scrypt.mockClear();
    expect(createTestCipher({ available: true, passphrase: 'pass' }).decryptString(old)).toBe('kept secret');
    expect(createTestCipher({ available: true, passphrase: 'pass' }).decryptString(old)).toBe('kept secret');
    expect(scrypt).toHaveBeenCalledTimes(1);
    expect(() => createTestCipher({ available: true, passphrase: 'nope' }).decryptString(old)).toThrow();
  });

  it('refuses tampered bytes and bytes of no known format', () => {
    const c = createTestCipher({ available: true });
    const sealed = c.encryptString('secret');
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    expect(() => c.decryptString(tampered)).toThrow();
    expect(() => c.decryptString(Buffer.from('x'.repeat(40)))).toThrow(/decrypting/);
  });
});
