import { describe, expect, test } from '../fixtures/test';
import { resolveLayout, type LayoutAuth } from '../../../web/src/app/layout-table';
import {
  loginThroughPage,
  screenshot,
  seriousA11yViolations,
  collectPageErrors,
  type BrowserContext,
  type Page,
} from '../fixtures/browser';
import { apiSession, customerBody, designerBody, signUpThroughApi, uniqueEmail } from '../fixtures/api';

const customerPaths = [
  '/',
  '/explore',
  '/pricing',
  '/onboarding',
  '/terms-of-service',
  '/dashboard',
  '/design',
  '/design-results',
  '/projects',
  '/projects/1',
  '/browse-designers',
  '/produce',
  '/produce/design',
  '/produce/steps',
  '/cart',
  '/checkout',
  '/success',
  '/orders',
  '/order-details/1',
  '/profile/designer/1',
  '/account-settings',
  '/a-page-that-does-not-exist',
];
const visitorPaths = [
  '/',
  '/explore',
  '/pricing',
  '/onboarding',
  '/terms-of-service',
  '/login-user',
  '/login-designer',
  '/login-service',
  '/login-staff',
  '/dashboard',
  '/a-page-that-does-not-exist',
];

interface Seen {
  path: string;
  landed: string;
  regions: {
    mainHeader: boolean;
    subHeader: boolean;
    sidebar: false | 'normal' | 'minimized';
    footer: boolean;
  };
}

/** Opens a path, waits for its page, and reads which shell regions are on screen. */
async function visit(page: Page, path: string): Promise<Seen> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  const landed = new URL(page.url()).pathname;
  const sidebar = page.locator('aside.sidebar');
  return {
    path,
    landed,
    regions: {
      mainHeader: (await page.locator('header.main-header').count()) > 0,
      subHeader: (await page.locator('header.sub-header').count()) > 0,
      sidebar:
        (await sidebar.count()) > 0
          ? ((await sidebar.getAttribute('data-variant')) as 'normal' | 'minimized')
          : false,
      footer: (await page.locator('footer.footer').count()) > 0,
    },
  };
}

async function walk(
  context: BrowserContext,
  paths: string[],
  auth: LayoutAuth,
  options: { shots?: string; a11y?: boolean; expectLanding?: Record<string, string> } = {},
) {
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const a11y: string[] = [];
  for (const path of paths) {
    const seen = await visit(page, path);
    if (options.expectLanding?.[path])
      expect(seen.landed, `landing of ${path}`).toBe(options.expectLanding[path]);
    expect(seen.regions, `layout of ${seen.landed} (opened ${path})`).toEqual(
      resolveLayout(seen.landed, auth),
    );
    if (options.a11y) for (const v of await seriousA11yViolations(page)) a11y.push(`${seen.landed}: ${v}`);
    if (options.shots)
      await screenshot(page, `${options.shots}${path === '/' ? '-home' : path.replaceAll('/', '-')}`);
  }
  expect(a11y).toEqual([]);
  expect(errors).toEqual([]);
  await page.close();
}

const visitor: LayoutAuth = {
  loggedIn: false,
  role: null,
  firstTimeLogin: false,
  blocked: false,
  pending: false,
};
const customer: LayoutAuth = {
  loggedIn: true,
  role: 'customer',
  firstTimeLogin: false,
  blocked: false,
  pending: false,
};

describe('the layout table, path by path, in the browser', () => {
  // one test per viewport: each walks every path of the table, which is long enough on its own
  for (const viewport of ['desktop', 'phone'] as const) {
    test(`A visitor sees the public shell and is sent home from protected pages (${viewport})`, async ({
      newContext,
    }) => {
      const context = await newContext(viewport);
      await walk(context, visitorPaths, visitor, {
        shots: `visitor-${viewport}`,
        a11y: viewport === 'desktop',
        expectLanding: { '/dashboard': '/' },
      });
      await context.close();
    });

    test(`A customer sees the right shell on every path of the spec (${viewport})`, async ({
      newContext,
    }) => {
      const context = await newContext(viewport);
      const page = await context.newPage();
      await loginThroughPage(page, '/login-user', 'customer@demo.facet', 'Facet-demo-1');
      await page.waitForURL('**/dashboard');
      await page.close();
      await walk(context, customerPaths, customer, {
        shots: `customer-${viewport}`,
        a11y: viewport === 'desktop',
      });
      await context.close();
    });
  }

  test('A designer sees Dashboard and Projects only and is kept off customer pages', async ({
    newContext,
  }) => {
    const context = await newContext();
    const page = await context.newPage();
    await loginThroughPage(page, '/login-designer', 'designer@demo.facet', 'Facet-demo-1');
    await page.waitForURL('**/projects');
    const nav = page.locator('aside.sidebar nav[aria-label="App"] a');
    await nav.first().waitFor();
    await expect
      .poll(async () => (await nav.allTextContents()).map((t) => t.trim()))
      .toEqual(['Dashboard', 'Projects']);
    await page.close();
    const designer: LayoutAuth = { ...customer, role: 'designer' };
    await walk(
      context,
      ['/projects', '/dashboard', '/designer-dashboard/profile', '/produce', '/cart'],
      designer,
      {
        shots: 'designer-desktop',
        a11y: true,
        expectLanding: { '/produce': '/projects', '/cart': '/projects' },
      },
    );
    await context.close();
  });

  test('A pending professional is held on /pending with no sidebar', async ({ newContext }) => {
    const email = uniqueEmail('pending');
    await signUpThroughApi(designerBody(email));
    const context = await newContext();
    const page = await context.newPage();
    await loginThroughPage(page, '/login-designer', email, 'Sparkle-2026!');
    await page.waitForURL('**/pending');
    await page.close();
    const pending: LayoutAuth = { ...customer, role: 'designer', pending: true, firstTimeLogin: false };
    await walk(context, ['/dashboard', '/projects', '/pending'], pending, {
      shots: 'pending',
      expectLanding: { '/dashboard': '/pending', '/projects': '/pending' },
    });
    await context.close();
  });

  test('A blocked customer is sent to /no-access from the paths the spec lists', async ({ newContext }) => {
    const email = uniqueEmail('blocked');
    const { user } = await signUpThroughApi(customerBody(email));
    const staff = await apiSession('staff@demo.facet', 'staff');
    expect((await staff.call('PATCH', `/api/staff/accounts/${user.id}`, { isInactive: true })).status).toBe(
      200,
    );
    const context = await newContext();
    const page = await context.newPage();
    await loginThroughPage(page, '/login-user', email, 'Sparkle-2026!');
    await page.waitForURL('**/no-access');
    await page.close();
    const blocked: LayoutAuth = { ...customer, blocked: true };
    await walk(
      context,
      ['/projects', '/projects/7', '/dashboard', '/produce', '/design', '/no-access'],
      blocked,
      {
        shots: 'blocked',
        expectLanding: {
          '/projects': '/no-access',
          '/projects/7': '/no-access',
          '/dashboard': '/no-access',
          '/produce': '/no-access',
          '/design': '/no-access',
        },
      },
    );
    await context.close();
  });
});
