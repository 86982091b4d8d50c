import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { startFakeAi, solidPng, type FakeAi } from '../../test/fake-openai';
import { files } from '../../platform/files/files.tables';
import { designTestKit } from './design-test-kit';
import { designGenerations } from './design.tables';

let fake: FakeAi;
let k: Awaited<ReturnType<typeof designTestKit>>;

beforeAll(async () => {
  fake = await startFakeAi();
  k = await designTestKit({
    ai: {
      baseUrl: fake.url,
      apiKey: 'sk-test-key',
      imageModel: 'fake-image',
      textModel: 'fake-text',
      timeoutMs: 2000,
      maxRetries: 1,
    },
  });
  // a customer's monthly credits pay for two generations; these tests make more
  await k.giveCredits('customer', 1000);
}, 120_000);
afterAll(async () => {
  await k.t.close();
  await fake.close();
});

const png = solidPng(8, [10, 20, 30]);
let key = 0;
const generate = (who = 'customer', idempotencyKey = `design-key-${(key += 1)}`) =>
  k.call(who, 'POST', '/api/design/generate', undefined, { 'idempotency-key': idempotencyKey });

describe('the design draft', () => {
  test('customers only; a designer gets 403 and nobody signed in 401', async () => {
    expect((await k.call('nobody', 'GET', '/api/design/draft')).statusCode).toBe(401);
    expect((await k.call('designer', 'GET', '/api/design/draft')).statusCode).toBe(403);
    const r = await k.call('designer', 'PUT', '/api/design/draft', { step: 'piece', fields: {} });
    expect(r.statusCode).toBe(403);
  });

  test('each step is checked with a message per field and a refused step saves nothing', async () => {
    const empty = await k.call('customer', 'GET', '/api/design/draft');
    expect(empty.json()).toMatchObject({
      draft: null,
      capabilities: { imageGeneration: true, creditsPerGeneration: 10 },
    });

    const bad = await k.call('customer', 'PUT', '/api/design/draft', {
      step: 'piece',
      fields: { category: 'Jewelry', itemType: 'Keychain' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { itemType: 'Choose an item type of this category.' },
    });
    expect((await k.call('customer', 'GET', '/api/design/draft')).json().draft?.itemType ?? null).toBeNull();

    const missing = await k.call('customer', 'PUT', '/api/design/draft', {
      step: 'description',
      fields: { description: 'short' },
    });
    expect(missing.json().error.fields).toEqual({
      description: 'Describe your idea in at least 20 characters.',
    });
    const unknownMaterial = await k.call('customer', 'PUT', '/api/design/draft', {
      step: 'material',
      fields: { materialId: 99_999 },
    });
    expect(unknownMaterial.json().error.fields).toEqual({ materialId: 'Choose a material.' });
    const wrongShape = await k.call('customer', 'PUT', '/api/design/draft', {
      step: 'nope',
      fields: { colour: 'red' },
    });
    expect(wrongShape.statusCode).toBe(400);
  });

  test('a saved step survives a reload: the draft comes back with its fields, step and progress', async () => {
    const saved = await k.call('customer', 'PUT', '/api/design/draft', {
      step: 'piece',
      nextStep: 'material',
      fields: { category: 'Jewelry', itemType: 'Ring' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (await k.call('customer', 'GET', '/api/design/draft')).json().draft;
    expect(again).toMatchObject({ category: 'Jewelry', itemType: 'Ring', step: 'material' });
    expect(again.progress).toBe(33); // piece and the optional inspiration step are done
    const material = await k.call('customer', 'PUT', '/api/design/draft', {
      step: 'material',
      nextStep: 'inspiration',
      fields: { materialId: k.silverId },
    });
    expect(material.json().draft.materialName).toMatch(/Silver/);
  });

  test('inspiration images: checked by content, at most 5, removable, only their owner reads them', async () => {
    const notAnImage = await k.upload(
      'customer',
      'sketch.png',
      new TextEncoder().encode('not a picture at all'),
    );
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json().error.message).toBe('An inspiration image must be a JPG, PNG or WebP picture.');
    const pdf = await k.upload('customer', 'brief.pdf', png);
    expect(pdf.statusCode).toBe(400);

    let draft;
    for (let i = 0; i < 5; i += 1) {
      const r = await k.upload('customer', `idea-${i}.png`, png);
      expect(r.statusCode, r.body).toBe(201);
      draft = r.json().draft;
    }
    expect(draft.inspiration).toHaveLength(5);
    const sixth = await k.upload('customer', 'one-too-many.png', png);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.message).toBe('A design can have at most 5 inspiration images.');

    const first = draft.inspiration[0];
    const image = await k.call('customer', 'GET', first.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await k.call('other', 'GET', first.url)).statusCode).toBe(404);

    const removed = await k.call('customer', 'DELETE', `/api/design/draft/images/${draft.inspiration[4].id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().draft.inspiration).toHaveLength(4);
    expect((await k.call('other', 'DELETE', `/api/design/draft/images/${first.id}`)).statusCode).toBe(404);
  });
});

describe('concepts, results and projects', () => {
  test('generating needs a complete brief; the first missing step is named', async () => {
    const r = await generate();
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(
      'Finish the Description step first: Describe your idea in at least 20 characters.',
    );
    expect((await k.call('customer', 'POST', '/api/design/generate')).statusCode).toBe(400); // no Idempotency-Key
  });

  test('a complete brief makes concept images; the same key answers the same generation once', async () => {
    await k.completeDraft();
    fake.requests.length = 0;
    const before = (await k.credits()).balance;
    const first = await generate('customer', 'design-once-1');
    expect(first.statusCode, first.body).toBe(201);
    const generation = first.json().generation;
    expect(generation).toMatchObject({ title: 'Wave ring', itemType: 'Ring', widthMm: 20 });
    expect(generation.results).toHaveLength(4);
    expect(first.json().creditsUsed).toBe(10);
    const again = await generate('customer', 'design-once-1');
    expect(again.json().generation.id).toBe(generation.id);
    // the credits were taken once, for the one generation
    expect((await k.credits()).balance).toBe(before - 10);
    expect(fake.requests.filter((r) => r.path === '/v1/images/generations')).toHaveLength(1);
    expect(String(fake.requests[0]?.body.prompt)).toContain('ring in Sterling Silver');

    const image = await k.call('customer', 'GET', generation.results[0].imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline/);
    const download = await k.call('customer', 'GET', generation.results[0].downloadUrl);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="?wave-ring-concept-1\.png/,
    );

    const results = (await k.call('customer', 'GET', '/api/design/results')).json();
    expect(results.generations[0].id).toBe(generation.id);
  });

  test('another customer sees none of it: not the draft, the results, the images or a project from them', async () => {
    const mine = (await k.call('customer', 'GET', '/api/design/results')).json().generations[0].results[0];
    expect((await k.call('other', 'GET', '/api/design/draft')).json().draft).toBeNull();
    expect((await k.call('other', 'GET', '/api/design/results')).json().generations).toEqual([]);
    expect((await k.call('other', 'GET', mine.imageUrl)).statusCode).toBe(404);
    expect((await k.call('other', 'POST', `/api/design/results/${mine.id}/project`)).statusCode).toBe(404);
    const regen = await k.call('other', 'POST', `/api/design/results/${mine.id}/regenerate`, undefined, {
      'idempotency-key': 'other-regenerate-1',
    });
    expect(regen.statusCode).toBe(404);
  });

  test('a failing provider is a clear 502, credits are given back and nothing is stored', async () => {
    const filesBefore = (await k.t.ctx.db.select().from(files).where(eq(files.purpose, 'design-image')))
      .length;
    const before = await k.credits();
    fake.mode = 'fail';
    const r = await generate('customer', 'design-fails-1');
    fake.mode = 'ok';
    const after = await k.credits();
    expect(after.balance).toBe(before.balance);
    expect(
      after.history
        .slice(0, 2)
        .map((h) => h.kind)
        .sort(),
    ).toEqual(['give_back', 'spend']);
    expect(r.statusCode).toBe(502);
    expect(r.json().error).toEqual({
      code: 'ai_failed',
      message:
        'The AI service could not create this. Please try again in a moment. Your 10 credits were given back.',
    });
    const filesAfter = (await k.t.ctx.db.select().from(files).where(eq(files.purpose, 'design-image')))
      .length;
    expect(filesAfter).toBe(filesBefore);
    const [failed] = await k.t.ctx.db
      .select()
      .from(designGenerations)
      .where(eq(designGenerations.idempotencyKey, 'design-fails-1'));
    expect(failed?.status).toBe('failed');
    // the same key answers the same failure; a new key tries again
    expect((await generate('customer', 'design-fails-1')).statusCode).toBe(502);
    expect((await k.call('customer', 'GET', '/api/design/results')).json().generations).toHaveLength(1);
  });

  test('regenerating a result makes a new generation from the same brief', async () => {
    const result = (await k.call('customer', 'GET', '/api/design/results')).json().generations[0].results[1];
    const r = await k.call('customer', 'POST', `/api/design/results/${result.id}/regenerate`, undefined, {
      'idempotency-key': 'design-regen-1',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().generation.title).toBe('Wave ring');
    expect((await k.call('customer', 'GET', '/api/design/results')).json().generations).toHaveLength(2);
  });

  test('Create project carries the brief, the concept and inspiration images and the dimensions over', async () => {
    const generations = (await k.call('customer', 'GET', '/api/design/results')).json().generations;
    const result = generations.at(-1).results[0];
    const r = await k.call('customer', 'POST', `/api/design/results/${result.id}/project`);
    expect(r.statusCode, r.body).toBe(201);
    const project = r.json().project;
    expect(project.title).toBe('Wave ring');
    const [item] = project.items;
    expect(item).toMatchObject({ title: 'Wave ring', category: 'Jewelry', itemType: 'Ring' });
    expect(item.description).toContain('A slim band with a wave');
    expect(item.description).toContain('Material: Sterling Silver.');
    expect(item.dimensions).toEqual([{ width: '20 mm' }, { height: '22 mm' }, { thickness: '2 mm' }]);
    // the concept and the four inspiration images left on the draft
    expect(item.images).toHaveLength(5);
    const again = await k.call('customer', 'POST', `/api/design/results/${result.id}/project`);
    expect(again.statusCode).toBe(200);
    expect(again.json().project.id).toBe(project.id);
    const listed = (await k.call('customer', 'GET', '/api/design/results')).json().generations.at(-1)
      .results[0];
    expect(listed.projectId).toBe(project.id);
  });
});

describe('the form check and recommendations with an AI text model', () => {
  test('errors come from the rules, suggestions from the model', async () => {
    fake.chatAnswer = { issues: [{ field: 'description', message: 'Mention the ring size.' }] };
    const r = await k.call('customer', 'POST', '/api/design/check', { title: '' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      source: 'ai',
      ready: false,
      issues: [
        { field: 'title', level: 'error', message: 'Give your design a title.' },
        { field: 'description', level: 'suggestion', message: 'Mention the ring size.' },
      ],
    });
  });

  test('recommendations come from the model, designers from their skills; a failing model is a clear error', async () => {
    fake.chatAnswer = {
      recommendations: [{ kind: 'material', title: '14K Gold', detail: 'Warm and durable for a band.' }],
    };
    const r = await k.call('customer', 'GET', '/api/design/recommendations');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().source).toBe('ai');
    expect(r.json().recommendations[0]).toEqual({
      kind: 'material',
      title: '14K Gold',
      detail: 'Warm and durable for a band.',
    });
    fake.mode = 'fail';
    const failed = await k.call('customer', 'GET', '/api/design/recommendations');
    fake.mode = 'ok';
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('ai_failed');
  });

  test('the health answer says the AI is configured and reachable', async () => {
    const health = (await k.call('nobody', 'GET', '/api/health')).json();
    expect(health.ai).toBe('openai-compatible');
    expect(health.checks.ai).toBe('up');
  });

  test('starting over closes the draft; the results stay', async () => {
    expect((await k.call('customer', 'DELETE', '/api/design/draft')).statusCode).toBe(204);
    expect((await k.call('customer', 'GET', '/api/design/draft')).json().draft).toBeNull();
    expect(
      (await k.call('customer', 'GET', '/api/design/results')).json().generations.length,
    ).toBeGreaterThan(0);
  });
});

describe('one Idempotency-Key, one request', () => {
  test('the same key for another brief is refused with 409 idempotency_key_reused: no credits, no AI call', async () => {
    await k.completeDraft('customer', 'Tide ring');
    const first = await generate('customer', 'design-reuse-1');
    expect(first.statusCode, first.body).toBe(201);
    const before = (await k.credits()).balance;
    fake.requests.length = 0;
    await k.completeDraft('customer', 'Knot ring');
    const reused = await generate('customer', 'design-reuse-1');
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json().error).toEqual({
      code: 'idempotency_key_reused',
      message:
        'This Idempotency-Key was already used for a design generation with different details. Send a new key for a new request.',
    });
    expect((await k.credits()).balance).toBe(before);
    expect(fake.requests).toHaveLength(0);
    // the brief it was sent for again: the same answer
    await k.completeDraft('customer', 'Tide ring');
    const same = await generate('customer', 'design-reuse-1');
    expect(same.statusCode, same.body).toBe(201);
    expect(same.json().generation.id).toBe(first.json().generation.id);
  });
});
