import type { ReactNode } from 'react';
import { Button } from './button';
import './show-more.css';

export type ShowMoreProps = {
  /** The list's paged query (TanStack Query's infinite query): nothing is shown on its last page. */
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  /** What the button asks for: "Show older orders". */
  children: ReactNode;
};

/** The button under a paged list that asks for its next page, busy while that page loads. */
export function ShowMore({ pages, children }: ShowMoreProps) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="show-more">
      <Button
        variant="secondary"
        onClick={() => void pages.fetchNextPage()}
        loading={pages.isFetchingNextPage}
      >
        {children}
      </Button>
    </div>
  );
}
