import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Footer } from './footer';

afterEach(cleanup);

describe('footer (spec section 2)', () => {
  test('Terms of Use, Privacy Policy, Contact Us on the external support site, social icons', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const nav = within(screen.getByRole('navigation', { name: 'Footer' }));
    expect(nav.getAllByRole('link').map((a) => a.textContent?.replace(' (opens in a new tab)', ''))).toEqual([
      'Terms of Use',
      'Privacy Policy',
      'Contact Us',
    ]);
    const contact = nav.getByRole('link', { name: /Contact Us/ });
    expect(contact.getAttribute('href')).toMatch(/^https?:\/\//);
    expect(contact.getAttribute('target')).toBe('_blank');
    expect(nav.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms-of-service');
    const footer = within(screen.getByRole('contentinfo'));
    const social = footer.getAllByRole('link').filter((a) => !nav.queryAllByRole('link').includes(a));
    expect(social.length).toBeGreaterThan(0);
    for (const link of social) expect(link.getAttribute('aria-label') || link.textContent).toBeTruthy();
  });
});
