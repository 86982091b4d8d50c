import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, loginAs, sessionCookie } from '../../test/test-app';
import { givenCustomer, givenDesigner } from '../../test/world';
import { customerSignup } from './test-payloads';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

function multipart(field: string, name: string, bytes: Buffer) {
  const boundary = '----facet-avatar';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('account settings', () => {
  test('signed out, /api/me is a 401 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Please sign in to continue.' },
    });
  });

  test('edit name, phone and address', async () => {
    const cookie = (await givenCustomer(t)).cookie;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: {
        firstName: 'Claire',
        lastName: 'Dubois-Martin',
        phone: '4155550100',
        address: { country: 'CA', state: 'ON', city: 'Toronto', street: '1 King St W', zipcode: 'M5H 1A1' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      lastName: 'Dubois-Martin',
      fullName: 'Claire Dubois-Martin',
      phone: '4155550100',
      address: { country: 'CA', countryName: 'Canada', state: 'ON', stateName: 'Ontario', city: 'Toronto' },
    });
  });

  test('bad edits get their message and change nothing', async () => {
    const cookie = (await givenCustomer(t)).cookie;
    const before = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
    const badPhone = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: { phone: '12ab' },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.fields.phone).toBe('Phone must contain only numbers (6–15 digits)');
    const clearPhone = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: { phone: '' },
    });
    expect(clearPhone.json().error.message).toBe('Phone number is required');
    const badState = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: { address: { country: 'US', state: 'XX', city: 'A', street: 'B', zipcode: '12345' } },
    });
    expect(badState.statusCode).toBe(400);
    const after = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
    expect(after).toEqual(before);
  });

  test('avatar: an image is stored and served; other files are refused', async () => {
    const cookie = (await givenDesigner(t)).cookie;
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { cookie, ...multipart('avatar', 'me.pdf', Buffer.from('%PDF-1.4')).headers },
      payload: multipart('avatar', 'me.pdf', Buffer.from('%PDF-1.4')).payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Sorry, the avatar must be a jpg, jpeg, png or webp image!');

    const upload = multipart('avatar', 'me.png', png);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { cookie, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(200);
    const avatarUrl = res.json().user.avatarUrl as string;
    expect(avatarUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const file = await t.app.inject({ method: 'GET', url: avatarUrl, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(401);
  });

  test('change password: the old one stops working, other sessions end, this one stays', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: customerSignup('pw@example.com'),
    });
    const here = sessionCookie(created);
    const elsewhere = await loginAs(t.app, 'pw@example.com', 'customer', 'Sparkle-2026!');

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: here },
      payload: { currentPassword: 'not-it', newPassword: 'Brilliant-2027!' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Current password is incorrect.');

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: here },
      payload: { currentPassword: 'Sparkle-2026!', newPassword: 'short' },
    });
    expect(weak.json().error.fields.newPassword).toBe('Password must be at least 8 characters');

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: here },
      payload: { currentPassword: 'Sparkle-2026!', newPassword: 'Brilliant-2027!' },
    });
    expect(ok.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: here } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: elsewhere } })).statusCode,
    ).toBe(401);
    await expect(loginAs(t.app, 'pw@example.com', 'customer', 'Sparkle-2026!')).rejects.toThrow(/401/);
    await expect(loginAs(t.app, 'pw@example.com', 'customer', 'Brilliant-2027!')).resolves.toMatch(
      /^facet_session=/,
    );
  });

  test('skipping the questions hides the 50% banner', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...customerSignup('banner@example.com'), answers: [] },
    });
    const cookie = sessionCookie(created);
    expect(created.json().user).toMatchObject({ questionsBanner: true, profileCompletePercent: 50 });
    await t.app.inject({ method: 'POST', url: '/api/me/questions/skip', headers: { cookie } });
    const after = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
    expect(after).toMatchObject({ questionsBanner: false, hasSkippedQuestions: true });
  });

  test('countries and states come from the offline dataset', async () => {
    const countries = (await t.app.inject({ method: 'GET', url: '/api/countries' })).json().countries;
    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual(expect.objectContaining({ code: 'US', name: 'United States' }));
    const states = (await t.app.inject({ method: 'GET', url: '/api/countries/us/states' })).json().states;
    expect(states).toContainEqual({ code: 'NY', name: 'New York' });
    expect((await t.app.inject({ method: 'GET', url: '/api/countries/QQ/states' })).statusCode).toBe(404);
  });
});
