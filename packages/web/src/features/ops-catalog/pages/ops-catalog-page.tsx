import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import {
  Button,
  Card,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import {
  CATALOG_KINDS,
  useDeleteEntry,
  useStaffCatalog,
  type CatalogKind,
  type CatalogKindPath,
  type StaffCatalog,
} from '../api/ops-catalog';
import { KIND_SPECS, type Row } from '../components/catalog-kinds';
import { ChangeList } from '../components/change-list';
import { EarnedPercentageSection } from '../components/earned-percentage-section';
import { EditEntryDialog } from '../components/edit-entry-dialog';
import { PlansSection } from '../components/plans-section';
import '../components/ops-catalog.css';

/** The tabs besides the catalog's own kinds: entries kept by other modules, edited here too. */
const MORE_TABS = [
  { path: 'plans', label: 'Membership plans' },
  { path: 'earned-percentage', label: 'Earned percentage' },
] as const;
type Tab = CatalogKindPath | (typeof MORE_TABS)[number]['path'];

function KindHistory({ kind, rows }: { kind: CatalogKind; rows: Row[] }) {
  const spec = KIND_SPECS[kind.path];
  const names = new Map(rows.map((r) => [r.id, spec.title(r)]));
  return (
    <ChangeList
      entity={kind.entity}
      id={kind.path}
      label={kind.label.toLowerCase()}
      nameOf={(c) =>
        names.get(c.entityId) ??
        (kind.path === 'quantity-breaks'
          ? spec.title({ id: c.entityId, minQuantity: c.entityId })
          : undefined)
      }
    />
  );
}

/** Asks before deleting an entry; the server's refusal (a quoted or default entry) shows here. */
function DeleteEntryDialog({
  kind,
  row,
  title,
  onClose,
}: {
  kind: CatalogKind;
  row: Row | null;
  title: string;
  onClose: () => void;
}) {
  const remove = useDeleteEntry(kind.path);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!row) return;
    setError(null);
    remove.mutate(row.id, {
      onSuccess: () => {
        toast({ title: 'Deleted', description: `${title} is deleted; the deletion is in the history.` });
        close();
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? null : close())}>
      {row ? (
        <DialogContent size="sm">
          <DialogHeader>
            <DialogTitle>Delete {title}?</DialogTitle>
            <DialogDescription>
              Stored quotes and paid orders keep their rates. An entry a stored quote names cannot be deleted:
              disable it instead.
            </DialogDescription>
          </DialogHeader>
          <DialogBody>
            {error ? (
              <p className="ops-error" role="alert">
                {error}
              </p>
            ) : null}
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="button" variant="danger" loading={remove.isPending} onClick={confirm}>
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function KindTable({
  kind,
  catalog,
  onEdit,
  onAdd,
  onDelete,
}: {
  kind: CatalogKind;
  catalog: StaffCatalog;
  onEdit: (row: Row) => void;
  onAdd: () => void;
  onDelete: (row: Row) => void;
}) {
  const spec = KIND_SPECS[kind.path];
  const rows = spec.rows(catalog);
  const addButton = kind.creatable ? (
    <div className="ops-kind-actions">
      <Button size="sm" onClick={onAdd}>
        <Plus aria-hidden="true" /> Add {kind.one}
      </Button>
    </div>
  ) : null;
  if (rows.length === 0) {
    return (
      <>
        {addButton}
        <EmptyState
          title={`No ${kind.label.toLowerCase()} yet`}
          description={kind.creatable ? `Add the first ${kind.one}.` : 'The seed adds them.'}
        />
      </>
    );
  }
  return (
    <>
      {addButton}
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
                  {kind.creatable ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onDelete(row)}
                      aria-label={`Delete ${spec.title(row)}`}
                    >
                      <Trash2 aria-hidden="true" /> Delete
                    </Button>
                  ) : null}
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
  const tab: Tab =
    CATALOG_KINDS.some((k) => k.path === asked) || MORE_TABS.some((t) => t.path === asked)
      ? (asked as Tab)
      : 'materials';
  const catalog = useStaffCatalog();
  const [editing, setEditing] = useState<Row | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const kind = CATALOG_KINDS.find((k) => k.path === tab);
  const spec = kind ? KIND_SPECS[kind.path] : null;

  return (
    <div className="page ops-page">
      <title>Catalog · Operations · Facet</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Operations</p>
          <h1 className="page__title">Catalog</h1>
          <p className="page__lead">
            Materials, finishes and options as customers configure them, the membership plans and the
            pros&apos; earned percentage. A change applies to new quotes and payments only: locked quotes,
            cart lines, paid orders and paid memberships keep their prices.
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
            {MORE_TABS.map((t) => (
              <TabsTrigger key={t.path} value={t.path}>
                {t.label}
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
                <KindTable
                  kind={k}
                  catalog={catalog.data}
                  onEdit={setEditing}
                  onAdd={() => setAdding(true)}
                  onDelete={setDeleting}
                />
              </Card>
            )}
          </TabsContent>
        ))}
        <TabsContent value="plans">
          <Card tone="outline" className="ops-card">
            <PlansSection />
          </Card>
        </TabsContent>
        <TabsContent value="earned-percentage">
          <Card tone="outline" className="ops-card">
            <EarnedPercentageSection />
          </Card>
        </TabsContent>
      </Tabs>
      {catalog.data && kind && spec ? (
        <>
          <EditEntryDialog
            kind={kind.path}
            row={editing}
            title={editing ? spec.title(editing) : ''}
            fields={spec.fields}
            catalog={catalog.data}
            onClose={() => setEditing(null)}
          />
          {spec.createFields ? (
            <EditEntryDialog
              kind={kind.path}
              mode="create"
              row={adding ? { id: 0 } : null}
              title={`Add a ${kind.one}`}
              fields={spec.createFields}
              catalog={catalog.data}
              onClose={() => setAdding(false)}
            />
          ) : null}
          <DeleteEntryDialog
            kind={kind}
            row={deleting}
            title={deleting ? spec.title(deleting) : ''}
            onClose={() => setDeleting(null)}
          />
        </>
      ) : null}
    </div>
  );
}
