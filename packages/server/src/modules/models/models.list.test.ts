import { afterAll, beforeAll, expect, test } from 'vitest';
import { models } from './models.tables';
import { createTestApp } from '../../test/test-app';
import { signUpCustomer } from './models.test-helper';

/** GET /api/models pages by keyset (decision 040): bounded, stable under equal timestamps, nothing twice. */
let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let stranger: string;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpCustomer(t.app, 'paging.owner@example.com');
  stranger = await signUpCustomer(t.app, 'paging.stranger@example.com');
  ownerId = (await get('/api/me', owner)).json().user.id;
  // 120 models, ten per timestamp: the id breaks the ties
  const base = Date.parse('2026-01-01T00:00:00Z');
  await t.ctx.db.insert(models).values(
    Array.from({ length: 120 }, (_, i) => ({
      ownerId,
      fileName: `ring-${i}.stl`,
      storageKey: `paging/${ownerId}/${i}`,
      sizeBytes: 100 + i,
      status: 'failed' as const,
      createdAt: new Date(base + Math.floor(i / 10) * 1000),
    })),
  );
}, 120_000);
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

test('pages of 50 by default, newest first, each model once, then nextCursor null', async () => {
  const seen: { id: string; createdAt: string }[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const r = await get(`/api/models${cursor ? `?cursor=${cursor}` : ''}`, owner);
    expect(r.statusCode).toBe(200);
    const body = r.json() as { models: { id: string; createdAt: string }[]; nextCursor: string | null };
    sizes.push(body.models.length);
    seen.push(...body.models);
    cursor = body.nextCursor;
  } while (cursor);
  expect(sizes).toEqual([50, 50, 20]);
  expect(new Set(seen.map((m) => m.id)).size).toBe(120);
  const times = seen.map((m) => Date.parse(m.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
});

test('a limit of its own, at most 100', async () => {
  const r = await get('/api/models?limit=7', owner);
  expect(r.json().models).toHaveLength(7);
  expect(r.json().nextCursor).toBe(r.json().models[6].id);
  expect((await get('/api/models?limit=101', owner)).statusCode).toBe(400);
  expect((await get('/api/models?limit=0', owner)).statusCode).toBe(400);
});

test('a cursor that is not one of my models is refused with a clear message', async () => {
  const first = (await get('/api/models?limit=1', owner)).json().nextCursor as string;
  for (const cursor of ['nonsense', '00000000-0000-4000-8000-000000000000', first]) {
    const r = await get(`/api/models?cursor=${cursor}`, cursor === first ? stranger : owner);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('That page of models no longer exists; start from the first page.');
  }
  // the stranger has none of the owner's models
  expect((await get('/api/models', stranger)).json()).toEqual({ models: [], nextCursor: null });
});
