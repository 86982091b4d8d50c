import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, DEMO_PASSWORD, loginAs, sessionCookie } from '../../test/test-app';
import { customerSignup, designerSignup, serviceSignup } from './test-payloads';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

const signup = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object });
const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });

describe('sign-up', () => {
  test('a customer signs up, is active at once and gets a session', async () => {
    const res = await signup(customerSignup('maya@example.com'));
    expect(res.statusCode).toBe(201);
    const user = res.json().user;
    expect(user).toMatchObject({
      role: 'customer',
      email: 'maya@example.com',
      firstName: 'Maya',
      lastName: 'Lindgren',
      status: 'active',
      blocked: false,
      firstTimeLogin: true,
      membership: { name: 'Standard' },
      // Standard's monthly credits, nothing bought yet
      credits: { monthly: 20, purchased: 0, balance: 20 },
      address: { country: 'US', countryName: 'United States', state: 'CA', stateName: 'California' },
    });
    const cookie = sessionCookie(res);
    expect((await me(cookie)).json().user.email).toBe('maya@example.com');
  });

  test('designers and service providers start pending', async () => {
    const designer = await signup(designerSignup('rafael@example.com'));
    expect(designer.statusCode).toBe(201);
    expect(designer.json().user).toMatchObject({
      role: 'designer',
      status: 'pending',
      firstName: 'Rafael',
      lastName: 'Costa Lima',
    });
    const service = await signup(serviceSignup('ada@example.com'));
    expect(service.statusCode).toBe(201);
    expect(service.json().user).toMatchObject({ role: 'service', status: 'pending' });
  });

  test('the same email cannot sign up twice, whatever its case', async () => {
    await signup(customerSignup('twice@example.com'));
    const again = await signup(customerSignup('Twice@Example.com'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'email_taken',
      message: 'An account with this email already exists.',
    });
  });

  test.each([
    ['email', { email: '' }, 'email', 'Email is required'],
    ['email format', { email: 'not-an-email' }, 'email', 'Invalid email format'],
    ['short password', { password: 'Ab1!' }, 'password', 'Password must be at least 8 characters'],
    ['full name', { fullName: '' }, 'fullName', 'Full Name is required'],
    ['phone', { phone: '' }, 'phone', 'Phone number is required'],
    ['phone digits', { phone: '415-555-0199' }, 'phone', 'Phone must contain only numbers (6–15 digits)'],
    ['phone length', { phone: '12345' }, 'phone', 'Phone must contain only numbers (6–15 digits)'],
    ['terms', { acceptTerms: false }, 'acceptTerms', 'You must agree to the Terms Of Use'],
  ])('customer %s rule gives its message and creates nothing', async (_name, change, field, message) => {
    const email = `rule-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await signup({ ...customerSignup(email), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields[field]).toBe(message);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Sparkle-2026!', portal: 'customer' },
    });
    expect(login.statusCode).toBe(401);
  });

  test('a designer needs a 100–250 character bio and a portfolio', async () => {
    const noBio = await signup({ ...designerSignup('bio1@example.com'), bio: '' });
    expect(noBio.json().error.fields.bio).toBe('A short bio is required');
    const shortBio = await signup({ ...designerSignup('bio2@example.com'), bio: 'Too short.' });
    expect(shortBio.json().error.fields.bio).toBe('Bio must be at least 100 characters');
    const noPortfolio = await signup({ ...designerSignup('bio3@example.com'), portfolioLink: '' });
    expect(noPortfolio.json().error.fields.portfolioLink).toBe(
      'Add a portfolio link or upload portfolio images',
    );
    const missingSkills = await signup({ ...designerSignup('bio4@example.com'), cadSkills: [] });
    expect(missingSkills.json().error.fields.cadSkills).toBe('Choose at least one CAD skill');
  });

  test('the address must name a real country and, where it has states, a real state', async () => {
    const badState = await signup({
      ...customerSignup('geo1@example.com'),
      address: { country: 'US', state: 'ZZ', city: 'X', street: 'Y', zipcode: '12345' },
    });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().error.fields['address.state']).toBeDefined();
    const noStates = await signup({
      ...customerSignup('geo2@example.com'),
      address: { country: 'MC', state: '', city: 'Monaco', street: '1 Rue', zipcode: '98000' },
    });
    // Monaco's dataset entry may have districts; either way the answer is a clear 201 or a state message
    expect([201, 400]).toContain(noStates.statusCode);
  });

  test('unknown onboarding answers are refused', async () => {
    const res = await signup({
      ...customerSignup('answers@example.com'),
      answers: [{ questionId: 'q-experience', answerIds: ['nope'] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Choose answers from the list');
  });

  test('portfolio images come as multipart; unsupported types are refused with the spec message', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    const form = (files: { name: string; bytes: Uint8Array }[], email: string) => {
      const boundary = '----facet';
      const parts = [
        `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ ...designerSignup(email), portfolioLink: '' })}\r\n`,
        ...files.map(
          (f) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="portfolioImages"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n${Buffer.from(f.bytes).toString('latin1')}\r\n`,
        ),
        `--${boundary}--\r\n`,
      ];
      return {
        payload: Buffer.from(parts.join(''), 'latin1'),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const bad = form([{ name: 'ring.exe', bytes: png }], 'multi1@example.com');
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/signup', ...bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Sorry, some files have unsupported types!');

    const disguised = form(
      [{ name: 'ring.png', bytes: new TextEncoder().encode('#!/bin/sh echo') }],
      'multi2@example.com',
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup', ...disguised })).statusCode).toBe(
      400,
    );

    const good = form(
      [
        { name: 'ring.png', bytes: png },
        { name: 'ring.png', bytes: png },
      ],
      'multi3@example.com',
    );
    const created = await t.app.inject({ method: 'POST', url: '/api/auth/signup', ...good });
    expect(created.statusCode).toBe(201);
    const portfolio = await t.ctx.accounts.queries.portfolioOf(created.json().user.id);
    expect(portfolio.map((p) => p.name)).toEqual(['ring.png']); // the duplicate by name was skipped

    // 20 files and a duplicate pass; a 21st distinct file is refused with the spec's text and nothing is made
    const twenty = Array.from({ length: 20 }, (_, i) => ({ name: `piece-${i}.png`, bytes: png }));
    const atLimit = form([...twenty, { name: 'piece-0.png', bytes: png }], 'multi4@example.com');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup', ...atLimit })).statusCode).toBe(
      201,
    );
    const over = form([...twenty, { name: 'piece-20.png', bytes: png }], 'multi5@example.com');
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/auth/signup', ...over });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.portfolioImages).toBe('You can upload at most 20 portfolio files');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'multi5@example.com', password: 'Sparkle-2026!', portal: 'designer' },
    });
    expect(login.statusCode).toBe(401);
  });

  test('signing up in a browser that holds a session ends that session', async () => {
    const before = await loginAs(t.app, 'customer@demo.facet', 'customer');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { cookie: before },
      payload: customerSignup('second.account@example.com'),
    });
    expect(res.statusCode).toBe(201);
    expect((await me(before)).statusCode).toBe(401);
    expect((await me(sessionCookie(res))).json().user.email).toBe('second.account@example.com');
  });

  test('sign-up mails the new customer through the job queue', async () => {
    await signup(customerSignup('welcome@example.com'));
    await t.ctx.jobs.drain();
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages?to=welcome@example.com' });
    const messages = res.json().messages;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ event: 'new-customer', subject: 'Welcome to Facet, Maya' });
    expect(messages[0].text).toContain('/dashboard');
  });
});

describe('login and logout', () => {
  test('the session answer: null signed out (200, not 401), the account signed in, null again after logout', async () => {
    const session = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} });
    const out = await session();
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ user: null });
    expect((await me()).statusCode).toBe(401);

    const cookie = await loginAs(t.app, 'customer@demo.facet', 'customer');
    const signedIn = await session(cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: 'customer@demo.facet', role: 'customer' });
    expect(signedIn.json().user).toEqual((await me(cookie)).json().user);

    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect((await session(cookie)).json()).toEqual({ user: null });
  });

  test('the session cookie is HttpOnly, SameSite=Lax, path /', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'customer@demo.facet', password: DEMO_PASSWORD, portal: 'customer' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'facet_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value.length).toBeGreaterThanOrEqual(40);
    expect(res.json().user.role).toBe('customer');
  });

  test('each portal admits only its role, with a message naming the right page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'designer@demo.facet', password: DEMO_PASSWORD, portal: 'customer' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'wrong_portal',
      message: 'This login is for customers. CAD designers sign in at /login-designer.',
    });
    expect(res.cookies.find((c) => c.name === 'facet_session')).toBeUndefined();
    for (const [email, portal] of [
      ['designer@demo.facet', 'designer'],
      ['service@demo.facet', 'service'],
      ['staff@demo.facet', 'staff'],
    ]) {
      expect((await loginAs(t.app, email!, portal!)).startsWith('facet_session=')).toBe(true);
    }
    const staffOnCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'staff@demo.facet', password: DEMO_PASSWORD, portal: 'designer' },
    });
    expect(staffOnCustomer.json().error.message).toBe(
      'This login is for CAD designers. The production team sign in at /login-staff.',
    );
  });

  test.each([
    ['no email', { email: '', password: 'x' }, 'email', 'Email is required'],
    [
      'an email in a bad format',
      { email: 'customer-at-demo', password: 'x' },
      'email',
      'Invalid email format',
    ],
    ['no password', { email: 'customer@demo.facet', password: '' }, 'password', 'Password is required'],
    ['an unknown portal', { portal: 'admin' }, 'portal', 'Choose a login page'],
  ])('login with %s is refused by the form rules the browser uses', async (_name, change, field, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'customer@demo.facet', password: DEMO_PASSWORD, portal: 'customer', ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      message,
      fields: { [field]: message },
    });
    expect(res.cookies.find((c) => c.name === 'facet_session')).toBeUndefined();
  });

  test('a wrong password and an unknown email look the same', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'customer@demo.facet', password: 'nope-nope', portal: 'customer' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'nope-nope', portal: 'customer' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe('Invalid email or password.');
  });

  test('login issues a new session id and ends the old one', async () => {
    const first = await loginAs(t.app, 'designer2@demo.facet', 'designer');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first },
      payload: { email: 'designer2@demo.facet', password: DEMO_PASSWORD, portal: 'designer' },
    });
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  test('logout ends the session on the server, not just in the browser', async () => {
    const cookie = await loginAs(t.app, 'designer3@demo.facet', 'designer');
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const replayed = await me(cookie);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.code).toBe('unauthenticated');
  });
});
