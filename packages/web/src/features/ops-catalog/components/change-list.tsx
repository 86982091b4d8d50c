import { History } from 'lucide-react';
import { formatDate, formatTime } from '@facet/domain/format';
import { Button, Skeleton } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useCatalogHistory, type CatalogChange, type CatalogEntity } from '../api/ops-catalog';

const show = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

const isEmpty = (fields: Record<string, unknown>) => Object.keys(fields).length === 0;

/** One change: who and when, and each field before → after (an addition or a deletion says so). */
export function ChangeItem({ change, name }: { change: CatalogChange; name: string }) {
  const added = isEmpty(change.before) && !isEmpty(change.after);
  const deleted = isEmpty(change.after) && !isEmpty(change.before);
  const verb = added ? 'added' : deleted ? 'deleted' : 'changed';
  const shown = deleted ? change.before : change.after;
  return (
    <li className="ops-history__item">
      <p className="ops-history__meta">
        <time dateTime={change.at}>
          {formatDate(change.at)}, {formatTime(change.at, { timeZone: 'UTC' })} UTC
        </time>{' '}
        · {change.actor ? change.actor.name : 'A removed account'} {verb} <strong>{name}</strong>
      </p>
      <ul className="ops-history__fields">
        {Object.keys(shown).map((field) => (
          <li key={field}>
            <span className="ops-history__field">{field}</span>{' '}
            {added ? (
              <strong>{show(change.after[field])}</strong>
            ) : deleted ? (
              <s>{show(change.before[field])}</s>
            ) : (
              <>
                {show(change.before[field])} → <strong>{show(change.after[field])}</strong>
              </>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The latest changes of one kind of entry, newest first. `nameOf` names an entry by its change (its id
 * or text key); a deleted entry is named by what it was.
 */
export function ChangeList({
  entity,
  id,
  label,
  nameOf,
}: {
  entity: CatalogEntity;
  id: string;
  label: string;
  nameOf: (change: CatalogChange) => string | undefined;
}) {
  const history = useCatalogHistory(entity);
  const fallback = (c: CatalogChange) =>
    (typeof c.before.name === 'string' && c.before.name) ||
    (typeof c.after.name === 'string' && c.after.name) ||
    (c.entityKey ?? `#${c.entityId}`);
  return (
    <section className="ops-history" aria-labelledby={`history-${id}`}>
      <h2 id={`history-${id}`} className="ops-section-title">
        <History aria-hidden="true" /> History of {label}
      </h2>
      {history.isPending ? (
        <div aria-label="Loading the history" className="ops-stack">
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
        </div>
      ) : history.isError ? (
        <p className="ops-error" role="alert">
          {errorMessage(history.error)}{' '}
          <Button size="sm" variant="ghost" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </p>
      ) : history.data.length === 0 ? (
        <p className="ops-muted">No changes yet: every change is kept here with who made it and when.</p>
      ) : (
        <ol className="ops-history__list">
          {history.data.map((change) => (
            <ChangeItem key={change.id} change={change} name={nameOf(change) ?? fallback(change)} />
          ))}
        </ol>
      )}
    </section>
  );
}
