import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationError } from './errors';
import { invalidMultipart, toErrorBody } from './error-handler';

export const NUL_MESSAGE = 'Text may not contain the NUL character.';
/** Deepest nesting of objects and arrays any request may send; no form of ours comes near it. */
export const MAX_INPUT_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels of objects and arrays).`;

export const tooDeep = () => new AppError('nesting_too_deep', TOO_DEEP_MESSAGE, 400);

interface Visit {
  value: unknown;
  key: string;
  depth: number;
  parent: Visit | null;
}

const pathOf = (visit: Visit, prefix: readonly string[]): string[] => {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key);
  return [...prefix, ...keys.reverse()];
};

/**
 * Walks `value` without recursion (a body may nest thousands of levels) and reports the dotted paths of
 * every string (or key) holding a NUL character, in document order, and whether any object or array lies
 * deeper than MAX_INPUT_DEPTH (the walk stops there).
 */
export function inspectInput(
  value: unknown,
  prefix: readonly string[] = [],
): { nulPaths: string[][]; tooDeep: boolean } {
  const nulPaths: string[][] = [];
  const stack: Visit[] = [{ value, key: '', depth: 0, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (visit.key.includes('\u0000')) {
      nulPaths.push(pathOf(visit, prefix));
      continue;
    }
    if (typeof v === 'string') {
      if (v.includes('\u0000')) nulPaths.push(pathOf(visit, prefix));
      continue;
    }
    if (!v || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    const depth = visit.depth + 1;
    if (depth > MAX_INPUT_DEPTH) return { nulPaths, tooDeep: true };
    const entries: [string, unknown][] = Array.isArray(v)
      ? v.map((item, i) => [String(i), item])
      : Object.entries(v);
    // pushed last to first, so they come off the stack in document order
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      stack.push({ value: item, key, depth, parent: visit });
    }
  }
  return { nulPaths, tooDeep: false };
}

/**
 * Refuses input no route can take before anything is read or changed: nesting deeper than
 * MAX_INPUT_DEPTH, and text with a NUL character (the database cannot store it).
 */
export function assertSafeInput(value: unknown, prefix: readonly string[] = []) {
  const found = inspectInput(value, prefix);
  if (found.tooDeep) throw tooDeep();
  if (found.nulPaths.length > 0)
    throw validationError(found.nulPaths.map((path) => ({ path, message: NUL_MESSAGE })));
}

/**
 * Input no route can take, refused with the one error shape before validation: a NUL character in a path
 * param, the query or a JSON body, a JSON body (or query) nested deeper than MAX_INPUT_DEPTH (multipart
 * fields are checked where a route parses them), and a multipart request without a usable boundary.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) {
      // the form parser throws on a missing or over-long boundary (RFC 2046: 1 to 70 characters)
      const boundary = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(request.headers['content-type'] ?? '');
      const value = boundary?.[1] ?? boundary?.[2] ?? '';
      if (value.length < 1 || value.length > 70) throw invalidMultipart();
    }
    assertSafeInput(request.params, ['params']);
    assertSafeInput(request.query, ['query']);
    if (!request.isMultipart()) assertSafeInput(request.body);
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
