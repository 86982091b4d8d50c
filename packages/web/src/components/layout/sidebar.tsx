import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import clsx from 'clsx';
import { ExternalLink, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { useAuth } from '../../app/auth';
import { env } from '../../config/env';
import { api, errorMessage } from '../../lib/api-client';
import type { Me } from '../../lib/types';
import { Button, toast } from '../ui';
import { LogoMark } from './logo';
import { QuestionsDialog } from './questions-dialog';
import { sidebarItemsFor } from './nav-items';
import './sidebar.css';

export const SIDEBAR_COLLAPSED_KEY = 'facet.sidebar.collapsed';

export function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function storeCollapsed(value: boolean) {
  try {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(value));
  } catch {
    // private mode: the choice lasts for this page only
  }
}

export function isDashboardPath(pathname: string): boolean {
  return pathname === '/dashboard' || pathname.startsWith('/dashboard/');
}

/** Spec: the banner shows on dashboard paths when the questions banner flag is set (and was not skipped). */
export function showsProfileBanner(user: Me | null, pathname: string): boolean {
  return Boolean(user && isDashboardPath(pathname) && user.questionsBanner && !user.hasSkippedQuestions);
}

export function ProfileBanner({ onNavigate }: { onNavigate?: () => void }) {
  const { setUser, user } = useAuth();
  const [skipping, setSkipping] = useState(false);
  const [answering, setAnswering] = useState(false);

  async function skip() {
    setSkipping(true);
    try {
      await api.POST('/api/me/questions/skip');
      if (user) setUser({ ...user, hasSkippedQuestions: true });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setSkipping(false);
    }
  }

  return (
    <aside className="profile-banner" aria-label="Profile completion">
      <div className="profile-banner__meter" aria-hidden="true">
        <span style={{ width: '50%' }} />
      </div>
      <p className="profile-banner__text">Your profile is 50% complete.</p>
      <div className="profile-banner__actions">
        <Button size="sm" onClick={() => setAnswering(true)}>
          Complete Now
        </Button>
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          aria-label="Dismiss profile reminder"
          loading={skipping}
          onClick={skip}
        >
          {skipping ? null : <X aria-hidden="true" />}
        </Button>
      </div>
      <QuestionsDialog
        open={answering}
        onOpenChange={(open) => {
          setAnswering(open);
          if (!open) onNavigate?.();
        }}
      />
    </aside>
  );
}

type SidebarNavProps = {
  user: Me;
  collapsed: boolean;
  pathname: string;
  onNavigate?: () => void;
  /** The drawer adds the header's site links under the app navigation. */
  withSiteLinks?: boolean;
};

export function SidebarNav({
  user,
  collapsed,
  pathname,
  onNavigate,
  withSiteLinks = false,
}: SidebarNavProps) {
  const items = sidebarItemsFor(user.role);
  return (
    <>
      <nav className="sidebar-nav" aria-label="App">
        <ul>
          {items.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === '/dashboard'}
                className={({ isActive }) =>
                  clsx('sidebar-nav__link', isActive && 'sidebar-nav__link--active')
                }
                title={collapsed ? label : undefined}
                onClick={onNavigate}
              >
                <Icon aria-hidden="true" />
                <span className={clsx('sidebar-nav__label', collapsed && 'visually-hidden')}>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {withSiteLinks ? (
        <nav className="sidebar-nav sidebar-nav--site" aria-label="Site">
          <ul>
            <li>
              <NavLink to="/explore" className="sidebar-nav__link" onClick={onNavigate}>
                Explore
              </NavLink>
            </li>
            {user.role === 'customer' ? (
              <li>
                <NavLink to="/pricing" className="sidebar-nav__link" onClick={onNavigate}>
                  Pricing
                </NavLink>
              </li>
            ) : null}
            <li>
              <a
                className="sidebar-nav__link"
                href={env.helpCenterUrl}
                target="_blank"
                rel="noreferrer noopener"
              >
                Help Center <ExternalLink aria-hidden="true" className="sidebar-nav__external" />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      ) : null}
      {!collapsed && showsProfileBanner(user, pathname) ? <ProfileBanner onNavigate={onNavigate} /> : null}
    </>
  );
}

export type SidebarProps = { variant: 'normal' | 'minimized'; pathname: string };

/** The app navigation column (spec section 2, "Sidebar"); hidden on narrow screens, where the drawer shows it. */
export function Sidebar({ variant, pathname }: SidebarProps) {
  const { user } = useAuth();
  const [collapsedByChoice, setCollapsedByChoice] = useState(readCollapsed);
  if (!user) return null;
  const minimized = variant === 'minimized';
  const collapsed = minimized || collapsedByChoice;

  function toggle() {
    const next = !collapsedByChoice;
    setCollapsedByChoice(next);
    storeCollapsed(next);
  }

  return (
    <aside
      className={clsx('sidebar', collapsed && 'sidebar--collapsed')}
      aria-label="Sidebar"
      data-variant={minimized ? 'minimized' : 'normal'}
    >
      <div className="sidebar__inner">
        <Link to={user.blocked ? '/no-access' : '/'} className="sidebar__logo" aria-label="Facet, home">
          <LogoMark />
          {collapsed ? null : <span aria-hidden="true">Facet</span>}
        </Link>
        <SidebarNav user={user} collapsed={collapsed} pathname={pathname} />
        {minimized ? null : (
          <button
            type="button"
            className="sidebar__toggle"
            onClick={toggle}
            aria-pressed={collapsedByChoice}
            aria-label={collapsedByChoice ? 'Expand sidebar' : 'Collapse sidebar'}
            title={collapsedByChoice ? 'Expand sidebar' : 'Collapse sidebar'}
          >
            {collapsedByChoice ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
            {collapsedByChoice ? null : <span>Collapse</span>}
          </button>
        )}
      </div>
    </aside>
  );
}
