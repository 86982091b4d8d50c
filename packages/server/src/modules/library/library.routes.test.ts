import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readMesh } from '@facet/domain/mesh';
import { eq } from 'drizzle-orm';
import { libraryProducts } from './library.tables';
import { models } from '../models/models.tables';
import { users } from '../accounts/accounts.tables';
import { createTestApp, sessionCookie } from '../../test/test-app';
import { designerSignup } from '../accounts/test-payloads';
import { withCatalog } from '../catalog/catalog.test-helper';
import type { ModelView } from '../models/models.contract';
import { signUpCustomer } from '../models/models.test-helper';
import type { LibraryProductView } from './library.schemas';
import { libraryDesigns } from './library.seed';

const UPGRADE = 'Upgrade your membership to use this design!';

let t: Awaited<ReturnType<typeof createTestApp>>;
let standard: string;
let pro: string;
let business: string;
let designer: string;
/** Design ids by slug. */
const ids: Record<string, string> = {};

async function customerWith(email: string, membership: string) {
  const cookie = await signUpCustomer(t.app, email);
  await t.ctx.db.update(users).set({ membership }).where(eq(users.email, email));
  return cookie;
}

const get = (url: string, cookie: string | null) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string | null, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function useDesign(slug: string, cookie: string) {
  const res = await post(`/api/library/${ids[slug]}/models`, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { model: ModelView }).model;
}

beforeAll(async () => {
  t = await createTestApp();
  await withCatalog(t);
  standard = await customerWith('library.standard@example.com', 'Standard');
  pro = await customerWith('library.pro@example.com', 'Pro');
  business = await customerWith('library.business@example.com', 'Business');
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: designerSignup('library.designer@example.com'),
  });
  expect(signup.statusCode, signup.body).toBe(201);
  designer = sessionCookie(signup);
  for (const row of await t.ctx.db.select().from(libraryProducts)) ids[row.slug] = row.id;
});
afterAll(() => t.close());

describe('the seeded library', () => {
  test('has the four designs, each with its binary STL in storage', async () => {
    expect(Object.keys(ids).sort()).toEqual(['block-pendant', 'classic-band', 'pearl-bead', 'wide-band']);
    for (const row of await t.ctx.db.select().from(libraryProducts)) {
      const head = await t.ctx.storage.head(row.storageKey);
      expect(head?.sizeBytes, row.slug).toBe(row.sizeBytes);
      // binary STL: 84 bytes of header and count, 50 per triangle
      expect((row.sizeBytes - 84) % 50, row.slug).toBe(0);
    }
  });

  test('seeding again changes nothing, and writes a lost file again', async () => {
    const rows = () => t.ctx.db.select().from(libraryProducts).orderBy(libraryProducts.slug);
    const before = await rows();
    const band = before.find((r) => r.slug === 'classic-band')!;
    await t.ctx.storage.remove(band.storageKey);
    await t.ctx.library.seed();
    await t.ctx.library.seed();
    expect(await rows()).toEqual(before);
    expect(await t.ctx.storage.head(band.storageKey)).toEqual({ sizeBytes: band.sizeBytes });
  });
});

describe('GET /api/library', () => {
  const list = async (cookie: string) => {
    const res = await get('/api/library', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { membership: string; products: LibraryProductView[] };
  };
  const access = (products: LibraryProductView[]) =>
    Object.fromEntries(products.map((p) => [p.slug, p.access]));

  test('a Standard member: two designs open, the bead needs 10 pieces, the others ask for an upgrade', async () => {
    const body = await list(standard);
    expect(body.membership).toBe('Standard');
    expect(body.products.map((p) => p.slug)).toEqual(libraryDesigns.map((d) => d.slug));
    const band = body.products.find((p) => p.slug === 'classic-band')!;
    expect(band).toMatchObject({
      name: 'Classic Band',
      itemType: 'Ring',
      membership: 'Standard',
      sizeMm: { x: 21, y: 21, z: 2 },
    });
    expect(access(body.products)).toEqual({
      'classic-band': { allowed: true, message: null, minPieces: 1, minimumText: null },
      'pearl-bead': {
        allowed: true,
        message: null,
        minPieces: 10,
        minimumText: 'To access Pearl Bead Charm you must order at least 10 pieces',
      },
      'wide-band': {
        allowed: false,
        message: UPGRADE,
        minPieces: 25,
        minimumText: 'To access Wide Statement Band you must order at least 25 pieces',
      },
      'block-pendant': {
        allowed: false,
        message: UPGRADE,
        minPieces: 50,
        minimumText: 'To access Block Pendant you must order at least 50 pieces',
      },
    });
  });

  test('a Pro member opens the wide band with its own minimum; a Business member opens everything', async () => {
    const proAccess = access((await list(pro)).products);
    expect(proAccess['wide-band']).toEqual({
      allowed: true,
      message: null,
      minPieces: 5,
      minimumText: 'To access Wide Statement Band you must order at least 5 pieces',
    });
    expect(proAccess['pearl-bead']!.minPieces).toBe(5);
    expect(proAccess['block-pendant']!.message).toBe(UPGRADE);

    const body = await list(business);
    expect(body.membership).toBe('Business');
    const all = access(body.products);
    expect(Object.values(all).every((a) => a.allowed)).toBe(true);
    expect(all['pearl-bead']).toMatchObject({ minPieces: 1, minimumText: null });
    expect(all['block-pendant']!.minimumText).toBe(
      'To access Block Pendant you must order at least 10 pieces',
    );
  });

  test('signed out is 401; a designer is 403', async () => {
    const out = await get('/api/library', null);
    expect(out.statusCode).toBe(401);
    expect(out.json().error.code).toBe('unauthenticated');
    const pro = await get('/api/library', designer);
    expect(pro.statusCode).toBe(403);
    expect(pro.json().error.code).toBe('forbidden');
  });
});

describe('POST /api/library/:id/models', () => {
  test('copies the design into a new model of mine, analysed like an upload', async () => {
    const model = await useDesign('classic-band', standard);
    expect(model).toMatchObject({
      fileName: 'classic-band.stl',
      status: 'ready',
      libraryProductId: ids['classic-band'],
      unit: 'mm',
    });
    expect(model.analysis).toMatchObject({ format: 'stl-binary', watertight: true, boundaryEdges: 0 });
    expect(model.analysis!.sizeMm.x).toBeCloseTo(21, 1);
    expect(model.analysis!.sizeMm.z).toBeCloseTo(2, 1);
    // a torus of radii 9.5 and 1: volume 2π²Rr² ≈ 187.5 mm³ (a little less as facets)
    expect(model.analysis!.volumeMm3).toBeGreaterThan(180);
    expect(model.analysis!.volumeMm3).toBeLessThan(188);

    // the model's own file, in its own place: removing the model leaves the library's file
    const file = await get(`/api/models/${model.id}/file`, standard);
    expect(file.statusCode).toBe(200);
    const [design] = await t.ctx.db
      .select()
      .from(libraryProducts)
      .where(eq(libraryProducts.slug, 'classic-band'));
    expect(file.rawPayload.byteLength).toBe(design!.sizeBytes);
    expect(readMesh(new Uint8Array(file.rawPayload), 'classic-band.stl').positions.length / 9).toBe(
      (design!.sizeBytes - 84) / 50,
    );
    const [row] = await t.ctx.db.select().from(models).where(eq(models.id, model.id));
    expect(row!.storageKey).not.toBe(design!.storageKey);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/models/${model.id}`,
          headers: { cookie: standard },
        })
      ).statusCode,
    ).toBe(204);
    expect(await t.ctx.storage.head(design!.storageKey)).not.toBeNull();

    // listed among my models, not someone else's
    const other = await useDesign('classic-band', standard);
    const mine = (await get('/api/models', standard)).json().models as ModelView[];
    expect(mine.map((m) => m.id)).toContain(other.id);
    expect(((await get('/api/models', pro)).json().models as ModelView[]).map((m) => m.id)).not.toContain(
      other.id,
    );
  });

  test("below the design's membership: 403 with the upgrade text, and no model is made", async () => {
    const before = (await t.ctx.db.select().from(models)).length;
    for (const [slug, cookie] of [
      ['wide-band', standard],
      ['block-pendant', standard],
      ['block-pendant', pro],
    ] as const) {
      const res = await post(`/api/library/${ids[slug]}/models`, cookie);
      expect(res.statusCode, slug).toBe(403);
      expect(res.json().error).toEqual({ code: 'membership_required', message: UPGRADE });
    }
    expect((await t.ctx.db.select().from(models)).length).toBe(before);
    expect((await useDesign('block-pendant', business)).status).toBe('ready');
  });

  test('an unknown design is 404, so is a malformed id; signed out 401; a designer 403', async () => {
    const unknown = await post('/api/library/00000000-0000-4000-8000-000000000000/models', standard);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('That design was not found.');
    const malformed = await post('/api/library/classic-band/models', standard);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().error.message).toBe('That design was not found.');
    expect((await post(`/api/library/${ids['classic-band']}/models`, null)).statusCode).toBe(401);
    expect((await post(`/api/library/${ids['classic-band']}/models`, designer)).statusCode).toBe(403);
  });
});

describe('pricing a model made from a design', () => {
  test("fewer pieces than my membership's minimum: 422 with the minimum text; the minimum is priced", async () => {
    const bead = await useDesign('pearl-bead', standard);
    const low = await post('/api/pricing', standard, { modelId: bead.id, quantity: 9 });
    expect(low.statusCode, low.body).toBe(422);
    expect(low.json().error).toMatchObject({
      code: 'below_minimum_pieces',
      message: 'To access Pearl Bead Charm you must order at least 10 pieces',
    });
    // no quantity is one piece: refused too
    expect((await post('/api/pricing', standard, { modelId: bead.id })).statusCode).toBe(422);
    const ok = await post('/api/pricing', standard, { modelId: bead.id, quantity: 10 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().quote.quantity).toBe(10);
    expect(ok.json().quote.totalPrice).toBeGreaterThan(0);

    const compare = await post('/api/pricing/compare', standard, { modelId: bead.id, quantity: 2 });
    expect(compare.statusCode).toBe(422);
    expect(compare.json().error.message).toBe('To access Pearl Bead Charm you must order at least 10 pieces');
  });

  test('the minimum follows the membership: a Pro member prices 5 beads, a Business member one', async () => {
    const proBead = await useDesign('pearl-bead', pro);
    expect((await post('/api/pricing', pro, { modelId: proBead.id, quantity: 4 })).json().error.message).toBe(
      'To access Pearl Bead Charm you must order at least 5 pieces',
    );
    expect((await post('/api/pricing', pro, { modelId: proBead.id, quantity: 5 })).statusCode).toBe(200);
    const bizBead = await useDesign('pearl-bead', business);
    expect((await post('/api/pricing', business, { modelId: bizBead.id, quantity: 1 })).statusCode).toBe(200);
  });

  test('a member who moved down a plan cannot price the design any more', async () => {
    const email = 'library.downgrade@example.com';
    const cookie = await customerWith(email, 'Business');
    const pendant = await useDesign('block-pendant', cookie);
    expect((await post('/api/pricing', cookie, { modelId: pendant.id, quantity: 10 })).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ membership: 'Pro' }).where(eq(users.email, email));
    const res = await post('/api/pricing', cookie, { modelId: pendant.id, quantity: 100 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(UPGRADE);
  });

  test('an uploaded model has no minimum', async () => {
    const model = await useDesign('classic-band', standard);
    expect((await post('/api/pricing', standard, { modelId: model.id, quantity: 1 })).statusCode).toBe(200);
  });
});
