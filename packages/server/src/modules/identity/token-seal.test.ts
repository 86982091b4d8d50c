import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import { describe, expect, test } from 'vitest';
import { tokenSeal } from './token-seal';

const secret = 'a-token-key-of-at-least-32-characters!';
const tokens = { refreshToken: 'refresh-1', accessToken: 'access-1', accessExpiresAt: 1_800_000_000 };

/** A value as the seal before JWE wrote it: AES-256-GCM under the secret's SHA-256, `iv.tag.body`. */
function sealedTheOldWay(value: object, key: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(key).digest(), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

describe('provider tokens sealed at rest (jose JWE)', () => {
  test('a compact JWE, dir + A256GCM, that opens with the same key and hides the tokens', async () => {
    const { seal, open } = tokenSeal(secret);
    const sealed = await seal(tokens);
    expect(sealed.split('.')).toHaveLength(5);
    expect(decodeProtectedHeader(sealed)).toEqual({ alg: 'dir', enc: 'A256GCM' });
    expect(sealed).not.toContain('refresh-1');
    expect(Buffer.from(sealed.split('.')[3]!, 'base64url').toString('latin1')).not.toContain('refresh');
    expect(await open(sealed)).toEqual(tokens);
    // another process with the same key opens it too (several nodes, a restart)
    expect(await tokenSeal(secret).open(sealed)).toEqual(tokens);
    // each seal has its own IV
    expect(await seal(tokens)).not.toBe(sealed);
  });

  test('values sealed before JWE still open; sealing again writes JWE', async () => {
    const { seal, open } = tokenSeal(secret);
    const old = sealedTheOldWay(tokens, secret);
    expect(old.split('.')).toHaveLength(3);
    const opened = await open(old);
    expect(opened).toEqual(tokens);
    expect((await seal(opened)).split('.')).toHaveLength(5);
  });

  test('another key, an altered value or no value reads as no tokens', async () => {
    const sealed = await tokenSeal(secret).seal(tokens);
    expect(await tokenSeal('another-token-key-of-32-characters-long').open(sealed)).toEqual({});
    expect(
      await tokenSeal('another-token-key-of-32-characters-long').open(sealedTheOldWay(tokens, secret)),
    ).toEqual({});
    const parts = sealed.split('.');
    parts[3] = Buffer.from('{"refreshToken":"forged"}').toString('base64url');
    expect(await tokenSeal(secret).open(parts.join('.'))).toEqual({});
    expect(await tokenSeal(secret).open('not a seal')).toEqual({});
    expect(await tokenSeal(secret).open(null)).toEqual({});
    // without IDENTITY_TOKEN_KEY each process has a key of its own
    expect(await tokenSeal(undefined).open(await tokenSeal(undefined).seal(tokens))).toEqual({});
  });
});
