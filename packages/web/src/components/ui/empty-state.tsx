import type { ReactNode } from 'react';
import clsx from 'clsx';
import './empty-state.css';

export type EmptyStateProps = {
  /** A lucide icon element or small illustration. */
  icon?: ReactNode;
  /** Small caps line above the title, e.g. the section name. */
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links that move the person forward. */
  action?: ReactNode;
  /** Use 'h1' when the empty state is the page's main content. */
  headingLevel?: 'h1' | 'h2' | 'h3';
  /** Extra content below the action, e.g. a list of what will appear here. */
  children?: ReactNode;
  className?: string;
};

export function EmptyState({
  icon,
  eyebrow,
  title,
  description,
  action,
  headingLevel: Heading = 'h2',
  children,
  className,
}: EmptyStateProps) {
  return (
    <section className={clsx('empty-state', className)}>
      {icon ? (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <Heading className="empty-state__title">{title}</Heading>
      {description ? <p className="empty-state__description">{description}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
      {children ? <div className="empty-state__extra">{children}</div> : null}
    </section>
  );
}
