import { compactVerify, decodeJwt, decodeProtectedHeader, type JWTVerifyGetKey } from 'jose';

/** What the ID token must show (spec section 5, "ID token checks"). */
export interface IdTokenExpectations {
  issuer: string;
  /** Our client id: the audience, and the authorized party when there are several audiences. */
  clientId: string;
  nonce?: string;
  /** Seconds; when set, auth_time must be a number and not older than this (plus leeway). */
  maxAge?: number;
  /** An organization id (org_…) or name the token must carry. */
  organization?: string;
  /** Seconds of clock leeway (spec: 60). */
  leeway: number;
  now?: Date;
}

/** A rule of the ID token failed; the message is the spec's text. */
export class IdTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdTokenError';
  }
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const at = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Checks an ID token's claims in the spec's order with the spec's messages: iss, sub, alg (RS256 only), aud and
 * azp, nonce, auth_time with max_age, exp and iat, nbf, auth_time plus max_age, organization. Times are UTC.
 * The signature is verified against the provider's keys right after the algorithm is known to be RS256.
 */
export async function verifyIdToken(
  idToken: string,
  expected: IdTokenExpectations,
  keys: JWTVerifyGetKey,
): Promise<Record<string, unknown>> {
  let header: { alg?: string };
  let claims: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(idToken);
    claims = decodeJwt(idToken);
  } catch {
    throw new IdTokenError('ID token could not be decoded');
  }
  if (!claims.iss) throw new IdTokenError('Issuer (iss) claim must be a string present in the ID token');
  if (claims.iss !== expected.issuer) {
    throw new IdTokenError(
      `Issuer (iss) claim mismatch in the ID token; expected "${expected.issuer}", found "${String(claims.iss)}"`,
    );
  }
  if (!claims.sub || typeof claims.sub !== 'string') {
    throw new IdTokenError('Subject (sub) claim must be a string present in the ID token');
  }
  if (header.alg !== 'RS256') {
    throw new IdTokenError(
      `Signature algorithm of "${String(header.alg)}" is not supported. Expected the ID token to be signed with "RS256".`,
    );
  }
  try {
    await compactVerify(idToken, keys, { algorithms: ['RS256'] });
  } catch {
    throw new IdTokenError("ID token signature could not be verified with the provider's keys");
  }
  const aud = claims.aud;
  if (!aud || (typeof aud !== 'string' && !Array.isArray(aud))) {
    throw new IdTokenError(
      'Audience (aud) claim must be a string or array of strings present in the ID token',
    );
  }
  if (Array.isArray(aud)) {
    if (!aud.includes(expected.clientId)) {
      throw new IdTokenError(
        `Audience (aud) claim mismatch in the ID token; expected "${expected.clientId}" but was not one of "${aud.join(', ')}"`,
      );
    }
    if (aud.length > 1) {
      if (!claims.azp) {
        throw new IdTokenError(
          'Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values',
        );
      }
      if (claims.azp !== expected.clientId) {
        throw new IdTokenError(
          `Authorized Party (azp) claim mismatch in the ID token; expected "${expected.clientId}", found "${String(claims.azp)}"`,
        );
      }
    }
  } else if (aud !== expected.clientId) {
    throw new IdTokenError(
      `Audience (aud) claim mismatch in the ID token; expected "${expected.clientId}" but found "${aud}"`,
    );
  }
  if (expected.nonce) {
    if (!claims.nonce) throw new IdTokenError('Nonce (nonce) claim must be a string present in the ID token');
    if (claims.nonce !== expected.nonce) {
      throw new IdTokenError(
        `Nonce (nonce) claim mismatch in the ID token; expected "${expected.nonce}", found "${String(claims.nonce)}"`,
      );
    }
  }
  if (expected.maxAge !== undefined && !isNumber(claims.auth_time)) {
    throw new IdTokenError(
      'Authentication Time (auth_time) claim must be a number present in the ID token when Max Age (max_age) is specified',
    );
  }
  if (!isNumber(claims.exp)) {
    throw new IdTokenError('Expiration Time (exp) claim must be a number present in the ID token');
  }
  if (!isNumber(claims.iat)) {
    throw new IdTokenError('Issued At (iat) claim must be a number present in the ID token');
  }
  const now = expected.now ?? new Date();
  const nowText = now.toISOString();
  const leeway = expected.leeway;
  if (now.getTime() > (claims.exp + leeway) * 1000) {
    throw new IdTokenError(
      `Expiration Time (exp) claim error in the ID token; current time (${nowText}) is after expiration time (${at(claims.exp + leeway)})`,
    );
  }
  if (isNumber(claims.nbf) && now.getTime() < (claims.nbf - leeway) * 1000) {
    throw new IdTokenError(
      `Not Before time (nbf) claim in the ID token indicates that this token can't be used just yet. Current time (${nowText}) is before ${at(claims.nbf - leeway)}`,
    );
  }
  if (isNumber(claims.auth_time) && expected.maxAge !== undefined) {
    const until = claims.auth_time + expected.maxAge + leeway;
    if (now.getTime() > until * 1000) {
      throw new IdTokenError(
        `Authentication Time (auth_time) claim in the ID token indicates that too much time has passed since the last end-user authentication. Current time (${nowText}) is after last auth at ${at(until)}`,
      );
    }
  }
  if (expected.organization) {
    const org = expected.organization.trim();
    if (org.startsWith('org_')) {
      if (!claims.org_id) {
        throw new IdTokenError('Organization ID (org_id) claim must be a string present in the ID token');
      }
      if (claims.org_id !== org) {
        throw new IdTokenError(
          `Organization ID (org_id) claim mismatch in the ID token; expected "${org}", found "${String(claims.org_id)}"`,
        );
      }
    } else {
      const name = org.toLowerCase();
      if (!claims.org_name) {
        throw new IdTokenError('Organization Name (org_name) claim must be a string present in the ID token');
      }
      if (claims.org_name !== name) {
        throw new IdTokenError(
          `Organization Name (org_name) claim mismatch in the ID token; expected "${name}", found "${String(claims.org_name)}"`,
        );
      }
    }
  }
  return claims;
}
