import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { givenStaff } from '../../test/world';
import { designTestKit } from './design-test-kit';

let k: Awaited<ReturnType<typeof designTestKit>>;
beforeAll(async () => {
  k = await designTestKit({ ai: null });
}, 120_000);
afterAll(() => k.t.close());

describe('the wizard without an AI provider', () => {
  test('image generation says plainly that it is not configured, and takes nothing', async () => {
    const draft = (await k.call('customer', 'GET', '/api/design/draft')).json();
    expect(draft.capabilities).toEqual({ imageGeneration: false, aiText: false, creditsPerGeneration: 10 });
    await k.completeDraft('customer', 'Engagement ring');
    const r = await k.call('customer', 'POST', '/api/design/generate', undefined, {
      'idempotency-key': 'no-ai-key-1',
    });
    expect(r.statusCode).toBe(503);
    expect(r.json().error).toEqual({
      code: 'ai_not_configured',
      message: 'Image generation is not configured.',
    });
    expect((await k.call('customer', 'GET', '/api/design/results')).json().generations).toEqual([]);
  });

  test('the form check comes from rules: errors per step and suggestions', async () => {
    const r = await k.call('customer', 'POST', '/api/design/check', {
      description: 'An engagement ring with a big stone on top of the band.',
      widthMm: null,
      heightMm: null,
      thicknessMm: null,
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.source).toBe('rules');
    expect(body.ready).toBe(true);
    expect(body.issues).toEqual([
      {
        field: 'description',
        level: 'suggestion',
        message: 'Say the ring size or add the dimensions, so the designer can model it to fit.',
      },
      {
        field: 'description',
        level: 'suggestion',
        message: 'Say how many stones and their size (for example one 5 mm round stone).',
      },
    ]);
    const empty = (await k.call('other', 'POST', '/api/design/check', {})).json();
    expect(empty.ready).toBe(false);
    expect(
      empty.issues
        .filter((i: { level: string }) => i.level === 'error')
        .map((i: { field: string }) => i.field),
    ).toEqual(['category', 'itemType', 'materialId', 'description', 'goal', 'title']);
  });

  test("recommendations come from rules over the catalog and the designers' skills", async () => {
    const r = await k.call('customer', 'GET', '/api/design/recommendations');
    expect(r.statusCode, r.body).toBe(200);
    const { source, recommendations } = r.json();
    expect(source).toBe('rules');
    const kinds = recommendations.map((x: { kind: string }) => x.kind);
    expect(kinds.filter((x: string) => x === 'material')).toHaveLength(3);
    const designers = recommendations.filter((x: { kind: string }) => x.kind === 'designer');
    expect(designers.length).toBeGreaterThan(0);
    expect(designers[0].detail).toMatch(/engagement rings/);
    expect(recommendations.some((x: { title: string }) => x.title === 'Add an engraving')).toBe(true);
  });

  test('the health answer says the AI is not in use', async () => {
    const health = (await k.call('nobody', 'GET', '/api/health')).json();
    expect(health.ai).toBe('off');
    expect(health.checks.ai).toBe('unused');
  });

  test('a blocked customer is kept out of /api/design like the other areas', async () => {
    const me = (await k.call('other', 'GET', '/api/me')).json().user;
    const staff = (await givenStaff(k.t)).cookie;
    const blocked = await k.t.app.inject({
      method: 'PATCH',
      url: `/api/staff/accounts/${me.id}`,
      headers: { cookie: staff },
      payload: { isInactive: true },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const r = await k.call('other', 'GET', '/api/design/draft');
    expect(r.statusCode).toBe(403);
  });
});
