import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { startFakeAi, type FakeAi } from '../../test/fake-openai';
import { designTestKit } from './design-test-kit';
import { designGenerations } from './design.tables';
import { STUCK_AFTER_MS } from './design-generations.service';

// Generations are paid in credits: taken before the AI is called, given back when it fails, never
// below zero however many generations race for the last credits.
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
      timeoutMs: 5000,
      maxRetries: 0,
    },
  });
  await k.completeDraft();
}, 120_000);
afterAll(async () => {
  await k.t.close();
  await fake.close();
});

const generate = (key: string) =>
  k.call('customer', 'POST', '/api/design/generate', undefined, {
    'idempotency-key': `design-credits-${key}`,
  });

describe('credits for AI generations', () => {
  test('20 generations at once on 50 credits: 5 are made, 15 refused with the balance named, never below 0', async () => {
    const start = await k.credits();
    // the customer's month: spend down to exactly 50 credits first
    expect(start.balance).toBeGreaterThanOrEqual(10);
    await k.giveCredits('customer', 50);
    const spare = (await k.credits()).balance - 50;
    for (let i = 0; i < spare / 10; i += 1) {
      expect((await generate(`warm-up-${i}`)).statusCode).toBe(201);
    }
    expect((await k.credits()).balance).toBe(50);

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => generate(`race-${i}`)));
    const made = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode === 402);
    expect(made).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.json().error.code).toBe('insufficient_credits');
      expect(r.json().error.message).toMatch(/^You need 10 credits for this; you have \d+\.$/);
    }
    const after = await k.credits();
    expect(after).toMatchObject({ monthly: 0, purchased: 0, balance: 0 });
    // a refused generation called no AI and stored nothing
    const rows = await k.t.ctx.db
      .select()
      .from(designGenerations)
      .where(eq(designGenerations.status, 'succeeded'));
    expect(rows.filter((g) => g.idempotencyKey.startsWith('design-credits-race-'))).toHaveLength(5);
  });

  test('with no credits left a generation is a 402 that calls no AI; a failed one gives its credits back', async () => {
    fake.requests.length = 0;
    const broke = await generate('broke-1');
    expect(broke.statusCode).toBe(402);
    expect(broke.json().error.message).toBe('You need 10 credits for this; you have 0.');
    expect(fake.requests).toHaveLength(0);
    // the same key answers the same refusal, with the same status
    const again = await generate('broke-1');
    expect(again.statusCode).toBe(402);
    expect(again.json().error.code).toBe('insufficient_credits');

    await k.giveCredits('customer', 10);
    fake.mode = 'fail';
    const failed = await generate('fails-after-charge');
    fake.mode = 'ok';
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toBe(
      'The AI service could not create this. Please try again in a moment. Your 10 credits were given back.',
    );
    expect((await k.credits()).balance).toBe(10);
    // the credits given back pay for the next try
    expect((await generate('works-after-refund')).statusCode).toBe(201);
    expect((await k.credits()).balance).toBe(0);
  });

  test('a generation left pending by a stopped process is failed by the sweep and its credits given back', async () => {
    await k.giveCredits('customer', 10);
    // the process stops while the AI is drawing: the credits are taken, the generation stays pending
    fake.mode = 'hang';
    const hanging = generate('stopped-mid-call');
    await expect.poll(async () => (await k.credits()).balance, { timeout: 10_000 }).toBe(0);
    const [pending] = await k.t.ctx.db
      .select()
      .from(designGenerations)
      .where(eq(designGenerations.idempotencyKey, 'design-credits-stopped-mid-call'));
    expect(pending?.status).toBe('pending');

    // not yet: a call may still be under way
    expect(await k.t.ctx.design.generations.sweepStuck(new Date())).toBe(0);
    const later = new Date(pending!.createdAt.getTime() + STUCK_AFTER_MS + 1000);
    expect(await k.t.ctx.design.generations.sweepStuck(later)).toBe(1);
    expect((await k.credits()).balance).toBe(10);
    const again = await generate('stopped-mid-call');
    expect(again.statusCode).toBe(503);
    expect(again.json().error.message).toMatch(/Your 10 credits were given back\.$/);
    fake.mode = 'ok';
    await hanging;
  });
});
