import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/test-app';
import { givenStaff } from '../../test/world';
import { redisInvalidationBus, type InvalidationBus } from '../../platform/invalidation';
import type { RedisLink } from '../../platform/redis';
import { catalogService } from './catalog.service';
import { materials } from './catalog.tables';

// The kept catalog (decision 042): pricing reads it from memory, every change drops it on every node.
let t: Awaited<ReturnType<typeof createTestApp>>;
let staffId: string;
const silent = { warn: () => {}, info: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.catalog.seed();
  staffId = (await givenStaff(t)).id;
  // with REDIS_URL the app's bus is Redis: kept only once subscribed
  await until(async () => t.ctx.catalog.kept());
});
afterAll(() => t.close());

const silverBase = async (catalog = t.ctx.catalog) =>
  (await catalog.loadCatalog()).materials.find((m) => m.id === 1)!.basePrice;
const writeSilverBase = (basePrice: number) =>
  t.ctx.db.update(materials).set({ basePrice }).where(eq(materials.id, 1));

/** A port nothing listens on (a Redis that is not there). */
const deadPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function until(check: () => Promise<boolean>, ms = 5000) {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('not within time');
    },
    { timeout: ms, interval: 20 },
  );
}

describe('one node', () => {
  test('the catalog is kept: a write that nobody tells of is not seen until the change is told', async () => {
    const before = await silverBase();
    await writeSilverBase(before + 1);
    try {
      expect(await silverBase()).toBe(before);
      t.ctx.catalog.changed();
      expect(await silverBase()).toBe(before + 1);
    } finally {
      await writeSilverBase(before);
      t.ctx.catalog.changed();
    }
    expect(await silverBase()).toBe(before);
  });

  test('a staff edit and a new spot price are seen by the next quote at once', async () => {
    const ring = { volumeMm3: 399.72, surfaceAreaMm2: 532.96, watertight: true };
    const first = await t.ctx.pricing.priceModel(ring, { materialId: 1 });
    const before = await silverBase();
    await t.ctx.catalog.updateMaterial({ id: staffId }, 1, { basePrice: before * 2 });
    const dearer = await t.ctx.pricing.priceModel(ring, { materialId: 1 });
    expect(dearer.quote.castPrice).toBeGreaterThan(first.quote.castPrice);
    await t.ctx.catalog.updateMaterial({ id: staffId }, 1, { basePrice: before });
    expect((await t.ctx.pricing.priceModel(ring, { materialId: 1 })).quote).toEqual(first.quote);

    const spotted = (await t.ctx.catalog.loadCatalog()).materials.find(
      (m) => m.spotMetal && m.purity !== null,
    );
    if (!spotted) throw new Error('the seeded catalog has no alloy priced from a spot price');
    const priced = await t.ctx.pricing.priceModel(ring, { materialId: spotted.id });
    const spot = priced.quote.spot?.spotCents ?? 3000_00;
    await t.ctx.metalPrices.record({ id: staffId }, spotted.spotMetal!, spot * 2, null);
    const after = await t.ctx.pricing.priceModel(ring, { materialId: spotted.id });
    expect(after.quote.spot?.spotCents).toBe(spot * 2);
    expect(after.quote.castPrice).toBeGreaterThan(priced.quote.castPrice);
    await t.ctx.metalPrices.record({ id: staffId }, spotted.spotMetal!, spot, null);
  });

  test('an entry staff add or delete is in, or out of, the very next read', async () => {
    const polishNames = async () => (await t.ctx.catalog.loadCatalog()).polishes.map((p) => p.name);
    const added = await t.ctx.catalog.createStaffEntry({ id: staffId }, 'polish', {
      name: 'Cache Sandblast',
      basePrice: 0.02,
    });
    expect(await polishNames()).toContain('Cache Sandblast');
    await t.ctx.catalog.deleteStaffEntry({ id: staffId }, 'polish', Number(added.id), async () => 0);
    expect(await polishNames()).not.toContain('Cache Sandblast');
  });

  test('requests that arrive together share one read, and nobody can change the shared copy', async () => {
    t.ctx.catalog.changed();
    const views = await Promise.all(Array.from({ length: 50 }, () => t.ctx.catalog.loadCatalog()));
    expect(new Set(views).size).toBe(1);
    expect(await t.ctx.catalog.loadCatalog()).toBe(views[0]);
    const material = views[0]!.materials[0]!;
    expect(() => {
      (material as { basePrice: number }).basePrice = 0;
    }).toThrow(TypeError);
    expect(() => views[0]!.materials.push(material)).toThrow(TypeError);
  });

  test('a change told while a read is under way is not lost: that read is not kept', async () => {
    const before = await silverBase();
    t.ctx.catalog.changed();
    const reading = t.ctx.catalog.loadCatalog();
    await writeSilverBase(before + 2);
    t.ctx.catalog.changed();
    await reading;
    try {
      expect(await silverBase()).toBe(before + 2);
    } finally {
      await writeSilverBase(before);
      t.ctx.catalog.changed();
    }
  });
});

describe('while changes cannot be heard (Redis away), every quote reads the catalog again', () => {
  let bus: InvalidationBus;
  beforeAll(async () => {
    bus = redisInvalidationBus(`redis://127.0.0.1:${await deadPort()}`, silent, []);
  });
  afterAll(() => bus.close());

  test('an untold write is seen at once', async () => {
    const catalog = catalogService(t.ctx.db, { bus });
    expect(bus.live()).toBe(false);
    const before = await silverBase(catalog);
    await writeSilverBase(before + 3);
    try {
      expect(await silverBase(catalog)).toBe(before + 3);
    } finally {
      await writeSilverBase(before);
    }
  });
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('two nodes over Redis', () => {
  const links: RedisLink[] = [];
  const buses: InvalidationBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
  });

  test("a staff edit on one node drops the other node's kept catalog", async () => {
    const [a, b] = [0, 1].map(() => {
      const bus = redisInvalidationBus(redisUrl!, silent, links);
      buses.push(bus);
      return catalogService(t.ctx.db, { bus });
    });
    await until(async () => buses.every((bus) => bus.live()));
    expect(links).toHaveLength(4);
    const before = await silverBase(b!);
    await a!.updateMaterial({ id: staffId }, 1, { basePrice: before + 4 });
    try {
      await until(async () => (await silverBase(b!)) === before + 4);
    } finally {
      await a!.updateMaterial({ id: staffId }, 1, { basePrice: before });
    }
    await until(async () => (await silverBase(b!)) === before);
  });
});
