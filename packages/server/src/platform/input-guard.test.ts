import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projects } from '../modules/projects/projects.tables';
import { users } from '../modules/accounts/accounts.tables';
import { customerSignup } from '../modules/accounts/test-payloads';
import { createTestApp } from '../test/test-app';
import { givenCustomer } from '../test/world';
import { MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE, inspectInput } from './input-guard';

let t: Awaited<ReturnType<typeof createTestApp>>;
let customer = '';
beforeAll(async () => {
  t = await createTestApp();
  customer = (await givenCustomer(t)).cookie;
}, 60_000);
afterAll(() => t.close());

/** `levels` objects each holding the next under `key`, the innermost holding `inner`. */
const nested = (levels: number, inner: unknown = 'ring', key = 'a'): unknown => {
  let value = inner;
  for (let i = 0; i < levels; i++) value = { [key]: value };
  return value;
};
const deepArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

const postJson = (url: string, payload: string, cookie = customer) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', cookie },
    payload,
  });

const countOf = async (table: typeof projects | typeof users) =>
  (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;

describe('deeply nested input', () => {
  test('a JSON body nested 3,000 levels deep is refused with 400 and writes nothing', async () => {
    const before = await countOf(projects);
    for (const payload of [
      JSON.stringify({ title: nested(3000) }),
      JSON.stringify(nested(3000, 'x', 'title')),
      JSON.stringify({ title: 'Ring', extra: JSON.parse(deepArrays(3000)) }),
      deepArrays(100_000),
    ]) {
      const res = await postJson('/api/projects', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'nesting_too_deep', message: TOO_DEEP_MESSAGE } });
    }
    expect(await countOf(projects)).toBe(before);
  });

  test('the same body to a route anyone may call (sign-in) gets the same answer', async () => {
    const res = await postJson(
      '/api/auth/login',
      JSON.stringify({ email: nested(3000), password: 'x', portal: 'customer' }),
      '',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('nesting_too_deep');
  });

  test(`nesting up to ${MAX_INPUT_DEPTH} levels passes the guard and meets the usual validation`, async () => {
    // the body itself is level 1: title holds 63 more
    const res = await postJson('/api/projects', JSON.stringify({ title: nested(MAX_INPUT_DEPTH - 1) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    const over = await postJson('/api/projects', JSON.stringify({ title: nested(MAX_INPUT_DEPTH) }));
    expect(over.json().error.code).toBe('nesting_too_deep');
  });

  test('sign-up form data (multipart `data`) nested deeply is refused with 400 and creates no account', async () => {
    const before = await countOf(users);
    const data = JSON.stringify({ ...customerSignup('deep@example.com'), firstName: nested(3000) });
    const boundary = 'facetdeep';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\ncontent-disposition: form-data; name="data"\r\n\r\n${data}\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'nesting_too_deep', message: TOO_DEEP_MESSAGE } });
    expect(await countOf(users)).toBe(before);
  });

  test('a query string with 3,000 nested brackets is read flat and never a 500', async () => {
    const key = 'a' + '[b]'.repeat(3000);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects?${encodeURIComponent(key)}=1&${'[x]'.repeat(3000)}=2`,
      headers: { cookie: customer },
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
  });

  test('NUL characters are still found, in document order, under any nesting the guard allows', () => {
    expect(
      inspectInput({ a: ['ok', 'x\u0000'], 'k\u0000': 1, b: { c: 'y\u0000' } }, ['body']).nulPaths,
    ).toEqual([
      ['body', 'a', '1'],
      ['body', 'k\u0000'],
      ['body', 'b', 'c'],
    ]);
    expect(inspectInput(nested(MAX_INPUT_DEPTH - 1, 'z\u0000'))).toEqual({
      nulPaths: [Array.from({ length: MAX_INPUT_DEPTH - 1 }, () => 'a')],
      tooDeep: false,
    });
    expect(inspectInput(JSON.parse(deepArrays(1_000_000))).tooDeep).toBe(true);
  });
});
