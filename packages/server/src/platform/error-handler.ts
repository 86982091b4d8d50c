import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, TooManyAttempts, gatewayRefused, paymentsUnavailable, validationError } from './errors';
import { GatewayError, GatewayUnavailable } from './payments/gateway';
import { malformedRouteId } from './route-ids';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const byFastifyCode: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'The request is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'This content type is not supported.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: 'The request body is not valid JSON.',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'file_too_large', message: 'The file is too large.' },
  FST_FILES_LIMIT: { status: 413, code: 'too_many_files', message: 'Too many files in one request.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'This request must be multipart/form-data.',
  },
};

export const invalidMultipart = () =>
  new AppError('invalid_multipart', 'The uploaded form is incomplete or malformed.', 400);

/** The form parser's own errors (they carry no code): a form cut short or without a boundary. */
const MULTIPART_PARSE_ERROR = /^Multipart: Boundary not found$|unexpected end of multipart data$/i;

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
/** PostgreSQL's own codes for a server shutting down, starting up or a connection gone (classes 08 and 57P). */
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-3])$/;

/** Whether an error (or what caused it) says the database could not be reached, rather than refused the query. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
      return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message)
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const unavailable = () =>
  new AppError('unavailable', 'The service is briefly unavailable. Please try again in a moment.', 503);

export function toErrorBody(error: AppError): ErrorBody {
  return {
    error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
  };
}

/**
 * One mapping table: AppError as is, the payment gateway away -> 503 and refusing -> 502, a malformed route
 * id -> its resource's 404, zod -> 400, known client mistakes by code, everything else a hidden 500.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError: AppError;
    // a path id that is not a uuid names nothing: the resource's 404, as for an id nobody has
    const malformedId = malformedRouteId(error, request);
    if (error instanceof AppError) {
      appError = error;
    } else if (error instanceof GatewayUnavailable) {
      // the payment gateway is away: nothing was charged; the customer may try again in a minute
      request.log.warn({ err: error }, 'payment gateway unavailable');
      appError = paymentsUnavailable();
      reply.header('retry-after', '60');
    } else if (error instanceof GatewayError) {
      // the payment gateway refused the call (a refund of a charge it does not know, a payout account
      // not ready, a key it does not take): not the user's mistake nor ours to hide, so staff read its
      // reason; a customer reads that nothing changed
      request.log.warn({ err: error }, 'payment gateway refused');
      appError = gatewayRefused(error.message, request.account?.role === 'staff');
    } else if (malformedId) {
      appError = malformedId;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      appError = validationError(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? 'Invalid value',
        })),
      );
    } else if (error.code && byFastifyCode[error.code]) {
      const known = byFastifyCode[error.code]!;
      appError = new AppError(known.code, known.message, known.status);
    } else if (MULTIPART_PARSE_ERROR.test(error.message)) {
      appError = invalidMultipart();
    } else if (error.statusCode === 429) {
      appError = new AppError(
        'too_many_attempts',
        'Too many attempts. Please wait a minute and try again.',
        429,
      );
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      appError = new AppError('bad_request', error.message || 'Bad request.', error.statusCode);
    } else if (isDatabaseUnreachable(error)) {
      // the database is away (restart, failover): say so, briefly, and let the client try again
      request.log.warn({ err: error }, 'database unreachable');
      appError = unavailable();
      reply.header('retry-after', '5');
    } else {
      request.log.error({ err: error }, 'request failed');
      appError = new AppError('internal_error', 'An unexpected error occurred.', 500);
    }
    if (appError instanceof TooManyAttempts) reply.header('retry-after', String(appError.retryAfterSeconds));
    else if (appError.status === 429 && error.statusCode === 429) reply.header('retry-after', '60');
    return reply.status(appError.status).send(toErrorBody(appError));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(toErrorBody(new AppError('not_found', `No route ${request.method} ${request.url}.`, 404)));
  });
}
