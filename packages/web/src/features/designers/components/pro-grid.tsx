import type { ReactNode } from 'react';
import { SKELETON_CARDS } from '../lib/format';
import { ProCardSkeleton } from './pro-card';
import './pro-card.css';

/** The card grid; 6 skeleton cards while loading (spec section 9). */
export function ProGrid({
  loading,
  children,
  label,
}: {
  loading: boolean;
  children?: ReactNode;
  label: string;
}) {
  if (loading) {
    return (
      <div className="pro-grid" aria-busy="true">
        <span className="visually-hidden" role="status">
          Loading {label.toLowerCase()}…
        </span>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <ProCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  return (
    <section className="pro-grid" aria-label={label}>
      {children}
    </section>
  );
}
