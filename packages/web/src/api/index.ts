/**
 * The wire contract: request and reply types generated from the server's OpenAPI document
 * (`openapi.d.ts`, `npm run api:types`; decision 018). Features alias these instead of copying shapes.
 */
import type { components, paths } from './openapi';

export type { components, paths };

/** The named components of the document (`Project`, `Offer`, `DesignerCard`, …). */
export type Schemas = components['schemas'];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

type Responses<P extends keyof paths, M extends Method> = Operation<P, M>['responses'];
type Success<P extends keyof paths, M extends Method> = Extract<keyof Responses<P, M>, 200 | 201 | 202>;

/**
 * The JSON body of a reply, e.g. `Reply<'/api/projects/{id}', 'get'>`: by default its success body (200,
 * 201 or 202, whichever the route declares), else the status given.
 */
export type Reply<
  P extends keyof paths,
  M extends Method,
  S extends keyof Responses<P, M> = Success<P, M>,
> = JsonOf<Responses<P, M>[S]>;

/** The JSON body of a request, e.g. `RequestBody<'/api/pricing', 'post'>`. */
export type RequestBody<P extends keyof paths, M extends Method> = JsonOf<
  NonNullable<Operation<P, M>['requestBody']>
>;

/** The query string of a request. */
export type Query<P extends keyof paths, M extends Method> = NonNullable<
  Operation<P, M>['parameters']['query']
>;
