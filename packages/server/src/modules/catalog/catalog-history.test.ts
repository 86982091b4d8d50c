import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { paymentsTestKit } from '../payments/payments-test-kit';
import { payments } from '../payments/payments.tables';
import { plans } from '../billing/billing.tables';
import { catalogService } from './catalog.service';
import { pricingService } from '../pricing/pricing.service';
import { catalogChanges, polishes } from './catalog.tables';
import { seedCatalog } from './catalog.seed';

// Issue 15's catalog editor, finished: plans and the earned percentage with history, entries added and
// deleted (decision 042). Over the real app and a real PGlite database.
let k: Awaited<ReturnType<typeof paymentsTestKit>>;
beforeAll(async () => {
  k = await paymentsTestKit();
}, 120_000);
afterAll(() => k.t.close());

const changeRows = async () => (await k.t.ctx.db.select({ n: count() }).from(catalogChanges))[0]!.n;
const history = async (query: string) =>
  (await k.call('staff', 'GET', `/api/staff/catalog/history?${query}`)).json().changes as {
    entity: string;
    entityId: number;
    entityKey: string | null;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    actor: { email: string } | null;
  }[];
const earned = async () => (await k.call('staff', 'GET', '/api/staff/settings/earned-percentage')).json();

describe('only staff', () => {
  test('signed out 401 and a customer or pro 403 on every new call, before the body is read', async () => {
    const calls: ['GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', string, unknown][] = [
      ['GET', '/api/staff/settings/earned-percentage', undefined],
      ['PUT', '/api/staff/settings/earned-percentage', { percentage: 50 }],
      ['GET', '/api/staff/plans', undefined],
      ['PATCH', '/api/staff/plans/pro', { priceCents: 1 }],
      ['POST', '/api/staff/catalog/polishes', { name: 'Sneaky', basePrice: 0.01 }],
      ['DELETE', '/api/staff/catalog/polishes/2', undefined],
      ['POST', '/api/staff/catalog/quantity-breaks', { minQuantity: 7, factor: 0.5 }],
    ];
    const before = await changeRows();
    for (const [method, url, body] of calls) {
      expect((await k.call('nobody', method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await k.call('customer', method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await k.call('designer', method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await changeRows()).toBe(before);
    expect((await earned()).percentage).toBe(80);
  });
});

describe('the earned percentage', () => {
  test('bad input is a clear 400 and changes nothing', async () => {
    const before = await changeRows();
    const message = 'The earned percentage must be a whole number from 0 to 100.';
    for (const body of [
      { percentage: 101 },
      { percentage: -1 },
      { percentage: 80.5 },
      { percentage: '70' },
    ]) {
      const r = await k.call('staff', 'PUT', '/api/staff/settings/earned-percentage', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().error).toMatchObject({ code: 'validation_failed', message });
    }
    const extra = await k.call('staff', 'PUT', '/api/staff/settings/earned-percentage', {
      percentage: 70,
      share: 30,
    });
    expect(extra.statusCode).toBe(400);
    expect(await earned()).toEqual({ percentage: 80, isDefault: true, updatedAt: null });
    expect(await changeRows()).toBe(before);
  });

  test('a payment asked for before a change keeps its percentage; the change is in the history and the audit log', async () => {
    const first = await k.projectAtPayment('Before the change');
    const opened = await k.checkout(`/api/projects/${first}/payment`, 'earned-before-1');
    expect(opened.statusCode, opened.body).toBe(200);
    const paid = await k.pay(opened.json().checkoutUrl, '4242424242424242');
    expect(paid.statusCode, paid.body).toBe(303);
    await k.t.ctx.jobs.drain();
    const paymentId = opened.json().paymentId as string;

    const set = await k.call('staff', 'PUT', '/api/staff/settings/earned-percentage', { percentage: 70 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ percentage: 70, isDefault: false });

    const [kept] = await k.t.ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(kept).toMatchObject({ earnedPercentage: 80, status: 'succeeded' });

    const second = await k.projectAtPayment('After the change');
    const again = await k.checkout(`/api/projects/${second}/payment`, 'earned-after-1');
    const [fresh] = await k.t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.id, again.json().paymentId as string));
    expect(fresh!.earnedPercentage).toBe(70);

    const [change] = await history('entity=earned_percentage');
    expect(change).toMatchObject({
      entity: 'earned_percentage',
      entityId: 0,
      entityKey: 'earnedPercentage',
      before: { percentage: 80 },
      after: { percentage: 70 },
      actor: { email: k.people.staff.email },
    });
    // the same value again records nothing
    const rows = await changeRows();
    await k.call('staff', 'PUT', '/api/staff/settings/earned-percentage', { percentage: 70 });
    expect(await changeRows()).toBe(rows);

    const audit = (await k.call('staff', 'GET', '/api/staff/audit')).json().entries as {
      route: string;
      method: string;
      detail: Record<string, unknown>;
    }[];
    expect(audit).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        route: '/api/staff/settings/earned-percentage',
        detail: { percentage: 70 },
      }),
    );
    await k.call('staff', 'PUT', '/api/staff/settings/earned-percentage', { percentage: 80 });
  }, 60_000);
});

describe('membership plans', () => {
  test('staff list every plan; an edit is kept with who, before and after; a paid membership keeps what it was charged', async () => {
    const list = await k.call('staff', 'GET', '/api/staff/plans');
    expect(list.statusCode).toBe(200);
    expect(list.json().plans.map((p: { id: string }) => p.id)).toEqual(['standard', 'pro', 'business']);

    const chose = await k.call(
      'other',
      'POST',
      '/api/me/membership',
      { plan: 'Pro' },
      { 'idempotency-key': 'plans-history-1' },
    );
    expect(chose.statusCode, chose.body).toBe(200);
    const paid = await k.pay(chose.json().checkoutUrl, '4242424242424242');
    expect(paid.statusCode).toBe(303);
    await k.t.ctx.jobs.drain();
    const [charged] = await k.t.ctx.db.select().from(payments).where(eq(payments.payerId, k.ids.other!));
    expect(charged).toMatchObject({ purpose: 'membership', amountCents: 2900, status: 'succeeded' });

    const edited = await k.call('staff', 'PATCH', '/api/staff/plans/pro', {
      priceCents: 3500,
      perks: ['Pro designs', 'Priority support'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: 'pro', priceCents: 3500 });

    const [change] = await history('entity=membership_plan&entityKey=pro');
    expect(change).toMatchObject({
      entity: 'membership_plan',
      entityKey: 'pro',
      before: { priceCents: 2900 },
      after: { priceCents: 3500, perks: ['Pro designs', 'Priority support'] },
      actor: { email: k.people.staff.email },
    });
    const [still] = await k.t.ctx.db.select().from(payments).where(eq(payments.id, charged!.id));
    expect(still!.amountCents).toBe(2900);
    expect((await k.call('other', 'GET', '/api/me/membership')).json().plan.name).toBe('Pro');
  }, 60_000);

  test('bad plan input is a clear 400 and changes nothing', async () => {
    const [before] = await k.t.ctx.db.select().from(plans).where(eq(plans.id, 'business'));
    const rows = await changeRows();
    const cases: [unknown, string][] = [
      [{ priceCents: -1 }, 'The price a month must be a whole number of cents from 0 to 1,000,000.'],
      [{ priceCents: 9.99 }, 'The price a month must be a whole number of cents from 0 to 1,000,000.'],
      [{ monthlyCredits: 'many' }, 'The monthly credits must be a whole number from 0 to 1,000,000.'],
      [{ perks: [''] }, 'Each perk is 1 to 120 characters.'],
      [{}, 'Give at least one field to change.'],
    ];
    for (const [body, message] of cases) {
      const r = await k.call('staff', 'PATCH', '/api/staff/plans/business', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().error).toMatchObject({ code: 'validation_failed', message });
    }
    expect(
      (await k.call('staff', 'PATCH', '/api/staff/plans/standard', { priceCents: 100 })).statusCode,
    ).toBe(409);
    const [after] = await k.t.ctx.db.select().from(plans).where(eq(plans.id, 'business'));
    expect(after).toEqual(before);
    expect(await changeRows()).toBe(rows);
  });
});

describe('adding and deleting catalog entries', () => {
  test('a new polish and a new quantity break are added and deleted, each recorded with who and when', async () => {
    const added = await k.call('staff', 'POST', '/api/staff/catalog/polishes', {
      name: 'Sandblast',
      basePrice: 0.009,
    });
    expect(added.statusCode, added.body).toBe(201);
    const polish = added.json().entry;
    expect(polish).toMatchObject({
      name: 'Sandblast',
      basePrice: 0.009,
      isDisabled: false,
      isDefault: false,
    });
    const catalog = (await k.call('staff', 'GET', '/api/staff/catalog')).json();
    expect(catalog.polishes.map((p: { name: string }) => p.name)).toContain('Sandblast');

    const clash = await k.call('staff', 'POST', '/api/staff/catalog/polishes', {
      name: 'Sandblast',
      basePrice: 0.01,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe('Another polish is already named Sandblast.');

    const gone = await k.call('staff', 'DELETE', `/api/staff/catalog/polishes/${polish.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    const changes = await history(`entity=polish&entityId=${polish.id}`);
    expect(changes.map((c) => [c.before.name ?? null, c.after.name ?? null])).toEqual([
      ['Sandblast', null],
      [null, 'Sandblast'],
    ]);
    expect(changes[0]!.after).toEqual({});
    expect(changes[1]!.before).toEqual({});
    expect(changes.every((c) => c.actor?.email === k.people.staff.email)).toBe(true);

    const qb = await k.call('staff', 'POST', '/api/staff/catalog/quantity-breaks', {
      minQuantity: 75,
      factor: 0.85,
    });
    expect(qb.statusCode, qb.body).toBe(201);
    expect(qb.json().entry).toEqual({ minQuantity: 75, factor: 0.85 });
    const twice = await k.call('staff', 'POST', '/api/staff/catalog/quantity-breaks', {
      minQuantity: 75,
      factor: 0.8,
    });
    expect(twice.statusCode).toBe(409);
    expect((await k.call('staff', 'DELETE', '/api/staff/catalog/quantity-breaks/75')).statusCode).toBe(204);
    const one = await k.call('staff', 'DELETE', '/api/staff/catalog/quantity-breaks/1');
    expect(one.statusCode).toBe(409);
    expect(one.json().error.message).toBe('The break from 1 piece prices every order and cannot be deleted.');
  });

  test('bad new entries are a clear 400 and add nothing', async () => {
    const rows = await changeRows();
    const cases: [string, unknown, string][] = [
      ['polishes', { basePrice: 0.01 }, 'The name is required.'],
      ['polishes', { name: 'Matte', basePrice: -1 }, 'The base price per mm² cannot be negative.'],
      [
        'materials',
        { name: 'Copper', sku: 'CU', code: 'CU', basePrice: 5, gravity: 8.9 },
        'canPlate must be true or false.',
      ],
      [
        'quantity-breaks',
        { minQuantity: 1, factor: 1 },
        'The least quantity is from 2 to 1,000,000 (every quantity from 1 has a price).',
      ],
      [
        'quantity-breaks',
        { minQuantity: 20, factor: 1.5 },
        'The factor must be more than 0 and at most 1 (0.8 = 20 % off).',
      ],
      [
        'fonts',
        { name: 'Lora', packageName: 'lora' },
        'The package must be a fontsource package, like @fontsource/lora.',
      ],
      ['categories', { name: 'Watches', colour: 'red' }, 'Unrecognized key: "colour"'],
      [
        'materials',
        {
          name: 'Odd',
          sku: 'OD',
          code: 'OD',
          kind: 'resin',
          basePrice: 1,
          gravity: 1.1,
          canPlate: false,
          spotMetal: 'gold',
          purity: 0.5,
        },
        'Only a metal can be priced from a spot price.',
      ],
    ];
    for (const [path, body, message] of cases) {
      const r = await k.call('staff', 'POST', `/api/staff/catalog/${path}`, body);
      expect(r.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.json().error).toMatchObject({ code: 'validation_failed', message });
    }
    const unknownCategory = await k.call('staff', 'POST', '/api/staff/catalog/item-types', {
      name: 'Brooch',
      categoryId: 999,
    });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().error.message).toBe('That category does not exist.');
    expect(await changeRows()).toBe(rows);
  });

  test('a material a stored quote names, the default and a category in use are refused with a 409; the quote is intact', async () => {
    const catalog = catalogService(k.t.ctx.db);
    const pricing = pricingService({ db: k.t.ctx.db, catalog });
    const ring = { volumeMm3: 399.72, surfaceAreaMm2: 532.96, watertight: true };
    const saved = await pricing.saveQuote(ring, { materialId: 4, quantity: 2 }, { customerId: null });
    const rows = await changeRows();

    const quoted = await k.call('staff', 'DELETE', '/api/staff/catalog/materials/4');
    expect(quoted.statusCode).toBe(409);
    expect(quoted.json().error).toMatchObject({
      code: 'in_use',
      message: '14k White Gold is named by 1 stored quote, so it cannot be deleted; disable it instead.',
    });
    const byDefault = await k.call('staff', 'DELETE', '/api/staff/catalog/materials/1');
    expect(byDefault.statusCode).toBe(409);
    expect(byDefault.json().error.code).toBe('default_entry');
    const category = await k.call('staff', 'DELETE', '/api/staff/catalog/categories/1');
    expect(category.statusCode).toBe(409);
    expect(category.json().error.code).toBe('in_use');
    expect((await k.call('staff', 'DELETE', '/api/staff/catalog/materials/999')).statusCode).toBe(404);
    expect(await changeRows()).toBe(rows);

    // disabling is the way out, and the stored quote keeps its rates
    expect(
      (await k.call('staff', 'PATCH', '/api/staff/catalog/materials/4', { isDisabled: true })).statusCode,
    ).toBe(200);
    expect((await pricing.getQuote(saved.id)).quote).toEqual(saved.quote);
    await k.call('staff', 'PATCH', '/api/staff/catalog/materials/4', { isDisabled: false });

    // an unquoted material is added, then deleted
    const copper = await k.call('staff', 'POST', '/api/staff/catalog/materials', {
      name: 'Copper',
      sku: 'CU-1',
      code: 'CU',
      kind: 'metal',
      basePrice: 5,
      gravity: 8.96,
      canPlate: true,
    });
    expect(copper.statusCode, copper.body).toBe(201);
    const id = copper.json().entry.id as number;
    expect(copper.json().entry).toMatchObject({ name: 'Copper', kind: 'metal', isDisabled: false });
    expect((await k.call('staff', 'DELETE', `/api/staff/catalog/materials/${id}`)).statusCode).toBe(204);
  });
});

describe('a deleted seeded entry', () => {
  test('stays deleted when the seed runs again (a restart), and its id is never given to a new entry', async () => {
    const seeded = await k.call('staff', 'DELETE', '/api/staff/catalog/polishes/4');
    expect(seeded.statusCode, seeded.body).toBe(204);
    await seedCatalog(k.t.ctx.db);
    expect(await k.t.ctx.db.select().from(polishes).where(eq(polishes.id, 4))).toEqual([]);
    const temp = await k.call('staff', 'POST', '/api/staff/catalog/polishes', {
      name: 'Temp',
      basePrice: 0.01,
    });
    const tempId = temp.json().entry.id as number;
    expect((await k.call('staff', 'DELETE', `/api/staff/catalog/polishes/${tempId}`)).statusCode).toBe(204);
    const next = await k.call('staff', 'POST', '/api/staff/catalog/polishes', {
      name: 'Brushed',
      basePrice: 0.01,
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().entry.id).toBe(tempId + 1);
  });
});
