import { describe, expect, test } from 'vitest';
import { DEFAULT_LAYOUT, LAYOUT_TABLE, resolveLayout } from './layout-table';
import type { Layout, LayoutAuth } from './layout-table';

const customer: LayoutAuth = {
  loggedIn: true,
  role: 'customer',
  firstTimeLogin: false,
  blocked: false,
  pending: false,
};
const designer: LayoutAuth = { ...customer, role: 'designer' };
const visitor: LayoutAuth = {
  loggedIn: false,
  role: null,
  firstTimeLogin: false,
  blocked: false,
  pending: false,
};

const L = (mainHeader: boolean, subHeader: boolean, sidebar: Layout['sidebar'], footer: boolean): Layout => ({
  mainHeader,
  subHeader,
  sidebar,
  footer,
});

const NONE = L(false, false, false, false);
const APP = L(false, true, 'normal', true);

/** Spec section 2, "Layout per path", for a signed-in customer in good standing. Every pattern is listed. */
const SPEC: Array<[pattern: string, samplePath: string, expected: Layout]> = [
  ['/', '/', L(true, false, false, true)],
  ['/onboarding', '/onboarding', L(true, false, false, false)],
  ['/design', '/design', APP],
  ['/projects', '/projects', APP],
  ['/dashboard', '/dashboard', APP],
  ['/design-results', '/design-results', APP],
  ['/account-settings', '/account-settings', APP],
  ['/browse-designers', '/browse-designers', APP],
  ['/produce', '/produce', APP],
  ['/orders', '/orders', APP],
  ['/order-details/:id', '/order-details/ord_42', APP],
  ['/profile/designer/:id', '/profile/designer/d_7', APP],
  ['/new-design-results', '/new-design-results', APP],
  ['/profile', '/profile', APP],
  ['/produce/design', '/produce/design', APP],
  ['/design/parametric', '/design/parametric', APP],
  ['/produce/:option', '/produce/casting', APP],
  ['/earnings', '/earnings', APP],
  ['/credits', '/credits', APP],
  ['/notifications', '/notifications', APP],
  ['/projects/:id', '/projects/p_1', L(false, false, 'minimized', true)],
  ['/designer-dashboard/profile', '/designer-dashboard/profile', L(false, true, 'minimized', false)],
  ['/produce/steps', '/produce/steps', L(false, false, 'minimized', false)],
  ['/cart', '/cart', L(false, true, 'normal', false)],
  ['/checkout', '/checkout', L(false, true, 'normal', false)],
  ['/explore', '/explore', L(false, true, 'normal', true)],
  ['/pricing', '/pricing', L(false, true, 'normal', true)],
  ['/success', '/success', L(true, false, false, true)],
  ['/terms-of-service', '/terms-of-service', L(true, true, false, true)],
  ['/login-user', '/login-user', NONE],
  ['/login-designer', '/login-designer', NONE],
  ['/login-service', '/login-service', NONE],
  ['/login-staff', '/login-staff', NONE],
  // the operations console draws its own shell
  ['/ops', '/ops', NONE],
  ['/ops/:section', '/ops/money', NONE],
  ['/ops/:section/:id', '/ops/orders/abc', NONE],
];

describe('layout table', () => {
  test('every pattern in the table has an expectation here (and nothing else)', () => {
    const inTable = LAYOUT_TABLE.flatMap((rule) => rule.paths).sort();
    const inSpec = SPEC.map(([pattern]) => pattern).sort();
    expect(inTable).toEqual(inSpec);
  });

  test.each(SPEC)('%s (as %s) for a signed-in customer', (_pattern, path, expected) => {
    expect(resolveLayout(path, customer)).toEqual(expected);
  });

  test('trailing slashes, query strings and hashes do not change the match', () => {
    expect(resolveLayout('/cart/', customer)).toEqual(L(false, true, 'normal', false));
    expect(resolveLayout('/projects/p_1?tab=chat', customer)).toEqual(L(false, false, 'minimized', true));
    expect(resolveLayout('/terms-of-service#privacy', customer)).toEqual(L(true, true, false, true));
  });

  test('default: main header and footer for any other path', () => {
    expect(DEFAULT_LAYOUT).toEqual(L(true, false, false, true));
    for (const path of ['/pending', '/no-access', '/no-such-page', '/projects/p_1/extra', '/produce/a/b']) {
      expect(resolveLayout(path, customer)).toEqual(L(true, false, false, true));
    }
  });

  test('/produce/steps wins over /produce/:option', () => {
    expect(resolveLayout('/produce/steps', customer).sidebar).toBe('minimized');
    expect(resolveLayout('/produce/ring', customer).sidebar).toBe('normal');
  });

  test('/design shows nothing around the page on the first login', () => {
    expect(resolveLayout('/design', { ...customer, firstTimeLogin: true })).toEqual(NONE);
    expect(resolveLayout('/design', { ...customer, firstTimeLogin: false })).toEqual(APP);
    // the rule is about /design only
    expect(resolveLayout('/design-results', { ...customer, firstTimeLogin: true })).toEqual(APP);
  });

  test('/explore and /pricing: main header when logged out, sub header and sidebar when logged in; footer both', () => {
    for (const path of ['/explore', '/pricing']) {
      expect(resolveLayout(path, visitor)).toEqual(L(true, false, false, true));
      expect(resolveLayout(path, customer)).toEqual(L(false, true, 'normal', true));
      expect(resolveLayout(path, designer)).toEqual(L(false, true, 'normal', true));
    }
  });

  test('a visitor never gets the signed-in sub header or sidebar', () => {
    for (const [, path] of SPEC) {
      const layout = resolveLayout(path, visitor);
      expect(layout.subHeader, path).toBe(false);
      expect(layout.sidebar, path).toBe(false);
    }
    expect(resolveLayout('/terms-of-service', visitor)).toEqual(L(true, false, false, true));
    expect(resolveLayout('/', visitor)).toEqual(L(true, false, false, true));
  });

  test('pending and blocked accounts never get a sidebar; the rest of the layout stays', () => {
    for (const status of [{ pending: true }, { blocked: true }]) {
      for (const [, path, expected] of SPEC) {
        const layout = resolveLayout(path, { ...designer, ...status });
        expect(layout, path).toEqual({ ...expected, sidebar: false });
      }
    }
  });

  test('designers get the same frame as customers (menus differ, not the layout)', () => {
    for (const [, path, expected] of SPEC) expect(resolveLayout(path, designer), path).toEqual(expected);
  });
});
