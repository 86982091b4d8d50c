import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, sessionCookie } from '../../test/test-app';
import { givenDesigner } from '../../test/world';
import { customerSignup } from './test-payloads';

let t: Awaited<ReturnType<typeof createTestApp>>;
let customer: string;
let designer: string;

beforeAll(async () => {
  t = await createTestApp();
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { ...customerSignup('skipped-questions@example.com'), answers: [] },
  });
  expect(signup.statusCode, signup.body).toBe(201);
  customer = sessionCookie(signup);
  designer = (await givenDesigner(t)).cookie;
}, 120_000);
afterAll(() => t.close());

const me = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: customer } })).json().user;
const answer = (cookie: string, answers: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/me/questions', headers: { cookie }, payload: { answers } });

describe('the onboarding questions after sign-up', () => {
  test('a customer who skipped them sees the banner; wrong answers are refused and change nothing', async () => {
    expect(await me()).toMatchObject({ questionsBanner: true, profileCompletePercent: 50 });
    const unknown = await answer(customer, [{ questionId: 'q-nope', answerIds: ['a-nope'] }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Choose answers from the list');
    expect((await answer(customer, [])).statusCode).toBe(400);
    expect(
      (await answer(designer, [{ questionId: 'q-experience', answerIds: ['a-experience-first'] }]))
        .statusCode,
    ).toBe(403);
    expect((await me()).questionsBanner).toBe(true);
  });

  test('answering completes the profile and the banner goes for good', async () => {
    const r = await answer(customer, [{ questionId: 'q-experience', answerIds: ['a-experience-first'] }]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().user).toMatchObject({ questionsBanner: false, profileCompletePercent: 100 });
    expect((await me()).questionsBanner).toBe(false);
  });
});
