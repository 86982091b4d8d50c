import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderPersonalPage } from './prerender';
import { me } from './testing';

// What the server sends a signed-in person asking for their dashboard (platform/personal-pages.ts): the
// page as the app's first render draws it, in their time zone, every figure still loading.
afterEach(() => vi.useRealTimers());

describe('the dashboard rendered per person', () => {
  test("the person's own greeting at the hour of their time zone, the lead text, and figures still loading", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T01:30:00Z'));
    const page = await renderPersonalPage('/dashboard', me({ firstName: 'Ada' }), 'Asia/Tokyo');
    // the title goes in the head, apart from the markup of #root
    expect(page?.title).toBe('<title>Dashboard · Facet</title>');
    const tokyo = page?.body;
    expect(tokyo).not.toContain('<title>');
    expect(tokyo).toContain('Good morning<!-- -->, Ada</h1>');
    expect(tokyo).toContain('What would you like to make today? Start from a model, an idea or a designer.');
    // the project counts are not known yet: a dash each, as the app shows them while they load
    expect(tokyo).toMatch(/<dt>Projects<\/dt><dd>–<\/dd>/);
    const losAngeles = await renderPersonalPage(
      '/dashboard',
      me({ firstName: 'Ada' }),
      'America/Los_Angeles',
    );
    expect(losAngeles?.body).toContain('Good afternoon<!-- -->, Ada</h1>');
  });

  test('a designer gets the designer dashboard, with their own navigation', async () => {
    const html = (
      await renderPersonalPage('/dashboard', me({ role: 'designer', firstName: 'Claire' }), 'UTC')
    )?.body;
    expect(html).toContain('Here is where your work with Facet customers begins.');
    expect(html).toContain('Your earnings');
    expect(html).not.toContain('Browse Designers');
  });

  test('an account the app would send elsewhere (pending review, blocked) gets no page', async () => {
    expect(
      await renderPersonalPage('/dashboard', me({ role: 'designer', status: 'pending' }), 'UTC'),
    ).toBeNull();
    expect(await renderPersonalPage('/dashboard', me({ blocked: true }), 'UTC')).toBeNull();
  });
});
