import type { FastifyError, FastifyRequest } from 'fastify';
import { uuidSchema } from '@facet/domain/rules';
import { notFound, type AppError } from './errors';

/**
 * Route ids (`/api/orders/:id`): every one a uuid param. An id that is not a uuid can never name a stored
 * row, so it is answered as the resource's own 404 (`not_found`, "Order was not found."), the same answer
 * as a uuid nobody has, and never reaches a handler or the database.
 */

/** What each route id param is the id of (its 404 says so). */
const named = new WeakMap<object, string>();

/** A route's id param: a uuid; anything else is the 404 of `what` ('Order' → "Order was not found."). */
export function routeId(what: string) {
  const schema = uuidSchema(notFound(what).message);
  named.set(schema, what);
  return schema;
}

/**
 * The one 404 mapping of the error handler: a path param validation error on a `routeId` param is that
 * resource's not found; any other validation error is not this function's (undefined).
 */
export function malformedRouteId(error: FastifyError, request: FastifyRequest): AppError | undefined {
  if (error.validationContext !== 'params' || !error.validation) return undefined;
  const params = request.routeOptions.schema?.params as { shape?: Record<string, object> } | undefined;
  for (const issue of error.validation) {
    const field = issue.instancePath.split('/')[1];
    const what = field && params?.shape?.[field] ? named.get(params.shape[field]) : undefined;
    if (what) return notFound(what);
  }
  return undefined;
}
