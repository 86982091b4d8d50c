import type { CSSProperties } from 'react';
import clsx from 'clsx';
import './skeleton.css';

export type SkeletonProps = {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: 'sm' | 'md' | 'lg' | 'pill';
  className?: string;
};

/** A shimmering placeholder block; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ width = '100%', height = '1rem', radius = 'sm', className }: SkeletonProps) {
  return (
    <span
      className={clsx('skeleton', `skeleton--${radius}`, className)}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}

/** Several text-line skeletons, the last one shorter. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <span className={clsx('skeleton-text', className)} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={i === lines - 1 && lines > 1 ? '60%' : '100%'} height="0.85rem" />
      ))}
    </span>
  );
}
