/**
 * The client's calls checked against the contract at compile time (decision 070). Nothing here runs: the
 * type check (`tsc -b packages/web`) reads this file, and each `@ts-expect-error` fails it if its line ever
 * type-checks, so every wrong call below stays a compile error.
 */
import { expectTypeOf } from 'vitest';
import type { Schemas } from '../api';
import { api, unwrap } from './api-client';

const address = { name: 'Ada', street: '5 Canal St', city: 'New York', country: 'US', zipcode: '10013' };

export async function rightCalls() {
  // path, params and reply agree: the reply is the contract's, with no type named at the call
  const { project } = await unwrap(api.GET('/api/projects/{id}', { params: { path: { id: 'p1' } } }));
  expectTypeOf(project).toEqualTypeOf<Schemas['Project']>();
  const list = await unwrap(api.GET('/api/projects', { params: { query: { page: 2, q: 'ring' } } }));
  expectTypeOf(list.total).toEqualTypeOf<number>();
  await api.POST('/api/checkout', {
    params: { header: { 'idempotency-key': 'k1' } },
    body: { shippingAddress: address, shippingMethod: 'standard' },
  });
}

export async function wrongCalls() {
  // @ts-expect-error a path the API does not have (a typo)
  await api.GET('/api/projcts/{id}', { params: { path: { id: 'p1' } } });
  // @ts-expect-error a path written with its value instead of its template
  await api.GET('/api/projects/p1');
  // @ts-expect-error a method the path does not take
  await api.DELETE('/api/me');
  // @ts-expect-error a path param left out
  await api.GET('/api/projects/{id}', { params: { path: {} } });
  // @ts-expect-error a path param under another name
  await api.GET('/api/projects/{id}', { params: { path: { projectId: 'p1' } } });
  // @ts-expect-error the params left out altogether
  await api.GET('/api/projects/{id}');
  // @ts-expect-error a query value of the wrong type
  await api.GET('/api/projects', { params: { query: { page: 'two' } } });
  // @ts-expect-error a query value outside its set
  await api.GET('/api/staff/projects/board/{column}', { params: { path: { column: 'archived' } } });
  // @ts-expect-error a body missing a required field
  await api.POST('/api/me/password', { body: { currentPassword: 'old-pass' } });
  await api.POST('/api/invitations/{id}/offer', {
    params: { path: { id: 'o1' } },
    // @ts-expect-error a body field of the wrong type
    body: { priceCents: '12', leadTimeDays: 3 },
  });
  await api.POST('/api/checkout', {
    // @ts-expect-error a money route without its Idempotency-Key
    params: {},
    body: { shippingAddress: address, shippingMethod: 'standard' },
  });
  await api.POST('/api/staff/projects/{id}/refund', {
    params: { path: { id: 'p1' } },
    // @ts-expect-error a body sent to a route that takes none
    body: { reason: 'x' },
  });
  const { user } = await unwrap(api.GET('/api/me'));
  // @ts-expect-error a reply field the reply does not have
  expectTypeOf(user.name).toBeString();
  const me = await unwrap(api.GET('/api/me'));
  // @ts-expect-error a reply envelope under another name
  expectTypeOf(me.account).toBeObject();
}
