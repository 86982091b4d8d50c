import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { History, Pencil } from 'lucide-react';
import { formatDate, formatTime } from '@facet/domain/format';
import {
  Button,
  Card,
  EmptyState,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import {
  CATALOG_KINDS,
  useCatalogHistory,
  useStaffCatalog,
  type CatalogChange,
  type CatalogKind,
  type CatalogKindPath,
  type StaffCatalog,
} from '../api/ops-catalog';
import { KIND_SPECS, type Row } from '../components/catalog-kinds';
import { EditEntryDialog } from '../components/edit-entry-dialog';
import '../components/ops-catalog.css';

const show = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

function ChangeItem({ change, names }: { change: CatalogChange; names: Map<number, string> }) {
  const fields = Object.keys(change.after);
  return (
    <li className="ops-history__item">
      <p className="ops-history__meta">
        <time dateTime={change.at}>
          {formatDate(change.at)}, {formatTime(change.at, { timeZone: 'UTC' })} UTC
        </time>{' '}
        · {change.actor ? change.actor.name : 'A removed account'} changed{' '}
        <strong>{names.get(change.entityId) ?? `#${change.entityId}`}</strong>
      </p>
      <ul className="ops-history__fields">
        {fields.map((field) => (
          <li key={field}>
            <span className="ops-history__field">{field}</span> {show(change.before[field])} →{' '}
            <strong>{show(change.after[field])}</strong>
          </li>
        ))}
      </ul>
    </li>
  );
}

function KindHistory({ kind, rows }: { kind: CatalogKind; rows: Row[] }) {
  const history = useCatalogHistory(kind.entity);
  const spec = KIND_SPECS[kind.path];
  const names = new Map(rows.map((r) => [r.id, spec.title(r)]));
  return (
    <section className="ops-history" aria-labelledby={`history-${kind.path}`}>
      <h2 id={`history-${kind.path}`} className="ops-section-title">
        <History aria-hidden="true" /> History of {kind.label.toLowerCase()}
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
            <ChangeItem key={change.id} change={change} names={names} />
          ))}
        </ol>
      )}
    </section>
  );
}

function KindTable({
  kind,
  catalog,
  onEdit,
}: {
  kind: CatalogKind;
  catalog: StaffCatalog;
  onEdit: (row: Row) => void;
}) {
  const spec = KIND_SPECS[kind.path];
  const rows = spec.rows(catalog);
  if (rows.length === 0) {
    return <EmptyState title={`No ${kind.label.toLowerCase()} yet`} description="The seed adds them." />;
  }
  return (
    <>
      <div className="ops-table-wrap">
        <table className="ops-table" data-testid={`table-${kind.path}`}>
          <caption className="visually-hidden">{kind.label}</caption>
          <thead>
            <tr>
              {spec.columns.map((c) => (
                <th key={c.label} scope="col" className={c.numeric ? 'ops-num' : undefined}>
                  {c.label}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className={row.isDisabled ? 'ops-row--off' : undefined}>
                {spec.columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.label} scope="row" data-label={c.label}>
                      {c.render(row)}
                    </th>
                  ) : (
                    <td key={c.label} data-label={c.label} className={c.numeric ? 'ops-num' : undefined}>
                      {c.render(row)}
                    </td>
                  ),
                )}
                <td className="ops-actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onEdit(row)}
                    aria-label={`Edit ${spec.title(row)}`}
                  >
                    <Pencil aria-hidden="true" /> Edit
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <KindHistory kind={kind} rows={rows} />
    </>
  );
}

/** `/ops/catalog`: staff edit every kind of catalog entry, each change kept with who and when. */
export function OpsCatalogPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: CatalogKindPath = CATALOG_KINDS.some((k) => k.path === asked)
    ? (asked as CatalogKindPath)
    : 'materials';
  const catalog = useStaffCatalog();
  const [editing, setEditing] = useState<Row | null>(null);
  const spec = KIND_SPECS[tab];

  return (
    <div className="page ops-page">
      <title>Catalog · Operations · Facet</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Operations</p>
          <h1 className="page__title">Catalog</h1>
          <p className="page__lead">
            Materials, finishes and options as customers configure them. A change applies to new quotes only:
            locked quotes, cart lines and paid orders keep their prices.
          </p>
        </div>
      </div>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value })}>
        <div className="ops-tabs-scroll">
          <TabsList aria-label="Kinds of catalog entry">
            {CATALOG_KINDS.map((k) => (
              <TabsTrigger key={k.path} value={k.path}>
                {k.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {CATALOG_KINDS.map((k) => (
          <TabsContent key={k.path} value={k.path}>
            {catalog.isPending ? (
              <div className="ops-stack" aria-label="Loading the catalog">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} height="2.75rem" />
                ))}
              </div>
            ) : catalog.isError ? (
              <EmptyState
                title="The catalog could not be loaded"
                description={errorMessage(catalog.error)}
                action={<Button onClick={() => void catalog.refetch()}>Try again</Button>}
              />
            ) : (
              <Card tone="outline" className="ops-card">
                <KindTable kind={k} catalog={catalog.data} onEdit={setEditing} />
              </Card>
            )}
          </TabsContent>
        ))}
      </Tabs>
      {catalog.data ? (
        <EditEntryDialog
          kind={tab}
          row={editing}
          title={editing ? spec.title(editing) : ''}
          fields={spec.fields}
          catalog={catalog.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
