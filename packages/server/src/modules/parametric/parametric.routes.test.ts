import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { analyseMesh, readMesh } from '@facet/domain/mesh';
import { innerDiameterMm, parametricMessages } from '@facet/domain/parametric';
import { createTestApp } from '../../test/test-app';
import { givenCustomer, givenDesigner } from '../../test/world';
import { withCatalog } from '../catalog/catalog.test-helper';
import { models } from '../models/models.tables';
import type { ModelView } from '../models/models.contract';

let t: Awaited<ReturnType<typeof createTestApp>>;
let customer: string;
let designer: string;

beforeAll(async () => {
  t = await createTestApp();
  await withCatalog(t);
  customer = (await givenCustomer(t)).cookie;
  designer = (await givenDesigner(t)).cookie;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, cookie: string | null = customer) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const modelCount = async () => (await t.ctx.db.select({ n: count() }).from(models))[0]!.n;

const ring7 = {
  kind: 'ring',
  params: {
    sizeSystem: 'us',
    size: 7,
    bandWidthMm: 4,
    thicknessMm: 1.8,
    profile: 'comfort',
    engravingText: 'Always',
  },
};

describe('POST /api/parametric-models', () => {
  let ring: ModelView;

  test('generates a ring, stores it as an STL of the customer and analyses it like an upload', async () => {
    const res = await call('POST', '/api/parametric-models', ring7);
    expect(res.statusCode, res.body).toBe(201);
    const { model, facts } = res.json() as {
      model: ModelView;
      facts: { innerDiameterMm: number; euSize: number; usSize: number; closedFormVolumeMm3: number };
    };
    ring = model;
    expect(model.status).toBe('ready');
    expect(model.fileName).toBe('ring-us-7-comfort-4x1.8mm.stl');
    expect(model.parametric).toEqual(ring7);
    expect(facts.innerDiameterMm).toBeCloseTo(innerDiameterMm({ system: 'us', value: 7 }), 12);
    expect(facts.usSize).toBe(7);
    expect(facts.euSize).toBe(54.5);
    const analysis = model.analysis!;
    expect(analysis.watertight).toBe(true);
    expect(analysis.shells).toBe(1);
    expect(analysis.boundaryEdges).toBe(0);
    expect(analysis.nonManifoldEdges).toBe(0);
    expect(Math.abs(analysis.volumeMm3 - facts.closedFormVolumeMm3)).toBeLessThanOrEqual(1e-9);
    expect(analysis.sizeMm.z).toBeCloseTo(4, 2);

    // the stored file is that mesh, readable like any upload
    const file = await call('GET', model.fileUrl);
    expect(file.statusCode).toBe(200);
    const again = analyseMesh(readMesh(new Uint8Array(file.rawPayload), model.fileName));
    expect(again.volumeMm3).toBe(analysis.volumeMm3);

    // and it is one of my models, with its parameters for opening it again
    const read = await call('GET', `/api/models/${model.id}`);
    expect(read.json().model.parametric).toEqual(ring7);
  });

  test('prices like any model and goes into the cart', async () => {
    const priced = await call('POST', '/api/pricing', { modelId: ring.id, quantity: 1 });
    expect(priced.statusCode, priced.body).toBe(200);
    const { quote } = priced.json();
    expect(quote.castPrice).toBeGreaterThan(0);
    expect(quote.totalPrice).toBeGreaterThan(0);
    const expected = await t.ctx.pricing.priceModel(ring.analysis!, {
      materialId: (await t.ctx.catalog.getCatalog()).defaults.materialId!,
      quantity: 1,
    });
    expect(quote).toEqual(expected.quote);

    const added = await call('POST', '/api/cart/items', { modelId: ring.id, choices: {}, quantity: 1 });
    expect(added.statusCode, added.body).toBe(201);
    const cart = await call('GET', '/api/cart');
    expect(cart.json().items.some((line: { modelId?: string }) => line.modelId === ring.id)).toBe(true);
  });

  test('generates a bar necklace bar', async () => {
    const res = await call('POST', '/api/parametric-models', {
      kind: 'bar',
      params: { lengthMm: 30, heightMm: 5, thicknessMm: 1.5 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { model, facts } = res.json();
    expect(model.analysis.watertight).toBe(true);
    expect(model.analysis.sizeMm).toEqual({ x: 30, y: 5, z: 1.5 });
    expect(Math.abs(model.analysis.volumeMm3 - facts.closedFormVolumeMm3)).toBeLessThanOrEqual(1e-9);
    expect(facts.innerDiameterMm).toBeUndefined();
  });

  test('refuses bad parameters with 400 and the field messages, storing nothing', async () => {
    const before = await modelCount();
    const res = await call('POST', '/api/parametric-models', {
      kind: 'ring',
      params: { ...ring7.params, size: 17, bandWidthMm: 0.5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      fields: {
        'params.size': parametricMessages.usSize,
        'params.bandWidthMm': parametricMessages.bandWidth,
      },
    });
    const eu = await call('POST', '/api/parametric-models', {
      kind: 'ring',
      params: { ...ring7.params, sizeSystem: 'eu', size: 7 },
    });
    expect(eu.statusCode).toBe(400);
    expect(eu.json().error.message).toBe(parametricMessages.euSize);
    const short = await call('POST', '/api/parametric-models', {
      kind: 'bar',
      params: { lengthMm: 15, heightMm: 6, thicknessMm: 1 },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(parametricMessages.barTooShort);
    const kind = await call('POST', '/api/parametric-models', { kind: 'vase', params: {} });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.message).toBe(parametricMessages.kind);
    expect(await modelCount()).toBe(before);
  });

  test('is for customers only', async () => {
    const before = await modelCount();
    expect((await call('POST', '/api/parametric-models', ring7, designer)).statusCode).toBe(403);
    expect((await call('POST', '/api/parametric-models', ring7, null)).statusCode).toBe(401);
    expect(await modelCount()).toBe(before);
  });

  test('another customer cannot read the generated model', async () => {
    const [row] = await t.ctx.db.select().from(models).where(eq(models.id, ring.id));
    expect(row!.parametric).toEqual(ring7);
    const other = await call('GET', `/api/models/${ring.id}`, undefined, designer);
    expect(other.statusCode).toBe(404);
  });
});
