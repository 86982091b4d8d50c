import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '../../lib/types';
import { MainHeader } from './main-header';
import { fakeApi, me, renderAt } from '../../testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function signedInAs(user: Me | null, belowSubHeader = false) {
  fakeApi(({ method, path }) =>
    method === 'GET' && path === '/api/me'
      ? user
        ? { status: 200, body: { user } }
        : { status: 401, body: { error: { code: 'unauthenticated', message: 'Sign in first.' } } }
      : undefined!,
  );
  renderAt('/explore', <MainHeader belowSubHeader={belowSubHeader} />);
}

const header = () => within(screen.getByRole('banner'));
const hrefOf = (name: string | RegExp) => header().getByRole('link', { name }).getAttribute('href');

describe('main header (spec section 2)', () => {
  test('logged out: Explore, Pricing, Help Center; the login dropdown offers Customer and CAD Designer', async () => {
    signedInAs(null);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Login' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Customer', '/login-user'],
      ['CAD Designer', '/login-designer'],
    ]);
    await u.keyboard('{Escape}');

    expect(hrefOf(/^Facet/)).toBe('/');
    expect(hrefOf('Explore')).toBe('/explore');
    expect(hrefOf('Pricing')).toBe('/pricing');
    expect(hrefOf(/Help Center/)).toMatch(/^https?:\/\//);
    expect(hrefOf('Sign Up')).toBe('/onboarding');
    expect(hrefOf('Get Started')).toBe('/onboarding');
    expect(header().queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  test('a designer: no Pricing, a Dashboard link and Log Out', async () => {
    signedInAs(me({ role: 'designer', status: 'active' }));
    expect(await header().findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(hrefOf('Dashboard')).toBe('/dashboard');
    expect(header().queryByRole('link', { name: 'Pricing' })).toBeNull();
    expect(header().getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(header().queryByRole('button', { name: 'Login' })).toBeNull();
  });

  test('above the sub header (the terms page, signed in): the links and Log Out are not repeated', async () => {
    signedInAs(me(), true);
    expect(await header().findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(header().queryByRole('link', { name: 'Explore' })).toBeNull();
    expect(header().queryByRole('link', { name: /Help Center/ })).toBeNull();
    expect(header().queryByRole('button', { name: 'Log Out' })).toBeNull();
    expect(header().queryByRole('button', { name: 'Open menu' })).toBeNull();
  });

  test('above the sub header but signed out: the whole public header', async () => {
    signedInAs(null, true);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(hrefOf('Explore')).toBe('/explore');
  });

  test('a customer sees Pricing', async () => {
    signedInAs(me());
    await header().findByRole('button', { name: 'Log Out' });
    expect(hrefOf('Pricing')).toBe('/pricing');
  });

  test('a pending account: the Dashboard button does nothing', async () => {
    signedInAs(me({ role: 'designer', status: 'pending' }));
    const button = await header().findByRole('button', { name: 'Dashboard' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(header().queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  test('a blocked account: the logo goes to /no-access', async () => {
    signedInAs(me({ isInactive: true, blocked: true }));
    await header().findByRole('button', { name: 'Log Out' });
    expect(hrefOf(/^Facet/)).toBe('/no-access');
  });
});
