import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import clsx from 'clsx';
import { ChevronDown, ExternalLink, LogOut, Menu as MenuIcon } from 'lucide-react';
import { useAuth } from '../../app/auth';
import { env } from '../../config/env';
import { Button, Menu, MenuContent, MenuItem, MenuLabel, MenuTrigger } from '../ui';
import { Drawer } from './drawer';
import { Logo } from './logo';
import './headers.css';

/** Spec section 2: the login dropdown offers Customer and CAD Designer (service providers find their page from those). */
export const LOGIN_OPTIONS = [
  { label: 'Customer', to: '/login-user' },
  { label: 'CAD Designer', to: '/login-designer' },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return clsx('header-link', isActive && 'header-link--active');
}

/**
 * The public header: logo, Explore, Pricing, Help Center, login and sign-up (spec section 2, "Main header").
 * On a page that also shows the sub header (the terms page, signed in) the sub header carries the links and
 * the account menu, so this header keeps only the logo and the Dashboard button instead of repeating them.
 */
export function MainHeader({ belowSubHeader = false }: { belowSubHeader?: boolean }) {
  const { user, logout } = useAuth();
  const compact = belowSubHeader && Boolean(user);
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const showPricing = !user || user.role === 'customer';
  const pending = user?.status === 'pending';
  const logoTarget = user?.blocked ? '/no-access' : '/';

  async function onLogout() {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
      setMenuOpen(false);
    }
  }

  const dashboardButton = pending ? (
    // spec section 4: while the account is pending the Dashboard button does nothing
    <Button variant="secondary" size="sm" aria-disabled="true" title="Your account is under review">
      Dashboard
    </Button>
  ) : (
    <Button variant="secondary" size="sm" asChild>
      <Link to="/dashboard" onClick={() => setMenuOpen(false)}>
        Dashboard
      </Link>
    </Button>
  );

  return (
    <header className="main-header">
      <div className="main-header__inner">
        <Logo to={logoTarget} />
        {compact ? null : (
          <nav className="main-header__nav" aria-label="Main">
            <NavLink to="/explore" className={navClass}>
              Explore
            </NavLink>
            {showPricing ? (
              <NavLink to="/pricing" className={navClass}>
                Pricing
              </NavLink>
            ) : null}
            <a className="header-link" href={env.helpCenterUrl} target="_blank" rel="noreferrer noopener">
              Help Center
              <ExternalLink className="header-link__external" aria-hidden="true" />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </nav>
        )}
        <div className="main-header__actions">
          {user ? (
            <>
              {dashboardButton}
              {compact ? null : (
                <Button variant="ghost" size="sm" onClick={onLogout} loading={loggingOut}>
                  <LogOut aria-hidden="true" />
                  Log Out
                </Button>
              )}
            </>
          ) : (
            <>
              <Menu>
                <MenuTrigger asChild>
                  <Button variant="ghost" size="sm">
                    Login
                    <ChevronDown aria-hidden="true" />
                  </Button>
                </MenuTrigger>
                <MenuContent>
                  <MenuLabel>Log in as</MenuLabel>
                  {LOGIN_OPTIONS.map((option) => (
                    <MenuItem key={option.to} asChild>
                      <Link to={option.to}>{option.label}</Link>
                    </MenuItem>
                  ))}
                </MenuContent>
              </Menu>
              <Button size="sm" asChild>
                <Link to="/onboarding">Sign Up</Link>
              </Button>
            </>
          )}
        </div>
        {compact ? null : (
          <div className="main-header__mobile">
            {user ? null : (
              <Button size="sm" asChild>
                <Link to="/onboarding">Get Started</Link>
              </Button>
            )}
            <Button
              variant="ghost"
              size="md"
              iconOnly
              aria-label="Open menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
      <Drawer open={menuOpen} onOpenChange={setMenuOpen} title="Menu" side="right">
        <nav className="drawer-nav" aria-label="Main">
          <NavLink to="/explore" className="drawer-nav__link" onClick={() => setMenuOpen(false)}>
            Explore
          </NavLink>
          {showPricing ? (
            <NavLink to="/pricing" className="drawer-nav__link" onClick={() => setMenuOpen(false)}>
              Pricing
            </NavLink>
          ) : null}
          <a className="drawer-nav__link" href={env.helpCenterUrl} target="_blank" rel="noreferrer noopener">
            Help Center <ExternalLink aria-hidden="true" />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </nav>
        <div className="drawer-actions">
          {user ? (
            <>
              {dashboardButton}
              <Button variant="ghost" onClick={onLogout} loading={loggingOut}>
                <LogOut aria-hidden="true" />
                Log Out
              </Button>
            </>
          ) : (
            <>
              <p className="drawer-actions__label">Log in as</p>
              {LOGIN_OPTIONS.map((option) => (
                <Button key={option.to} variant="secondary" fullWidth asChild>
                  <Link to={option.to} onClick={() => setMenuOpen(false)}>
                    {option.label}
                  </Link>
                </Button>
              ))}
              <Button fullWidth asChild>
                <Link to="/onboarding" onClick={() => setMenuOpen(false)}>
                  Sign Up
                </Link>
              </Button>
            </>
          )}
        </div>
      </Drawer>
    </header>
  );
}
