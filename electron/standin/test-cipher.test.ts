import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, scryptSync: vi.fn(actual.scryptSync) };
});

const { createTestCipher } = await import('./test-cipher');

describe('stand-in safeStorage cipher', () => {
  it('derives the key of a passphrase once, however many ciphers and calls use it', () => {
    const scrypt = vi.mocked(crypto.scryptSync);
    scrypt.mockClear();
    const a = createTestCipher({ available: true, passphrase: 'once' });
    const sealed = a.encryptString('secret');
    // The stand-in makes a cipher per safeStorage call (its configuration may change).
    for (let i = 0; i < 5; i++)
      expect(createTestCipher({ available: true, passphrase: 'once' }).decryptString(sealed)).toBe('secret');
    expect(scrypt).toHaveBeenCalledTimes(1);
    // Another passphrase is another key: the sealed bytes do not open under it.
    expect(() => createTestCipher({ available: true, passphrase: 'other' }).decryptString(sealed)).toThrow();
    expect(scrypt).toHaveBeenCalledTimes(2);
  });
});
