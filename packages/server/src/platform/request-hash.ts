import { createHash } from 'node:crypto';
import { AppError } from './errors';

/** JSON with every object's keys sorted: the same request spelled in another order is the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The digest of what a keyed request asked, stored with what the key made: a retry under the same
 * Idempotency-Key must ask the same, or it is refused (`idempotencyKeyReused`) rather than answered with
 * the first request's result.
 */
export function requestHash(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('base64url');
}

/** 409: the key was sent before with a different request; nothing new is made or charged. */
export const idempotencyKeyReused = (what: string) =>
  new AppError(
    'idempotency_key_reused',
    `This Idempotency-Key was already used for ${what} with different details. Send a new key for a new request.`,
    409,
  );
