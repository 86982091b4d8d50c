import { Factory, FolderKanban, LayoutDashboard, Package, PenTool, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { Role } from '../../lib/types';

export type NavItem = { label: string; to: string; icon: LucideIcon; customerOnly: boolean };

/** Sidebar order (spec section 2): Dashboard, Design, Projects, Produce, Orders, Browse Designers. */
export const SIDEBAR_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard, customerOnly: false },
  { label: 'Design', to: '/design', icon: PenTool, customerOnly: true },
  { label: 'Projects', to: '/projects', icon: FolderKanban, customerOnly: false },
  { label: 'Produce', to: '/produce', icon: Factory, customerOnly: true },
  { label: 'Orders', to: '/orders', icon: Package, customerOnly: true },
  { label: 'Browse Designers', to: '/browse-designers', icon: Users, customerOnly: true },
];

/** Designers, service providers (and staff) see only Dashboard and Projects. */
export function sidebarItemsFor(role: Role | null | undefined): NavItem[] {
  return SIDEBAR_ITEMS.filter((item) => role === 'customer' || !item.customerOnly);
}
