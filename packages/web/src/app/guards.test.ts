import { describe, expect, test } from 'vitest';
import type { Me } from '../lib/types';
import { isBlockedPath, protectedRedirect, staffRedirect } from './guards';

function account(overrides: Partial<Me> = {}): Me {
  return {
    id: 'u1',
    role: 'customer',
    email: 'customer@demo.facet',
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    phone: '5551234',
    status: 'active',
    isInactive: false,
    blocked: false,
    firstTimeLogin: false,
    questionsBanner: false,
    hasSkippedQuestions: false,
    avatarUrl: null,
    address: null,
    membership: { name: 'Standard' },
    credits: { monthly: 0, purchased: 0, balance: 0 },
    cartCount: 0,
    profileCompletePercent: 50,
    ...overrides,
  };
}

describe('protected routes', () => {
  test('signed out: every protected path goes to /', () => {
    for (const path of ['/dashboard', '/projects/p1', '/account-settings', '/pending', '/no-access']) {
      expect(protectedRedirect(path, null)).toBe('/');
    }
  });

  test('an active customer sees every protected page', () => {
    const user = account();
    for (const path of [
      '/dashboard',
      '/design',
      '/projects/p1',
      '/produce/steps',
      '/cart',
      '/orders',
      '/browse-designers',
    ]) {
      expect(protectedRedirect(path, user), path).toBeNull();
    }
  });

  test('a pending designer is sent to /pending from everywhere except its review page and settings', () => {
    const user = account({ role: 'designer', status: 'pending' });
    expect(protectedRedirect('/dashboard', user)).toBe('/pending');
    expect(protectedRedirect('/projects', user)).toBe('/pending');
    expect(protectedRedirect('/designer-dashboard/profile', user)).toBe('/pending');
    expect(protectedRedirect('/pending', user)).toBeNull();
    expect(protectedRedirect('/account-settings', user)).toBeNull();
  });

  test('a blocked account is sent to /no-access from projects, dashboard, produce and design only', () => {
    const user = account({ isInactive: true, blocked: true });
    for (const path of ['/projects', '/projects/p1', '/dashboard', '/produce', '/produce/steps', '/design']) {
      expect(protectedRedirect(path, user), path).toBe('/no-access');
    }
    expect(protectedRedirect('/no-access', user)).toBeNull();
    expect(protectedRedirect('/account-settings', user)).toBeNull();
    expect(protectedRedirect('/orders', user)).toBeNull();
  });

  test('a blocked designer (hold) is sent to /no-access too', () => {
    const user = account({ role: 'designer', status: 'hold', blocked: true });
    expect(protectedRedirect('/projects', user)).toBe('/no-access');
    expect(protectedRedirect('/dashboard', user)).toBe('/no-access');
  });

  test('a blocked designer stays off customer pages too, straight to /no-access', () => {
    for (const status of ['hold', 'deactivated'] as const) {
      const user = account({ role: 'designer', status, blocked: true });
      for (const path of ['/cart', '/checkout', '/orders', '/order-details/o1', '/browse-designers']) {
        expect(protectedRedirect(path, user), `${status} ${path}`).toBe('/no-access');
      }
      expect(protectedRedirect('/designer-dashboard/profile', user)).toBeNull();
      expect(protectedRedirect('/account-settings', user)).toBeNull();
      expect(protectedRedirect('/no-access', user)).toBeNull();
    }
  });

  test('earnings are for designers and service providers; customers and staff go to their settings', () => {
    expect(protectedRedirect('/earnings', account({ role: 'designer' }))).toBeNull();
    expect(protectedRedirect('/earnings', account({ role: 'service' }))).toBeNull();
    expect(protectedRedirect('/earnings', account({ role: 'customer' }))).toBe('/account-settings');
    expect(protectedRedirect('/earnings', account({ role: 'staff' }))).toBe('/account-settings');
    expect(protectedRedirect('/earnings', null)).toBe('/');
  });

  test('designers and service providers are sent to /projects from customer pages', () => {
    for (const role of ['designer', 'service'] as const) {
      const user = account({ role });
      for (const path of [
        '/design',
        '/produce',
        '/produce/steps',
        '/cart',
        '/checkout',
        '/orders',
        '/order-details/o1',
        '/browse-designers',
        '/profile/designer/d1',
      ]) {
        expect(protectedRedirect(path, user), `${role} ${path}`).toBe('/projects');
      }
      for (const path of [
        '/dashboard',
        '/projects',
        '/projects/p1',
        '/designer-dashboard/profile',
        '/account-settings',
        '/success',
      ]) {
        expect(protectedRedirect(path, user), `${role} ${path}`).toBeNull();
      }
    }
  });

  test('the status pages send accounts in good standing to the dashboard', () => {
    expect(protectedRedirect('/pending', account())).toBe('/dashboard');
    expect(protectedRedirect('/no-access', account())).toBe('/dashboard');
  });

  test('blocked paths: /projects anywhere in the path, /dashboard, /produce and /design subtrees', () => {
    expect(isBlockedPath('/projects')).toBe(true);
    expect(isBlockedPath('/designer-dashboard/projects')).toBe(true);
    expect(isBlockedPath('/design/new')).toBe(true);
    expect(isBlockedPath('/designer-dashboard/profile')).toBe(false);
    expect(isBlockedPath('/design-results')).toBe(false);
    expect(isBlockedPath('/orders')).toBe(false);
  });
});

describe('the operations console', () => {
  test('staff only: signed out to the staff sign-in, every other role away to the site', () => {
    expect(staffRedirect(null)).toBe('/login-staff');
    for (const role of ['customer', 'designer', 'service'] as const) {
      expect(staffRedirect(account({ role }))).toBe('/');
    }
    expect(staffRedirect(account({ role: 'staff' }))).toBeNull();
  });
});
