import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import clsx from 'clsx';
import {
  CircleUser,
  Coins,
  ExternalLink,
  LogOut,
  Menu as MenuIcon,
  Settings,
  ShoppingBag,
  Sparkles,
  UserRoundPen,
} from 'lucide-react';
import { useAuth } from '../../app/auth';
import { env } from '../../config/env';
import type { Me } from '../../lib/types';
import {
  Avatar,
  Button,
  Menu,
  MenuContent,
  MenuGroup,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from '../ui';
import { LogoMark } from './logo';
import './headers.css';

function navClass({ isActive }: { isActive: boolean }) {
  return clsx('header-link', isActive && 'header-link--active');
}

/** Credits are whole numbers and never below 0 (spec section 5). */
function credits(value: number): number {
  return Math.max(0, Math.round(value));
}

export function isStandardPlan(user: Me): boolean {
  return user.membership.name.trim().toLowerCase() === 'standard';
}

export type SubHeaderProps = {
  /** Opens the navigation drawer on narrow screens. */
  onOpenNavigation: () => void;
  navigationOpen: boolean;
  /** 'mobile': the sidebar carries the logo on wide screens; 'never': the main header above carries it. */
  logo: 'always' | 'mobile' | 'never';
  /** The notification bell (the app shell passes the notifications feature's). */
  notifications?: ReactNode;
};

/** The signed-in header (spec section 2, "Sub header"). */
export function SubHeader({ onOpenNavigation, navigationOpen, logo, notifications }: SubHeaderProps) {
  const { user, logout } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  if (!user) return null;
  const customer = user.role === 'customer';

  function onUpgrade() {
    // already there: the account page's membership section opens its upgrade dialog
    if (location.pathname === '/account-settings') void navigate('/account-settings?upgrade=1');
    else void navigate('/account-settings');
  }

  return (
    <header className="sub-header">
      <div className="sub-header__start">
        <Button
          className="sub-header__menu"
          variant="ghost"
          iconOnly
          aria-label="Open navigation"
          aria-expanded={navigationOpen}
          onClick={onOpenNavigation}
        >
          <MenuIcon aria-hidden="true" />
        </Button>
        {logo === 'never' ? null : (
          <Link
            to={user.blocked ? '/no-access' : '/'}
            className={clsx('sub-header__logo', logo === 'mobile' && 'sub-header__logo--mobile')}
            aria-label="Facet, home"
          >
            <LogoMark />
            <span aria-hidden="true">Facet</span>
          </Link>
        )}
        <nav className="sub-header__nav" aria-label="Site">
          <NavLink to="/explore" className={navClass}>
            Explore
          </NavLink>
          {customer ? (
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
      </div>
      <div className="sub-header__end">
        {customer && isStandardPlan(user) ? (
          <Button variant="secondary" size="sm" className="sub-header__upgrade" onClick={onUpgrade}>
            <Sparkles aria-hidden="true" />
            <span className="sub-header__upgrade-text">Upgrade Plan</span>
          </Button>
        ) : null}
        {notifications}
        {customer ? (
          <Link
            to="/cart"
            className="cart-button"
            aria-label={`Cart, ${user.cartCount} ${user.cartCount === 1 ? 'item' : 'items'}`}
          >
            <ShoppingBag aria-hidden="true" />
            <span className="cart-button__count" aria-hidden="true">
              {user.cartCount}
            </span>
          </Link>
        ) : null}
        <Menu>
          <MenuTrigger
            className="avatar-trigger"
            aria-label={`Account menu for ${user.fullName || user.email}`}
          >
            <Avatar firstName={user.firstName} lastName={user.lastName} src={user.avatarUrl} size="md" />
          </MenuTrigger>
          <MenuContent className="account-menu">
            <div className="account-menu__who">
              <span className="account-menu__name">{user.fullName || 'Your account'}</span>
              <span className="account-menu__email">{user.email}</span>
            </div>
            <MenuSeparator />
            <MenuItem asChild>
              <Link to="/account-settings">
                <CircleUser aria-hidden="true" /> My Account
              </Link>
            </MenuItem>
            {customer ? null : (
              <MenuItem asChild>
                <Link to="/designer-dashboard/profile">
                  <UserRoundPen aria-hidden="true" /> Profile
                </Link>
              </MenuItem>
            )}
            <MenuItem asChild>
              <Link to="/account-settings?section=security">
                <Settings aria-hidden="true" /> Settings
              </Link>
            </MenuItem>
            {customer ? (
              <>
                <MenuSeparator />
                <MenuGroup>
                  <MenuLabel className="account-menu__credits-label">
                    <Coins aria-hidden="true" /> Credit Balance
                    <span className="account-menu__credits-total">{credits(user.credits.balance)}</span>
                  </MenuLabel>
                  {/* each figure opens the credits page: the balance, packs and history */}
                  <MenuItem asChild className="account-menu__credit">
                    <Link to="/credits">
                      Monthly Credits <span>{credits(user.credits.monthly)}</span>
                    </Link>
                  </MenuItem>
                  <MenuItem asChild className="account-menu__credit">
                    <Link to="/credits">
                      Purchased Credits <span>{credits(user.credits.purchased)}</span>
                    </Link>
                  </MenuItem>
                </MenuGroup>
              </>
            ) : null}
            <MenuSeparator />
            <MenuItem tone="danger" onSelect={() => void logout()}>
              <LogOut aria-hidden="true" /> Log out
            </MenuItem>
          </MenuContent>
        </Menu>
      </div>
    </header>
  );
}
