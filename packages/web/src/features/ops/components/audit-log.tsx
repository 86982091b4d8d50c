import type { UseQueryResult } from '@tanstack/react-query';
import { formatDate, formatTime } from '@facet/domain/format';
import { Skeleton } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import type { AuditEntry } from '../api/people';

/** The audit log of staff actions: who did what, on what, why. */
export function AuditLog({
  title,
  query,
}: {
  title: string;
  query: UseQueryResult<{ entries: AuditEntry[]; total: number }>;
}) {
  return (
    <section className="ops-section" aria-labelledby="ops-audit-title">
      <h2 id="ops-audit-title">{title}</h2>
      {query.isPending ? (
        <Skeleton height="6rem" />
      ) : query.isError ? (
        <p className="ops-alert" role="alert">
          {errorMessage(query.error)}
        </p>
      ) : query.data.entries.length === 0 ? (
        <p className="ops-muted">No staff actions yet.</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Details</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {query.data.entries.map((e) => (
                <tr key={e.id}>
                  <td>
                    {formatDate(e.createdAt)} {formatTime(e.createdAt)}
                  </td>
                  <td>{e.actorName ?? '—'}</td>
                  <td>{e.action}</td>
                  <td>
                    {Object.entries(e.detail)
                      .map(([k, v]) => `${k}: ${String(v)}`)
                      .join(', ') || '—'}
                  </td>
                  <td>{e.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
