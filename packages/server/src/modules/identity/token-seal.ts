import { createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { compactDecrypt, CompactEncrypt } from 'jose';

/**
 * A provider's tokens sealed at rest (decision 068): a compact JWE (`dir`, `A256GCM`) whose key is derived
 * from `IDENTITY_TOKEN_KEY` with HKDF-SHA-256; without the variable (development, tests) from random bytes
 * of this process. Values sealed before JWE (`iv.tag.body`, AES-256-GCM under the variable's SHA-256) still
 * open; they are sealed again as JWE the next time they are written. A value that does not open (another
 * key, altered, not a seal) reads as no tokens: the person signs in with the provider again.
 */
export function tokenSeal(secret: string | undefined) {
  const material = secret ?? randomBytes(32);
  const key = new Uint8Array(hkdfSync('sha256', material, '', 'facet identity tokens (JWE A256GCM)', 32));
  const legacyKey = createHash('sha256').update(material).digest();
  const encoder = new TextEncoder();

  /** The format before JWE: base64url IV, tag and ciphertext joined by dots. */
  const openLegacy = (sealed: string): unknown => {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', legacyKey, iv!);
    decipher.setAuthTag(tag!);
    return JSON.parse(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8'));
  };

  return {
    seal: (value: object): Promise<string> =>
      new CompactEncrypt(encoder.encode(JSON.stringify(value)))
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .encrypt(key),

    async open<T extends object>(sealed: string | null): Promise<Partial<T>> {
      if (!sealed) return {};
      try {
        if (sealed.split('.').length === 3) return openLegacy(sealed) as Partial<T>;
        const { plaintext } = await compactDecrypt(sealed, key, {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
        });
        return JSON.parse(new TextDecoder().decode(plaintext)) as Partial<T>;
      } catch {
        // sealed with another key (IDENTITY_TOKEN_KEY changed or unset across a restart): as if none
        return {};
      }
    },
  };
}
