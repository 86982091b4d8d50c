import type { Role } from '../lib/types';

/** What the shell shows around a page (spec section 2, "Layout per path"). */
export type Layout = {
  mainHeader: boolean;
  subHeader: boolean;
  sidebar: 'normal' | 'minimized' | false;
  footer: boolean;
};

export type LayoutAuth = {
  loggedIn: boolean;
  role: Role | null;
  firstTimeLogin: boolean;
  blocked: boolean;
  pending: boolean;
};

type LayoutRule = {
  /** Route patterns: '/exact' or with ':param' segments matching one non-empty segment. */
  paths: readonly string[];
  layout: Layout | ((auth: LayoutAuth) => Layout);
};

const NONE: Layout = { mainHeader: false, subHeader: false, sidebar: false, footer: false };
const MAIN_AND_FOOTER: Layout = { mainHeader: true, subHeader: false, sidebar: false, footer: true };
const APP_PAGE: Layout = { mainHeader: false, subHeader: true, sidebar: 'normal', footer: true };

/**
 * The layout table, path by path, in the spec's order. The first rule whose pattern matches wins;
 * DEFAULT_LAYOUT applies to every other path. Status rules are applied afterwards in resolveLayout.
 */
export const LAYOUT_TABLE: readonly LayoutRule[] = [
  // login paths: no layout config
  { paths: ['/login-user', '/login-designer', '/login-service', '/login-staff'], layout: NONE },
  // the operations console draws its own shell (side nav, top bar)
  { paths: ['/ops', '/ops/:section', '/ops/:section/:id'], layout: NONE },
  { paths: ['/'], layout: MAIN_AND_FOOTER },
  { paths: ['/onboarding'], layout: { mainHeader: true, subHeader: false, sidebar: false, footer: false } },
  // no main header; sub header, sidebar and footer only when first_time_login is false
  {
    paths: ['/design'],
    layout: (auth) => (auth.firstTimeLogin ? NONE : APP_PAGE),
  },
  {
    paths: [
      '/projects',
      '/dashboard',
      '/design-results',
      '/account-settings',
      '/browse-designers',
      '/produce',
      '/orders',
      '/order-details/:id',
      '/profile/designer/:id',
      // the spec names layout entries for these without their contents; they are app pages like their siblings
      '/new-design-results',
      '/profile',
      '/produce/design',
      // the parametric builder (issue 14): an app page like the configurator
      '/design/parametric',
      '/produce/:option',
      // a pro's earnings (payments issue): an app page like account settings
      '/earnings',
      // a customer's credits and their history (memberships issue)
      '/credits',
      // every notification of the person (issue 15)
      '/notifications',
    ],
    layout: APP_PAGE,
  },
  {
    paths: ['/projects/:id'],
    layout: { mainHeader: false, subHeader: false, sidebar: 'minimized', footer: true },
  },
  {
    paths: ['/designer-dashboard/profile'],
    layout: { mainHeader: false, subHeader: true, sidebar: 'minimized', footer: false },
  },
  // beats '/produce/:option': literal segments outrank parameters (see specificity)
  {
    paths: ['/produce/steps'],
    layout: { mainHeader: false, subHeader: false, sidebar: 'minimized', footer: false },
  },
  {
    paths: ['/cart', '/checkout'],
    layout: { mainHeader: false, subHeader: true, sidebar: 'normal', footer: false },
  },
  {
    paths: ['/explore', '/pricing'],
    layout: (auth) =>
      auth.loggedIn
        ? { mainHeader: false, subHeader: true, sidebar: 'normal', footer: true }
        : { mainHeader: true, subHeader: false, sidebar: false, footer: true },
  },
  { paths: ['/success'], layout: MAIN_AND_FOOTER },
  {
    paths: ['/terms-of-service'],
    layout: { mainHeader: true, subHeader: true, sidebar: false, footer: true },
  },
];

/** Main header and footer. */
export const DEFAULT_LAYOUT: Layout = MAIN_AND_FOOTER;

export function normalizePath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed || '/';
}

export function matchPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = normalizePath(pathname).split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) => {
    const actual = have[i] ?? '';
    return segment.startsWith(':') ? actual.length > 0 : segment === actual;
  });
}

/** Literal segments outrank ':param' segments, so '/produce/steps' beats '/produce/:option'. */
function specificity(pattern: string): number {
  return pattern.split('/').filter((s) => s && !s.startsWith(':')).length;
}

export function findLayoutRule(pathname: string): { rule: LayoutRule; pattern: string } | null {
  let best: { rule: LayoutRule; pattern: string } | null = null;
  for (const rule of LAYOUT_TABLE) {
    for (const pattern of rule.paths) {
      if (!matchPattern(pattern, pathname)) continue;
      if (!best || specificity(pattern) > specificity(best.pattern)) best = { rule, pattern };
    }
  }
  return best;
}

/**
 * The layout for a path and the viewer. After the table: the sub header and the sidebar exist only for a
 * signed-in account (the spec's "Sub header (logged in)"), and pending or blocked accounts never get a
 * sidebar (spec section 4).
 */
export function resolveLayout(pathname: string, auth: LayoutAuth): Layout {
  const found = findLayoutRule(pathname);
  const base = found
    ? typeof found.rule.layout === 'function'
      ? found.rule.layout(auth)
      : found.rule.layout
    : DEFAULT_LAYOUT;
  const layout = { ...base };
  if (!auth.loggedIn) {
    layout.subHeader = false;
    layout.sidebar = false;
  }
  if (auth.pending || auth.blocked) layout.sidebar = false;
  return layout;
}
