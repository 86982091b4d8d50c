import { startTransition, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { BarChart3, Table2 } from 'lucide-react';
import { Button, Skeleton } from '../../../components/ui';

export type ChartTable = {
  /** What the table holds, read out first: 'Earnings by month, last six months'. */
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
};

export type ChartCardProps = {
  title: string;
  /** One line under the title: what is counted and how. */
  description?: ReactNode;
  /** The headline figure beside the title (this month against last). */
  figure?: ReactNode;
  loading: boolean;
  error: boolean;
  /** Shown instead of the chart when there is nothing to draw yet. */
  empty?: string | null;
  table: ChartTable;
  /** The chart itself (lazy); drawn for sighted readers only, its numbers are in the table. */
  children: ReactNode;
};

/**
 * True once the element is on screen or near it (always true where the browser cannot tell). Charts below
 * the fold are drawn when scrolled to, so a first visit loads and draws only what it shows.
 */
function useNearScreen<T extends Element>() {
  // the element is state (a callback ref): the chart's body appears only once its series has loaded, and
  // the observer must start then, not only on the first render
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // drawing a chart is long work: a transition lets React do it in slices, between which the
        // browser answers input (no long task on the first visit)
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element]);
  return { ref: setElement, near };
}

/**
 * A chart with its table alternative: the table is always in the page (visually hidden while the chart
 * shows, so screen readers read the numbers, not the drawing), and "Show as table" puts it on screen.
 */
export function ChartCard({
  title,
  description,
  figure,
  loading,
  error,
  empty,
  table,
  children,
}: ChartCardProps) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const ready = !loading && !error;
  const { ref: bodyRef, near } = useNearScreen<HTMLDivElement>();
  return (
    <section className="chart-card" aria-labelledby={headingId} aria-busy={loading}>
      <div className="chart-card__head">
        <div>
          <h3 id={headingId} className="chart-card__title">
            {title}
          </h3>
          {description ? <p className="chart-card__description">{description}</p> : null}
        </div>
        {figure && ready ? <div className="chart-card__figure">{figure}</div> : null}
      </div>
      {loading ? (
        <div className="chart-card__body">
          <span className="visually-hidden">Loading {title.toLowerCase()}…</span>
          <Skeleton height="14rem" radius="md" />
        </div>
      ) : error ? (
        <p className="chart-card__message" role="alert">
          These figures could not be loaded. Please try again later.
        </p>
      ) : empty ? (
        <p className="chart-card__message">{empty}</p>
      ) : (
        <>
          {asTable ? null : (
            <div className="chart-card__body" aria-hidden="true" data-testid="chart" ref={bodyRef}>
              {near ? (
                <Suspense fallback={<Skeleton height="14rem" radius="md" />}>{children}</Suspense>
              ) : (
                <Skeleton height="14rem" radius="md" />
              )}
            </div>
          )}
          <div id={tableId} className={asTable ? 'chart-card__table-wrap' : 'visually-hidden'}>
            <table className="chart-card__table">
              <caption className="visually-hidden">{table.caption}</caption>
              <thead>
                <tr>
                  {table.columns.map((c, i) => (
                    <th key={c} scope="col" className={i > 0 ? 'is-number' : undefined}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.key}>
                    {row.cells.map((cell, i) =>
                      i === 0 ? (
                        <th key={i} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={i} className="is-number">
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="chart-card__foot">
            <Button
              variant="ghost"
              size="sm"
              aria-controls={tableId}
              aria-pressed={asTable}
              onClick={() => setAsTable((v) => !v)}
            >
              {asTable ? <BarChart3 aria-hidden="true" /> : <Table2 aria-hidden="true" />}
              {asTable ? 'Show as chart' : 'Show as table'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
