import type { Me } from '../../../lib/types';

/**
 * Where an account lands after login (spec section 4): a pending designer or service provider waits on
 * /pending, a blocked account sees /no-access, customers open the dashboard, pros their projects, staff the
 * operations console.
 */
export function homePathFor(user: Pick<Me, 'role' | 'status' | 'blocked'>): string {
  if (user.role !== 'customer' && user.role !== 'staff' && user.status === 'pending') return '/pending';
  if (user.blocked) return '/no-access';
  if (user.role === 'designer' || user.role === 'service') return '/projects';
  if (user.role === 'staff') return '/ops';
  return '/dashboard';
}
