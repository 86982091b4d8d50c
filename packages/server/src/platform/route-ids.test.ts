import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerFor, createTestApp } from '../test/test-app';
import { givenCustomer, givenStaff } from '../test/world';

/**
 * Route ids (issue 29): every id in a path is a uuid param, and one that is not a uuid is answered as the
 * resource's own 404, word for word the answer for a uuid nobody has.
 */

const MISSING = '00000000-0000-4000-8000-000000000000';
const NOT_UUIDS = ['x', 'not-a-uuid', '11111111-1111-1111-1111-111111111111', `${MISSING}0`];

/** Path params that name something but are not our uuids, each with its reason. Nothing else is spared. */
const NOT_OUR_IDS: Record<string, string> = {
  'GET /api/rooms/{roomId}/messages roomId':
    'a chat room id is made of three ids and digits (spec section 3)',
  'PUT /api/rooms/{roomId}/messages/{messageId}/pinned roomId': 'a chat room id, as above',
  'POST /api/rooms/{roomId}/attachments roomId': 'a chat room id, as above',
  'PATCH /api/staff/plans/{id} id': "a plan's id is its name ('premium')",
  'POST /api/staff/webhook-events/{id}/retry id': "the payment gateway's event id (evt_…)",
};

let t: Awaited<ReturnType<typeof createTestApp>>;
const cookies: Record<string, string> = {};
const call = () => callerFor(t.app, cookies);

beforeAll(async () => {
  t = await createTestApp();
  cookies.customer = (await givenCustomer(t)).cookie;
  cookies.staff = (await givenStaff(t)).cookie;
}, 120_000);
afterAll(async () => t?.close());

describe('a route id that is not a uuid', () => {
  test.each([
    ['customer', 'GET', '/api/orders/:id', 'Order was not found.'],
    ['customer', 'GET', '/api/projects/:id', 'Project was not found.'],
    ['customer', 'GET', '/api/payments/:id/receipt', 'Payment was not found.'],
    ['customer', 'POST', '/api/me/notifications/:id/read', 'That notification was not found.'],
    ['customer', 'GET', '/api/designers/:id', 'Designer was not found.'],
    ['customer', 'POST', '/api/invitations/:id/accept', 'Invitation was not found.'],
    ['staff', 'POST', '/api/staff/change-requests/:id/mark-paid', 'Change request was not found.'],
    ['customer', 'GET', '/api/models/:id', 'That model was not found.'],
    ['customer', 'POST', '/api/library/:id/models', 'That design was not found.'],
    ['customer', 'GET', '/api/engraving-images/:id', 'That engraving image was not found.'],
    ['customer', 'GET', '/api/files/:id', 'That file was not found.'],
    ['staff', 'POST', '/api/staff/payouts/:id/retry', 'That payout was not found.'],
  ] as const)('%s %s %s: the 404 of an id nobody has', async (who, method, path, message) => {
    const missing = await call()(who, method, path.replace(':id', MISSING));
    expect(missing.statusCode, missing.body).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not_found', message } });
    for (const id of NOT_UUIDS) {
      const r = await call()(who, method, path.replace(':id', encodeURIComponent(id)));
      expect(r.statusCode, `${id}: ${r.body}`).toBe(404);
      expect(r.json()).toEqual(missing.json());
    }
  });

  test("a second id in the path is its own resource's 404", async () => {
    const created = await call()('customer', 'POST', '/api/projects', {
      title: 'Route ids',
      items: [{ title: 'Ring', category: 'Rings', itemType: 'Ring', dimensions: [{ width: '20' }] }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const projectId = created.json().project.id as string;
    for (const attachmentId of ['x', MISSING]) {
      const r = await call()('customer', 'GET', `/api/projects/${projectId}/attachments/${attachmentId}`);
      expect(r.statusCode, r.body).toBe(404);
      expect(r.json().error).toEqual({ code: 'not_found', message: 'Attachment was not found.' });
    }
  });

  test('other path params keep their own 400 (a country code, a board column)', async () => {
    const country = await call()('customer', 'GET', '/api/countries/xyz/states');
    expect(country.statusCode).toBe(400);
    expect(country.json().error.code).toBe('validation_failed');
    const column = await call()('staff', 'GET', '/api/staff/projects/board/nowhere');
    expect(column.statusCode).toBe(400);
    expect(column.json().error.code).toBe('validation_failed');
  });
});

test('every string id in a path is a uuid param in the API document (a new route cannot forget it)', async () => {
  type Param = { in: string; name: string; schema?: { type?: string; format?: string } };
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Param[] }>>;
  };
  const checked: string[] = [];
  const forgotten: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      for (const p of op.parameters ?? []) {
        if (p.in !== 'path' || !(p.name === 'id' || p.name.endsWith('Id'))) continue;
        const key = `${method.toUpperCase()} ${path} ${p.name}`;
        // catalog entries are numbered (`z.coerce.number()`): not a string at all
        if (NOT_OUR_IDS[key] || p.schema?.type === 'number' || p.schema?.type === 'integer') continue;
        checked.push(key);
        if (p.schema?.format !== 'uuid') forgotten.push(key);
      }
    }
  }
  expect(checked.length).toBeGreaterThan(50);
  expect(forgotten, 'path ids that are not uuid params').toEqual([]);
  // the spared list holds only routes that exist
  const present = Object.keys(NOT_OUR_IDS).filter((key) => {
    const [method, path] = key.split(' ');
    return Boolean(doc.paths[path!]?.[method!.toLowerCase()]);
  });
  expect(present).toEqual(Object.keys(NOT_OUR_IDS));
});
