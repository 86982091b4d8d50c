import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { projects, users } from '../db/schema/index';
import { createTestApp, loginAs } from '../test/test-app';
import { customerSignup } from '../modules/accounts/test-payloads';

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

/** A body that passes the schema as far as types go, so value checks in handlers get reached. */
const plausible = (schema: Schema | undefined): unknown => {
  const s = resolve(schema);
  if (!s) return 'x';
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) out[key] = plausible(prop);
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
const badBodies = (schema: Schema | undefined): Record<string, { payload?: string; type?: string }> => {
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
  };
  const s = resolve(schema);
  const props = Object.entries(s?.properties ?? {});
  if (props.length === 0) return bodies;
  // one bad field next to plausible required ones, so checks past the schema get reached
  const required = new Set(s?.required ?? []);
  const base = Object.fromEntries(props.filter(([k]) => required.has(k)).map(([k, p]) => [k, plausible(p)]));
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
  // a logout ends the session the sweep uses: sign in again
  if (who !== 'anonymous' && route.path === '/api/auth/logout')
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
      const queries = ['page=-1&limit=abc&after=zz', 'page=1e400&pageSize=-5&limit=0&after=-1'];
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
