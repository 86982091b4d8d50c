import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import {
  Banknote,
  Factory,
  FolderKanban,
  Gem,
  LayoutDashboard,
  LogOut,
  Menu,
  TrendingUp,
  Users,
} from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { Drawer } from '../../../components/layout/drawer';
import { LogoMark } from '../../../components/layout/logo';
import { Button } from '../../../components/ui';
import './ops.css';

/** The console's sections; Catalog and Metal prices are their own pages at /ops/catalog and /ops/metal-prices. */
export const OPS_NAV = [
  { to: '/ops/people', label: 'People', icon: Users },
  { to: '/ops/projects', label: 'Projects', icon: FolderKanban },
  { to: '/ops/orders', label: 'Orders', icon: Factory },
  { to: '/ops/money', label: 'Money', icon: Banknote },
  { to: '/ops/catalog', label: 'Catalog', icon: Gem },
  { to: '/ops/metal-prices', label: 'Metal prices', icon: TrendingUp },
] as const;

function OpsNav() {
  return (
    <nav aria-label="Operations" className="ops-nav">
      <ul>
        {OPS_NAV.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} className={({ isActive }) => `ops-nav__link${isActive ? ' is-active' : ''}`}>
              <Icon aria-hidden="true" />
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      {/* the team's figures and charts live on the app's dashboard, beside every project */}
      <ul className="ops-nav__more">
        <li>
          <NavLink to="/dashboard" className="ops-nav__link">
            <LayoutDashboard aria-hidden="true" />
            <span>Dashboard</span>
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** The operations console's own shell: a side nav (a drawer on phones), the staff member, sign out. */
export function OpsShell() {
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }

  return (
    <div className="ops">
      <aside className="ops__side">
        <div className="ops__side-inner">
          <Link to="/ops" className="ops__brand" aria-label="Facet operations, home">
            <LogoMark />
            <span>
              Facet <small>Operations</small>
            </span>
          </Link>
          <OpsNav />
        </div>
      </aside>
      <div className="ops__column">
        <header className="ops__top">
          <Button
            variant="ghost"
            iconOnly
            className="ops__menu"
            aria-label="Open navigation"
            aria-expanded={open}
            onClick={() => {
              setOpenedAt(pathname);
              setOpen(true);
            }}
          >
            <Menu aria-hidden="true" />
          </Button>
          <Link to="/ops" className="ops__top-brand">
            <LogoMark />
            <span>Operations</span>
          </Link>
          <span className="ops__who">
            {user ? `${user.firstName} ${user.lastName}`.trim() : null}
            <span className="ops__role">Production team</span>
          </span>
          <Button variant="secondary" size="sm" onClick={() => void logout()}>
            <LogOut aria-hidden="true" />
            Log out
          </Button>
        </header>
        <div className="ops__page">
          <Outlet />
        </div>
      </div>
      <Drawer open={open} onOpenChange={setOpen} title="Operations">
        <OpsNav />
      </Drawer>
    </div>
  );
}
