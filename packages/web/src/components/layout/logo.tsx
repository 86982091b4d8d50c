import clsx from 'clsx';
import { Link } from 'react-router';
import './logo.css';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg className={clsx('logo__mark', className)} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        d="M16 4.5 26 13 16 27.5 6 13Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <path
        d="M6 13h20M11.5 13 16 27.5 20.5 13M11.5 13 16 4.5l4.5 8.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export type LogoProps = { to: string; compact?: boolean; className?: string; onNavigate?: () => void };

/** The Facet wordmark, a link home (or to /no-access for a blocked account; the caller decides). */
export function Logo({ to, compact = false, className, onNavigate }: LogoProps) {
  return (
    <Link to={to} className={clsx('logo', compact && 'logo--compact', className)} onClick={onNavigate}>
      <LogoMark />
      <span className={clsx('logo__word', compact && 'visually-hidden')}>Facet</span>
      {compact ? null : <span className="visually-hidden">, home</span>}
    </Link>
  );
}
