import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import clsx from 'clsx';
import { Menu as MenuIcon } from 'lucide-react';
import { Drawer } from '../components/layout/drawer';
import { Footer } from '../components/layout/footer';
import { MainHeader } from '../components/layout/main-header';
import { Sidebar, SidebarNav } from '../components/layout/sidebar';
import { SubHeader } from '../components/layout/sub-header';
import { NotificationBell } from '../features/notifications';
import { LogoMark } from '../components/layout/logo';
import { Spinner } from '../components/ui';
import type { Me } from '../lib/types';
import { useAuth } from './auth';
import { resolveLayout } from './layout-table';
import type { LayoutAuth } from './layout-table';
import './app-layout.css';

export function layoutAuthOf(user: Me | null): LayoutAuth {
  return {
    loggedIn: Boolean(user),
    role: user?.role ?? null,
    firstTimeLogin: user?.firstTimeLogin ?? false,
    blocked: user?.blocked ?? false,
    pending: user?.status === 'pending',
  };
}

export function FullPageLoader({ label = 'Loading Facet' }: { label?: string }) {
  return (
    <div className="full-loader">
      <LogoMark className="full-loader__mark" />
      <Spinner size="md" label={label} />
    </div>
  );
}

/** Moves focus to the page on client-side navigation so screen readers start at the new content. */
function useFocusMainOnNavigate(pathname: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The shell: header(s), sidebar, page and footer as the layout table says for this path and viewer. */
export function AppLayout() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [navOpen, setNavOpen] = useState(false);
  const [navOpenedAt, setNavOpenedAt] = useState(pathname);
  useFocusMainOnNavigate(pathname);

  // the drawer closes when the path changes (a link inside it was followed)
  if (navOpen && navOpenedAt !== pathname) {
    setNavOpen(false);
    setNavOpenedAt(pathname);
  }
  function openNavigation() {
    setNavOpenedAt(pathname);
    setNavOpen(true);
  }

  if (isLoading) return <FullPageLoader />;

  const layout = resolveLayout(pathname, layoutAuthOf(user));
  const restricted = Boolean(user && (user.blocked || user.status === 'pending'));

  return (
    <div className={clsx('shell', layout.mainHeader && layout.subHeader && 'shell--both-headers')}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-label="Loading page" />
      ) : null}
      {layout.mainHeader ? <MainHeader belowSubHeader={layout.subHeader} /> : null}
      <div className="shell__body">
        {layout.sidebar ? <Sidebar variant={layout.sidebar} pathname={pathname} /> : null}
        <div className="shell__column">
          {layout.subHeader ? (
            <SubHeader
              onOpenNavigation={openNavigation}
              navigationOpen={navOpen}
              logo={layout.mainHeader ? 'never' : layout.sidebar ? 'mobile' : 'always'}
              notifications={<NotificationBell />}
            />
          ) : null}
          {layout.sidebar && !layout.subHeader ? (
            // on a phone the minimized sidebar becomes a slim bar: logo and the navigation drawer's button
            <div className="shell__mobile-bar">
              <button
                type="button"
                className="shell__nav-button"
                aria-label="Open navigation"
                aria-expanded={navOpen}
                onClick={openNavigation}
              >
                <MenuIcon aria-hidden="true" />
              </button>
              <Link
                to={user?.blocked ? '/no-access' : '/'}
                className="shell__mobile-logo"
                aria-label="Facet, home"
              >
                <LogoMark />
                <span aria-hidden="true">Facet</span>
              </Link>
            </div>
          ) : null}
          <main id="main" className="shell__main" tabIndex={-1}>
            <Outlet />
          </main>
          {layout.footer ? <Footer /> : null}
        </div>
      </div>
      {user ? (
        <Drawer open={navOpen} onOpenChange={setNavOpen} title="Navigation">
          {restricted ? null : <SidebarNav user={user} collapsed={false} pathname={pathname} withSiteLinks />}
        </Drawer>
      ) : null}
    </div>
  );
}
