import type { Me } from '../lib/types';
import { normalizePath } from './layout-table';

/** Where a pending account may still go (its review page and its own settings). */
const PENDING_ALLOWED = ['/pending', '/account-settings'];

/** Pages only customers use (spec section 6); designers, service providers and staff are sent to /projects. */
const CUSTOMER_ONLY = [
  '/design',
  '/design-results',
  '/new-design-results',
  '/produce',
  '/cart',
  '/checkout',
  '/orders',
  '/order-details',
  '/browse-designers',
  '/profile/designer',
  '/credits',
];

/** Staff pages (operations); everyone else is sent to the dashboard. */
const STAFF_ONLY = ['/ops'];

/** Pages only designers and service providers use; everyone else is sent to their account settings. */
const PRO_ONLY = ['/earnings'];

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Spec section 4: a blocked account on /projects (or a path containing it), /dashboard, /produce or /design. */
export function isBlockedPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return (
    path.includes('/projects') ||
    isUnder(path, '/dashboard') ||
    isUnder(path, '/produce') ||
    isUnder(path, '/design')
  );
}

export function isCustomerOnlyPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return CUSTOMER_ONLY.some((prefix) => isUnder(path, prefix));
}

/**
 * Where a protected path sends the viewer instead, or null to show it. Order: signed out -> '/';
 * pending -> '/pending'; blocked on the spec's paths -> '/no-access'; non-customers on customer pages ->
 * '/projects' (a blocked one straight to '/no-access', as /projects is closed to it); the status pages
 * send accounts that are not in that status to the dashboard.
 */
export function protectedRedirect(pathname: string, user: Me | null): string | null {
  const path = normalizePath(pathname);
  if (!user) return '/';
  if (user.status === 'pending') return PENDING_ALLOWED.includes(path) ? null : '/pending';
  if (path === '/pending') return '/dashboard';
  if (user.blocked && isBlockedPath(path)) return '/no-access';
  if (!user.blocked && path === '/no-access') return '/dashboard';
  if (user.role !== 'staff' && STAFF_ONLY.some((p) => isUnder(path, p))) return '/dashboard';
  if (user.role !== 'customer' && isCustomerOnlyPath(path)) return user.blocked ? '/no-access' : '/projects';
  if (user.role !== 'designer' && user.role !== 'service' && PRO_ONLY.some((p) => isUnder(path, p)))
    return '/account-settings';
  return null;
}

/** The operations console (/ops): staff only. Signed out -> the staff sign-in; anyone else -> away, to '/'. */
export function staffRedirect(user: Me | null): string | null {
  if (!user) return '/login-staff';
  if (user.role !== 'staff') return '/';
  return null;
}
