import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';

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

/**
 * `bpv2`: the key is a SHA-256 of the test passphrase. It guards test data only, so a slow key
 * derivation buys nothing, and the scrypt of `bpv1` held main's event loop for a few hundred
 * milliseconds of its start on a loaded machine (the vault opens as the window loads), which the
 * OS keychain does not. `bpv1` bytes (scrypt key) written by an earlier stand-in still open; that
 * key is derived only when such bytes are read.
 */
const MAGIC = Buffer.from('bpv2');
const MAGIC_V1 = Buffer.from('bpv1');
const SALT = 'bullpen-standin';
const fastKeys = new Map<string, Buffer>();
const scryptKeys = new Map<string, Buffer>();

function fastKey(passphrase: string): Buffer {
  let key = fastKeys.get(passphrase);
  if (!key) {
    key = createHash('sha256').update(`${SALT}\0${passphrase}`).digest();
    fastKeys.set(passphrase, key);
  }
  return key;
}

function scryptKey(passphrase: string): Buffer {
  let key = scryptKeys.get(passphrase);
  if (!key) {
    key = scryptSync(passphrase, SALT, 32);
    scryptKeys.set(passphrase, key);
  }
  return key;
}

export function createTestCipher(opts: { available: boolean; passphrase?: string }): TestCipher {
  const passphrase = opts.passphrase ?? 'bullpen-standin-test-key';
  const requireAvailable = () => {
    // Same behaviour as Electron: encrypt/decrypt throw when encryption is unavailable.
    if (!opts.available) throw new Error('Encryption is not available.');
  };
  return {
    isEncryptionAvailable: () => opts.available,
    encryptString(plainText) {
      requireAvailable();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', fastKey(passphrase), iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
    },
    decryptString(encrypted) {
      requireAvailable();
      const magic = encrypted.subarray(0, 4);
      const v2 = magic.equals(MAGIC);
      if (encrypted.length < 32 || (!v2 && !magic.equals(MAGIC_V1)))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      const key = v2 ? fastKey(passphrase) : scryptKey(passphrase);
      const decipher = createDecipheriv('aes-256-gcm', key, encrypted.subarray(4, 16));
      decipher.setAuthTag(encrypted.subarray(16, 32));
      return Buffer.concat([decipher.update(encrypted.subarray(32)), decipher.final()]).toString('utf8');
    },
  };
}
