import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/**
 * The stand-in's `safeStorage`: AES-256-GCM under a key derived from a test passphrase, so the
 * bytes on disk really are ciphertext (the vault's encrypted path is exercised for real) and a
 * wrong key or tampered bytes fail to decrypt, as the OS keychain would.
 */
export interface TestCipher {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

const MAGIC = Buffer.from('bpv1');
/**
 * Keys by passphrase, derived once: the stand-in makes a cipher per safeStorage call (its
 * configuration may change between calls), and a scrypt each time cost hundreds of milliseconds
 * of main's start on a loaded machine, which the OS keychain does not.
 */
const keys = new Map<string, Buffer>();

export function createTestCipher(opts: { available: boolean; passphrase?: string }): TestCipher {
  const passphrase = opts.passphrase ?? 'bullpen-standin-test-key';
  const key = keys.get(passphrase) ?? scryptSync(passphrase, 'bullpen-standin', 32);
  keys.set(passphrase, key);
  const requireAvailable = () => {
    // Same behaviour as Electron: encrypt/decrypt throw when encryption is unavailable.
    if (!opts.available) throw new Error('Encryption is not available.');
  };
  return {
    isEncryptionAvailable: () => opts.available,
    encryptString(plainText) {
      requireAvailable();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
    },
    decryptString(encrypted) {
      requireAvailable();
      if (encrypted.length < 32 || !encrypted.subarray(0, 4).equals(MAGIC))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      const decipher = createDecipheriv('aes-256-gcm', key, encrypted.subarray(4, 16));
      decipher.setAuthTag(encrypted.subarray(16, 32));
      return Buffer.concat([decipher.update(encrypted.subarray(32)), decipher.final()]).toString('utf8');
    },
  };
}
