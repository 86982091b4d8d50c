import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationError } from './errors';
import { invalidMultipart, toErrorBody } from './error-handler';

const NUL_MESSAGE = 'Text may not contain the NUL character.';

/** The dotted paths of every string (or key) in `value` that holds a NUL character. */
export function nulPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nulPaths(v, [...path, String(i)]));
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.entries(value).flatMap(([k, v]) =>
      k.includes('\u0000') ? [[...path, k]] : nulPaths(v, [...path, k]),
    );
  }
  return [];
}

/** Refuses text with a NUL character (the database cannot store it) before anything is read or changed. */
export function assertNoNul(value: unknown, prefix: string[] = []) {
  const paths = nulPaths(value, prefix);
  if (paths.length > 0) throw validationError(paths.map((path) => ({ path, message: NUL_MESSAGE })));
}

/**
 * Input no route can take, refused with the one error shape before validation: a NUL character in a path
 * param, the query or a JSON body (multipart fields are checked where a route parses them), and a
 * multipart request without a usable boundary.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) {
      // the form parser throws on a missing or over-long boundary (RFC 2046: 1 to 70 characters)
      const boundary = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(request.headers['content-type'] ?? '');
      const value = boundary?.[1] ?? boundary?.[2] ?? '';
      if (value.length < 1 || value.length > 70) throw invalidMultipart();
    }
    assertNoNul(request.params, ['params']);
    assertNoNul(request.query, ['query']);
    if (!request.isMultipart()) assertNoNul(request.body);
  });
}

/**
 * Fastify's router answers a malformed address or an over-long path param itself; `frameworkErrors` gives
 * those answers the one error shape too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known: Record<string, AppError> = {
    FST_ERR_BAD_URL: new AppError('bad_url', 'The address is not valid.', 400),
    FST_ERR_MAX_PARAM_LENGTH: new AppError('param_too_long', 'A part of the address is too long.', 414),
  };
  const appError =
    known[error.code] ??
    (error.statusCode && error.statusCode < 500
      ? new AppError('bad_request', 'The request could not be read.', error.statusCode)
      : new AppError('internal_error', 'An unexpected error occurred.', 500));
  void reply.status(appError.status).send(toErrorBody(appError));
}
