import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { generateCube, writeStlBinary } from '@facet/domain/mesh';
import { projectItems, projects } from '../modules/projects/projects.tables';
import { users } from '../modules/accounts/accounts.tables';
import { createTestApp, loginAs } from '../test/test-app';
import { startGatewaySwitch } from '../test/gateway-switch';
import { NO_ACCESS_MESSAGE } from './auth';
import { customerSignup } from '../modules/accounts/test-payloads';
import { uploadModel } from '../modules/models/models.test-helper';

/**
 * Bad input never gets a 500: every route the app lists in its OpenAPI document (so a new route is swept
 * without touching this file) gets bad path params, bad bodies and bad query strings, anonymous and as
 * each demo role. Every answer is below 500, and every 4xx JSON answer is the one error shape.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { in: string; name: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Route = { method: string; path: string; op: Operation };

/**
 * Routes left out, each with its reason. Nothing else is skipped.
 * (None at the moment: no route streams forever and every route answers an inject.)
 */
const EXCLUDED: Record<string, string> = {};

const ROLES = {
  customer: 'customer@demo.facet',
  designer: 'designer@demo.facet',
  service: 'service@demo.facet',
  staff: 'staff@demo.facet',
} as const;
type Role = keyof typeof ROLES;
type Who = Role | 'anonymous';

const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
const PATH_VALUES: Record<string, string> = {
  'missing uuid': MISSING_UUID,
  'not a uuid': 'x',
  '500 chars': 'a'.repeat(500),
  'nul byte': '%00',
  quote: "'",
  'dot dot': '..',
  'encoded slash and dots': '..%2F..%2Fetc%2Fpasswd',
  'broken escape': '%zz',
};
const LONG = 'x'.repeat(10_000);

let t: Awaited<ReturnType<typeof createTestApp>>;
let routes: Route[] = [];
let components: Record<string, Schema> = {};
const cookies: Partial<Record<Role, string>> = {};

const resolve = (schema: Schema | undefined): Schema | undefined => {
  if (!schema?.$ref) return schema;
  return resolve(components[schema.$ref.replace('#/components/schemas/', '')]);
};
const typeOf = (schema: Schema | undefined): string | undefined => {
  const s = resolve(schema);
  if (!s) return undefined;
  if (Array.isArray(s.type)) return s.type.find((x) => x !== 'null');
  if (s.type) return s.type;
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  return alt ? typeOf(alt.find((a) => typeOf(a) !== 'null')) : undefined;
};

/**
 * A body that passes the schema as far as types go, so value checks in handlers get reached. A field named
 * in `real` (modelId, proId …) gets that real record's id instead.
 */
const plausible = (schema: Schema | undefined, real: Record<string, unknown> = {}): unknown => {
  const s = resolve(schema);
  if (!s) return 'x';
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {}))
        out[key] = key in real ? real[key] : plausible(prop, real);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'uuid') return MISSING_UUID;
      if (s.format === 'email') return 'nobody@example.com';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return 'x';
  }
};

/** The bad bodies for one JSON schema: wrong types for every field at once, then one field at a time. */
const badBodies = (
  schema: Schema | undefined,
  real: Record<string, unknown> = {},
): Record<string, { payload?: string; type?: string }> => {
  const json = (v: unknown) => ({ payload: JSON.stringify(v), type: 'application/json' });
  const bodies: Record<string, { payload?: string; type?: string }> = {
    none: {},
    'empty object': json({}),
    'invalid json': { payload: '{"a": ', type: 'application/json' },
    'empty json': { payload: '', type: 'application/json' },
    array: json([1, 2]),
    'json null': json(null),
    'json string': json('x'),
    'text plain': { payload: 'hello', type: 'text/plain' },
    'multipart without boundary': { payload: 'hello', type: 'multipart/form-data' },
    'multipart with a 100-char boundary': {
      payload: 'hello',
      type: `multipart/form-data; boundary=${'b'.repeat(100)}`,
    },
    'multipart cut short': {
      payload: '--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a":',
      type: 'multipart/form-data; boundary=b',
    },
    'multipart field with nul': {
      payload: '--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a":"x\\u0000"}\r\n--b--\r\n',
      type: 'multipart/form-data; boundary=b',
    },
    'unknown fields': json({ unknownField: 1, __proto__x: 'x', constructor: { prototype: 1 } }),
    'nested 3000 levels deep': {
      payload: '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
      type: 'application/json',
    },
  };
  const s = resolve(schema);
  const props = Object.entries(s?.properties ?? {});
  if (props.length === 0) return bodies;
  // one bad field next to plausible required ones, so checks past the schema get reached
  const required = new Set(s?.required ?? []);
  const base = Object.fromEntries(
    props.filter(([k]) => required.has(k)).map(([k, p]) => [k, k in real ? real[k] : plausible(p, real)]),
  );
  const all = (f: (type: string | undefined) => unknown) =>
    Object.fromEntries(props.map(([k, p]) => [k, f(typeOf(p))]));
  bodies['numbers as strings'] = json(
    all((ty) => (ty === 'number' || ty === 'integer' ? '12' : ty === 'boolean' ? 'true' : 12)),
  );
  bodies['strings as objects'] = json(all(() => ({ a: { b: 1 } })));
  bodies['all null'] = json(all(() => null));
  bodies['plausible plus unknown field'] = json({ ...base, unknownField: 'x' });
  for (const [key, prop] of props) {
    const ty = typeOf(prop);
    const one = (v: unknown) => json({ ...base, [key]: v });
    if (ty === 'number' || ty === 'integer') {
      bodies[`${key} negative`] = one(-1);
      bodies[`${key} huge`] = one(1e300);
      bodies[`${key} past int32`] = one(2 ** 31);
      bodies[`${key} max safe`] = one(Number.MAX_SAFE_INTEGER);
      bodies[`${key} fraction`] = one(1.5);
    } else if (ty === 'string') {
      bodies[`${key} 10000 chars`] = one(LONG);
      bodies[`${key} nul byte`] = one('a\u0000b');
      bodies[`${key} empty`] = one('');
    } else if (ty === 'array') {
      bodies[`${key} huge array`] = one(Array.from({ length: 2000 }, () => 'x'));
      bodies[`${key} array of objects`] = one([{ a: 1 }]);
    }
  }
  return bodies;
};

const fill = (path: string, value: string) => path.replace(/\{\*\}/g, value).replace(/\{[^}]+\}/g, value);

type Request = { who: Who; label: string; options: InjectOptions };
const failures: string[] = [];
let sent = 0;

async function send({ who, label, options }: Request, route: Route) {
  const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
  if (who !== 'anonymous') headers.cookie = cookies[who]!;
  const r = await t.app.inject({ ...options, headers });
  sent += 1;
  const describe = `${route.method} ${route.path} as ${who} [${label}] ${options.method} ${String(options.url).slice(0, 160)}`;
  if (r.statusCode >= 500) {
    failures.push(`${describe} -> ${r.statusCode} ${r.body.slice(0, 300)}`);
  } else if (r.statusCode >= 400 && String(r.headers['content-type'] ?? '').includes('application/json')) {
    let body: { error?: { code?: unknown; message?: unknown } } | undefined;
    try {
      body = r.json();
    } catch {
      body = undefined;
    }
    if (typeof body?.error?.code !== 'string' || typeof body.error.message !== 'string')
      failures.push(`${describe} -> ${r.statusCode} not the error shape: ${r.body.slice(0, 300)}`);
  }
  // a logout (ours, or through the identity provider) ends the session the sweep uses: sign in again
  if (who !== 'anonymous' && (route.path === '/api/auth/logout' || route.path === '/api/identity/logout'))
    cookies[who] = await loginAs(t.app, ROLES[who], who);
  return r.statusCode;
}

beforeAll(async () => {
  // the sweep signs in again after each logout and sends many bad logins: no rate limit in the way
  t = await createTestApp({ seedDemo: true, loginRateLimit: 100_000, signupRateLimit: 100_000 });
  const r = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(r.statusCode).toBe(200);
  const doc = r.json() as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, Schema> };
  };
  components = doc.components?.schemas ?? {};
  routes = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
  for (const role of Object.keys(ROLES) as Role[]) cookies[role] = await loginAs(t.app, ROLES[role], role);
}, 120_000);
afterAll(async () => t?.close());

describe('bad input never gets a 500', () => {
  test('every route, anonymous and as every role', async () => {
    expect(routes.length).toBeGreaterThan(60);
    const swept = routes.filter((r) => !EXCLUDED[`${r.method} ${r.path}`]);
    for (const route of swept) {
      const { method, path, op } = route;
      const hasParams = /\{[^}]+\}/.test(path);
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const takesBody = ['POST', 'PUT', 'PATCH'].includes(method);
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
      const url = fill(path, MISSING_UUID);

      // path params: every value as everyone
      if (hasParams) {
        for (const [label, value] of Object.entries(PATH_VALUES)) {
          for (const who of ['anonymous', ...Object.keys(ROLES)] as Who[]) {
            const options: InjectOptions = { method: method as 'GET', url: fill(path, value) };
            if (bodySchema) options.payload = plausible(bodySchema) as object;
            await send({ who, label: `path ${label}`, options }, route);
          }
        }
      }

      // who gets past the sign-in and role checks: the bad bodies and queries go to them, anonymous once
      const reaching: Role[] = [];
      for (const role of Object.keys(ROLES) as Role[]) {
        const options: InjectOptions = { method: method as 'GET', url };
        if (bodySchema) options.payload = plausible(bodySchema) as object;
        const status = await send({ who: role, label: 'probe', options }, route);
        if (status !== 401 && status !== 403) reaching.push(role);
      }
      const bodyRoles: Who[] = ['anonymous', ...(reaching.length ? reaching : (['staff'] as Role[]))];

      if (takesBody) {
        for (const [label, body] of Object.entries(badBodies(bodySchema))) {
          for (const who of bodyRoles) {
            const options: InjectOptions = { method: method as 'POST', url };
            if (body.payload !== undefined) options.payload = body.payload;
            if (body.type) options.headers = { 'content-type': body.type };
            await send({ who, label: `body ${label}`, options }, route);
          }
        }
      }

      // query strings: the usual wrong types, then each listed parameter with bad values
      const queries = [
        'page=-1&limit=abc&after=zz',
        'page=1e400&pageSize=-5&limit=0&after=-1',
        `a${'[b]'.repeat(3000)}=1`,
      ];
      for (const p of queryParams) {
        for (const v of ['abc', '-1', '99999999999999999999999', '1.5', '%00', "'", LONG.slice(0, 3000)])
          queries.push(`${encodeURIComponent(p.name)}=${v}`);
        queries.push(`${encodeURIComponent(p.name)}=a&${encodeURIComponent(p.name)}=b`);
      }
      for (const query of queries) {
        for (const who of bodyRoles) {
          const options: InjectOptions = { method: method as 'GET', url: `${url}?${query}` };
          if (bodySchema) options.payload = plausible(bodySchema) as object;
          await send({ who, label: `query ${query.slice(0, 40)}`, options }, route);
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures, `${failures.length} bad requests failed:\n${failures.join('\n')}`).toEqual([]);
  }, 300_000);

  test('every route with an id, with real records, as whoever may act on them', async () => {
    const call = async (who: Role, method: 'GET' | 'POST', url: string, payload?: object) => {
      const r = await t.app.inject({ method, url, headers: { cookie: cookies[who]! }, payload });
      expect(r.statusCode, `${method} ${url}: ${r.body}`).toBeLessThan(300);
      return r.json();
    };
    const me = async (who: Role) => (await call(who, 'GET', '/api/me')).user.id as string;
    const designerId = await me('designer');
    const serviceId = await me('service');
    // a project of the customer with an item, designer@demo.facet invited and quoting, their room with a message
    const { project } = await call('customer', 'POST', '/api/projects', {
      title: 'Sweep ring',
      items: [{ title: 'Sweep ring', category: 'Rings', itemType: 'Ring', dimensions: [{ width: '20' }] }],
    });
    const itemId = (await call('customer', 'GET', `/api/projects/${project.id}`)).project.items[0]
      .id as string;
    const invitationId = (
      await call('customer', 'POST', `/api/projects/${project.id}/invitations`, { proId: designerId })
    ).offer.id as string;
    const { rooms } = await call('customer', 'GET', `/api/projects/${project.id}/rooms`);
    const roomId = rooms.find((r: { proId: string }) => r.proId === designerId).id as string;
    const [customerRow] = await t.ctx.db.select().from(users).where(eq(users.email, ROLES.customer));
    const { message } = await t.ctx.chat.send(customerRow!, {
      clientId: 'sweep-1',
      chatRoom: roomId,
      projectId: project.id,
      message: 'Sweep message',
    });
    // the quote makes the chat read-only: the message goes first
    await call('designer', 'POST', `/api/invitations/${invitationId}/offer`, {
      priceCents: 50_000,
      leadTimeDays: 7,
    });
    // a second project of theirs, paid and delivered, with a change request waiting for the designer's quote
    const delivered = (
      await call('customer', 'POST', '/api/projects', {
        title: 'Sweep pendant',
        items: [{ title: 'Pendant', category: 'Rings', itemType: 'Ring', dimensions: [{ width: '20' }] }],
      })
    ).project.id as string;
    const secondInvitation = (
      await call('customer', 'POST', `/api/projects/${delivered}/invitations`, { proId: designerId })
    ).offer.id as string;
    await call('designer', 'POST', `/api/invitations/${secondInvitation}/offer`, {
      priceCents: 40_000,
      leadTimeDays: 5,
    });
    await call('customer', 'POST', `/api/invitations/${secondInvitation}/accept`);
    await call('staff', 'POST', `/api/staff/projects/${delivered}/mark-paid`);
    const delivery = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${delivered}/deliveries`,
      headers: { cookie: cookies.designer!, 'content-type': 'multipart/form-data; boundary=X' },
      payload:
        '--X\r\nContent-Disposition: form-data; name="files"; filename="pendant.stl"\r\nContent-Type: application/octet-stream\r\n\r\nsolid p\nendsolid p\n\r\n--X--\r\n',
    });
    expect(delivery.statusCode, delivery.body).toBe(201);
    const changeRequestId = (
      await call('customer', 'POST', `/api/projects/${delivered}/change-requests`, {
        changes: ['Longer chain'],
      })
    ).changeRequest.id as string;
    // the customer's own model, the first design of the library, the first of each catalog list
    const { model } = await uploadModel(
      t.app,
      cookies.customer!,
      'sweep.stl',
      writeStlBinary(generateCube(10, [0, 0, 0])),
    );
    const libraryId = (await call('customer', 'GET', '/api/library')).products[0].id as string;
    const catalog = await call('staff', 'GET', '/api/catalog');
    const real: Record<string, unknown> = {
      projectId: project.id,
      itemId,
      invitationId,
      roomId,
      messageId: message.id,
      modelId: model.id,
      libraryId,
      proId: designerId,
      materialId: catalog.materials[0].id,
      polishId: catalog.polishes[0].id,
      platingId: catalog.platings[0].id,
    };
    // the record each path's {id} names; a path not listed keeps the made-up id
    const idOf: [RegExp, unknown][] = [
      [/^\/api\/(staff\/)?projects\/\{id\}/, project.id],
      [/^\/api\/project-items\/\{id\}/, itemId],
      [/^\/api\/invitations\/\{id\}/, invitationId],
      [/^\/api\/change-requests\/\{id\}/, changeRequestId],
      [/^\/api\/models\/\{id\}/, model.id],
      [/^\/api\/library\/\{id\}/, libraryId],
      [/^\/api\/designers\/\{id\}/, designerId],
      [/^\/api\/staff\/accounts\/\{id\}/, serviceId],
      [/^\/api\/catalog\/materials\/\{id\}/, catalog.materials[0].id],
      [/^\/api\/catalog\/polishes\/\{id\}/, catalog.polishes[0].id],
      [/^\/api\/catalog\/platings\/\{id\}/, catalog.platings[0].id],
      [/^\/api\/countries\/\{code\}/, 'US'],
    ];
    const realUrl = (path: string) =>
      path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        if (name === 'id') return String(idOf.find(([re]) => re.test(path))?.[1] ?? MISSING_UUID);
        return String(real[name] ?? MISSING_UUID);
      });

    // routes that move the record on (accept, approve …) last, so the others meet it as it was made
    const final = /\/(accept|decline|refuse|approve|reject|mark-paid|complete)$/;
    const swept = routes
      .filter((r) => !EXCLUDED[`${r.method} ${r.path}`] && ['POST', 'PUT', 'PATCH'].includes(r.method))
      .filter((r) => {
        const props = Object.keys(
          resolve(r.op.requestBody?.content?.['application/json']?.schema)?.properties ?? {},
        );
        return realUrl(r.path) !== r.path || props.some((k) => k in real);
      })
      .sort((a, b) => Number(final.test(a.path)) - Number(final.test(b.path)));
    expect(swept.length).toBeGreaterThan(20);
    const before = failures.length;
    const sentBefore = sent;
    for (const route of swept) {
      const { method, path, op } = route;
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const url = realUrl(path);
      // whoever gets past the sign-in, role and ownership checks with a plausible body
      const owners: Role[] = [];
      for (const role of Object.keys(ROLES) as Role[]) {
        const options: InjectOptions = { method: method as 'POST', url };
        if (bodySchema) options.payload = plausible(bodySchema, real) as object;
        const status = await send({ who: role, label: 'real probe', options }, route);
        if (![401, 403, 404].includes(status)) owners.push(role);
      }
      for (const [label, body] of Object.entries(badBodies(bodySchema, real))) {
        for (const who of owners) {
          const options: InjectOptions = { method: method as 'POST', url };
          if (body.payload !== undefined) options.payload = body.payload;
          if (body.type) options.headers = { 'content-type': body.type };
          await send({ who, label: `real body ${label}`, options }, route);
        }
      }
    }
    expect(sent - sentBefore).toBeGreaterThan(200);
    const found = failures.slice(before);
    expect(found, `${found.length} bad requests failed:\n${found.join('\n')}`).toEqual([]);
  }, 120_000);
});

describe('a blocked account meets the money routes', () => {
  /**
   * Spec section 4 and issue 28: a deactivated customer is refused every route that moves money with the
   * no-access message, whatever it sends (the standing rule runs before the input is read), and nothing
   * it sends is a 5xx. Only an address the router answers itself (unreadable, too long, or `..` naming
   * another address) never reaches a route: a 4xx all the same, never a 5xx.
   */
  test('a deactivated customer: bad params, bodies, keys and queries on every money route are 403 no-access', async () => {
    const signup = customerSignup('sweep.deactivated@example.com');
    const made = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signup });
    expect(made.statusCode, made.body).toBe(201);
    const decided = await t.app.inject({
      method: 'PATCH',
      url: `/api/staff/accounts/${made.json().user.id}`,
      headers: { cookie: cookies.staff! },
      payload: { status: 'deactivated', reason: 'The bad-input sweep.' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    // deactivating ended the sessions: signed in again, the account lands on /no-access
    const cookie = await loginAs(t.app, signup.email, 'customer', signup.password);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.blocked,
    ).toBe(true);

    // addresses the router answers before any route is found (so before the standing rule): an escape it
    // cannot read (400), a part longer than it takes (414), `..` that names another address (404)
    const UNROUTED = new Set(['broken escape', '500 chars', 'dot dot']);
    const money = t.app.moneyRoutes.map((r) => r.split(' ') as [string, string]);
    expect(money.length).toBeGreaterThanOrEqual(6);
    const refusedBefore = failures.length;
    let asked = 0;
    const ask = async (label: string, options: InjectOptions, reachable = true) => {
      const headers: Record<string, string> = { cookie, ...(options.headers as Record<string, string>) };
      const r = await t.app.inject({ ...options, headers });
      asked += 1;
      const what = `${label}: ${options.method} ${String(options.url).slice(0, 120)} -> ${r.statusCode} ${r.body.slice(0, 200)}`;
      if (r.statusCode >= 500) failures.push(what);
      else if (reachable && (r.statusCode !== 403 || r.json().error?.message !== NO_ACCESS_MESSAGE))
        failures.push(`not the no-access refusal: ${what}`);
    };
    for (const [method, pattern] of money) {
      const path = pattern.replace(/:(\w+)/g, '{$1}');
      const route = routes.find((r) => r.method === method && r.path === path);
      expect(route, `${method} ${pattern} is in the OpenAPI document`).toBeDefined();
      const bodySchema = route!.op.requestBody?.content?.['application/json']?.schema;
      const url = fill(path, MISSING_UUID);
      const keyed = (key: string) => ({ 'idempotency-key': key });
      for (const [label, value] of Object.entries(PATH_VALUES)) {
        await ask(
          `path ${label}`,
          { method: method as 'POST', url: fill(path, value), payload: plausible(bodySchema) as object },
          !UNROUTED.has(label),
        );
      }
      for (const [label, body] of Object.entries(badBodies(bodySchema))) {
        const options: InjectOptions = { method: method as 'POST', url, headers: keyed(`sweep-${label}`) };
        if (body.payload !== undefined) options.payload = body.payload;
        if (body.type) options.headers = { ...keyed(`sweep-${label}`), 'content-type': body.type };
        await ask(`body ${label}`, options);
      }
      for (const key of [undefined, '', 'x'.repeat(10_000), 'a\u0000b', '%00']) {
        const headers: Record<string, string> = key === undefined ? {} : keyed(key);
        await ask('idempotency key', {
          method: method as 'POST',
          url,
          headers,
          payload: plausible(bodySchema) as object,
        }).catch((err: unknown) => {
          // a header value Node itself will not send (a NUL) never leaves the client
          if (!String(err).includes('Invalid character')) throw err;
        });
      }
      for (const query of ['page=-1&limit=abc', `a${'[b]'.repeat(3000)}=1`, 'code=%00']) {
        await ask(`query ${query.slice(0, 20)}`, {
          method: method as 'POST',
          url: `${url}?${query}`,
          headers: keyed('sweep-query'),
          payload: plausible(bodySchema) as object,
        });
      }
    }
    expect(asked).toBeGreaterThan(money.length * 20);
    const found = failures.slice(refusedBefore);
    expect(found, `${found.length} requests were not refused cleanly:\n${found.join('\n')}`).toEqual([]);
  }, 120_000);
});

describe('a refused request changes nothing', () => {
  test('text with a NUL character is refused before anything is written', async () => {
    const count = async () => (await t.ctx.db.select({ id: projects.id }).from(projects)).length;
    const before = await count();
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie: cookies.customer! },
      payload: { title: 'Ring\u0000' },
    });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().error).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    expect(r.json().error.fields).toHaveProperty('title');
    expect(await count()).toEqual(before);
  });

  test('an item edit that changes nothing is refused with 400 and the item stays as it was', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie: cookies.customer! },
      payload: {
        title: 'Empty edit',
        items: [{ title: 'Band', category: 'Rings', itemType: 'Ring', dimensions: [{ width: '20' }] }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [item] = await t.ctx.db
      .select()
      .from(projectItems)
      .where(eq(projectItems.projectId, created.json().project.id));
    for (const payload of [{}, { description: undefined }]) {
      const r = await t.app.inject({
        method: 'PATCH',
        url: `/api/project-items/${item!.id}`,
        headers: { cookie: cookies.customer! },
        payload,
      });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error).toMatchObject({
        code: 'validation_failed',
        message: 'Change the description or the dimensions.',
      });
    }
    const [after] = await t.ctx.db.select().from(projectItems).where(eq(projectItems.id, item!.id));
    expect(after).toEqual(item);
  });

  test('sign-up form data with a NUL character creates no account', async () => {
    const email = 'nul-signup@example.com';
    // a valid sign-up but for the NUL in the name
    const data = JSON.stringify({ ...customerSignup(email), fullName: 'Maya\u0000 Lindgren' });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: `--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n--b--\r\n`,
    });
    expect(r.statusCode, r.body).toBe(400);
    const found = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(found).toEqual([]);
  });
});

describe('with the payment gateway away', () => {
  /**
   * The routes that may call the gateway: every money route of the app, the payout account, the staff's
   * refunds, payouts and reconciliation, the webhook. Bad input to them is refused before the gateway is
   * asked, so an outage never turns it into a 5xx; a request that is fine gets the outage's 503.
   */
  const GATEWAY_ROUTE =
    /payment|checkout|purchase|membership|credits|accept|refund|payout|reconcile|webhooks|mark-paid|cancel/;

  test('bad input to the routes that call the gateway is a 4xx before any call; a good one is 503', async () => {
    const stripe = await startGatewaySwitch('http://127.0.0.1:9');
    await stripe.set('failing');
    const away = await createTestApp({
      seedDemo: true,
      payments: {
        stripe: { secretKey: 'sk_test_sweep', webhookSecret: 'whsec_sweep', apiUrl: stripe.url },
        currency: 'usd',
        sandboxChaos: false,
      },
    });
    try {
      const who: Partial<Record<Role, string>> = {};
      for (const role of Object.keys(ROLES) as Role[]) who[role] = await loginAs(away.app, ROLES[role], role);
      const found: string[] = [];
      let checked = 0;
      const ask = async (role: Who, label: string, options: InjectOptions, route: Route) => {
        const headers: Record<string, string> = {
          'idempotency-key': `sweep-${checked}`,
          ...(options.headers as Record<string, string>),
        };
        if (role !== 'anonymous') headers.cookie = who[role]!;
        const reached = stripe.reached;
        const r = await away.app.inject({ ...options, headers });
        checked += 1;
        const what = `${route.method} ${route.path} as ${role} [${label}]`;
        if (r.statusCode >= 500) found.push(`${what} -> ${r.statusCode} ${r.body.slice(0, 200)}`);
        else if (stripe.reached !== reached)
          found.push(`${what} -> ${r.statusCode} after asking the gateway`);
      };
      const gatewayRoutes = routes.filter(
        (r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && GATEWAY_ROUTE.test(r.path),
      );
      expect(gatewayRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
        expect.arrayContaining([
          'POST /api/me/credits/purchase',
          'POST /api/me/membership',
          'POST /api/checkout',
          'POST /api/projects/{id}/payment',
          'POST /api/me/payout-account',
          'POST /api/staff/payments/reconcile',
        ]),
      );
      for (const route of gatewayRoutes) {
        const bodySchema = route.op.requestBody?.content?.['application/json']?.schema;
        const everyone = ['anonymous', ...Object.keys(ROLES)] as Who[];
        // a route without params or body has no bad input but who asks: the wrong people are refused
        const bodyless = !bodySchema && !/\{[^}]+\}/.test(route.path);
        for (const [label, value] of Object.entries(PATH_VALUES)) {
          if (!/\{[^}]+\}/.test(route.path)) break;
          for (const role of everyone)
            await ask(
              role,
              `path ${label}`,
              { method: route.method as 'POST', url: fill(route.path, value) },
              route,
            );
        }
        if (bodySchema) {
          const required = new Set(resolve(bodySchema)?.required ?? []);
          const optional = Object.keys(resolve(bodySchema)?.properties ?? {}).filter((k) => !required.has(k));
          for (const [label, body] of Object.entries(badBodies(bodySchema))) {
            // not bad: unknown fields are dropped, and an optional text left empty is read as not given
            if (label === 'plausible plus unknown field') continue;
            if (optional.some((key) => label === `${key} empty`)) continue;
            for (const role of everyone) {
              const options: InjectOptions = {
                method: route.method as 'POST',
                url: fill(route.path, MISSING_UUID),
              };
              if (body.payload !== undefined) options.payload = body.payload;
              if (body.type) options.headers = { 'content-type': body.type };
              await ask(role, `body ${label}`, options, route);
            }
          }
        }
        if (bodyless) {
          for (const role of everyone) {
            const options: InjectOptions = { method: route.method as 'POST', url: route.path };
            const r = await away.app.inject({
              ...options,
              headers: role === 'anonymous' ? {} : { cookie: who[role]! },
            });
            // the roles it is for reach the gateway and hear of the outage; the others are refused
            if (r.statusCode >= 500) {
              expect(r.statusCode, `${route.path} as ${role}: ${r.body}`).toBe(503);
              expect(r.json().error.code).toBe('payments_unavailable');
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(500);
      expect(found, `${found.length} bad requests failed:\n${found.join('\n')}`).toEqual([]);

      // a good purchase meets the outage: 503 with the message, the error shape, nothing charged
      const good = await away.app.inject({
        method: 'POST',
        url: '/api/me/credits/purchase',
        headers: { cookie: who.customer!, 'idempotency-key': 'sweep-good-1' },
        payload: { pack: 'pack-50' },
      });
      expect(good.statusCode, good.body).toBe(503);
      expect(good.json().error).toEqual({
        code: 'payments_unavailable',
        message: 'Payments are briefly unavailable; nothing was charged. Please try again in a minute.',
      });
    } finally {
      await away.close();
      await stripe.close();
    }
  }, 300_000);
});
