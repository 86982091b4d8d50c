import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from './errors';

/** What a signed upload URL allows: exactly one object, at most `maxBytes`, until `expiresAt` (ms since epoch). */
export interface UploadGrant {
  key: string;
  maxBytes: number;
  expiresAt: number;
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function signature(secret: Buffer, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

export const uploadRefused = () => new AppError('upload_refused', 'This upload link is not valid.', 403);

/** `<payload>.<hmac>`, both base64url: the token names its object, its byte cap and its expiry. */
export function signUploadToken(secret: Buffer, grant: UploadGrant): string {
  const payload = b64(JSON.stringify({ k: grant.key, n: grant.maxBytes, e: grant.expiresAt }));
  return `${payload}.${b64(signature(secret, payload))}`;
}

/** The grant of a token we signed, or a 403: any change to the token breaks its signature. */
export function verifyUploadToken(secret: Buffer, token: string, now = Date.now()): UploadGrant {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined || token.length > 2048) throw uploadRefused();
  const expected = signature(secret, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw uploadRefused();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw uploadRefused();
  }
  const { k, n, e } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof k !== 'string' || typeof n !== 'number' || typeof e !== 'number') throw uploadRefused();
  if (now > e) {
    throw new AppError('upload_expired', 'This upload link has expired. Please start the upload again.', 403);
  }
  return { key: k, maxBytes: n, expiresAt: e };
}
