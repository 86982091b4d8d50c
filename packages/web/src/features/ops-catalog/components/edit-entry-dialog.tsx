import { useState, type FormEvent } from 'react';
import { METALS, metalNames } from '@facet/domain/pricing';
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  Select,
  Textarea,
  toast,
} from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useUpdateEntry, type CatalogKindPath, type StaffCatalog } from '../api/ops-catalog';
import type { FieldSpec, Row } from './catalog-kinds';

type Values = Record<string, string | boolean>;

/** The entry's values as the form shows them (cents as dollars, null as an empty box). */
function initialValues(row: Row, fields: FieldSpec[]): Values {
  return Object.fromEntries(
    fields.map((f) => {
      const v = row[f.key];
      if (f.type === 'boolean') return [f.key, Boolean(v)];
      if (v === null || v === undefined) return [f.key, ''];
      if (f.type === 'cents') return [f.key, (Number(v) / 100).toFixed(2)];
      return [f.key, String(v)];
    }),
  );
}

/** What the form holds as the API takes it; a message for a box that is not a number. */
function parse(f: FieldSpec, raw: string | boolean): { value: unknown } | { error: string } {
  if (f.type === 'boolean') return { value: raw };
  const text = String(raw).trim();
  if (text === '' && (f.nullable || f.type === 'metal')) return { value: null };
  if (f.type === 'text' || f.type === 'textarea') return { value: text };
  if (f.type === 'metal') return { value: text };
  const n = Number(text.replace(/^\$/, '').replace(/,/g, ''));
  if (text === '' || !Number.isFinite(n)) return { error: 'Enter a number.' };
  if (f.type === 'cents') return { value: Math.round(n * 100) };
  if (f.type === 'int' || f.type === 'category') {
    return Number.isInteger(n) ? { value: n } : { error: 'Enter a whole number.' };
  }
  return { value: n };
}

export type EditEntryDialogProps = {
  kind: CatalogKindPath;
  row: Row | null;
  title: string;
  fields: FieldSpec[];
  catalog: StaffCatalog;
  onClose: () => void;
};

/** Edits one entry: only the changed fields are sent; the server's messages show by their fields. */
export function EditEntryDialog({ kind, row, title, fields, catalog, onClose }: EditEntryDialogProps) {
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {row ? (
        <EditForm
          key={`${kind}-${row.id}`}
          kind={kind}
          row={row}
          title={title}
          fields={fields}
          catalog={catalog}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function EditForm({ kind, row, title, fields, catalog, onClose }: EditEntryDialogProps & { row: Row }) {
  const [values, setValues] = useState<Values>(() => initialValues(row, fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateEntry(kind);
  const start = initialValues(row, fields);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch: Record<string, unknown> = {};
    const found: Record<string, string> = {};
    for (const f of fields) {
      if (values[f.key] === start[f.key]) continue;
      const parsed = parse(f, values[f.key] ?? '');
      if ('error' in parsed) found[f.key] = parsed.error;
      else patch[f.key] = parsed.value;
    }
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: row.id, patch },
      {
        onSuccess: () => {
          toast({ title: 'Saved', description: `${title} is changed; the change is in the history.` });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
          setFormError(errorMessage(error));
        },
      },
    );
  };

  const set = (key: string, value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <DialogContent size="md">
      <form onSubmit={submit} noValidate>
        <DialogHeader>
          <DialogTitle>Edit {title}</DialogTitle>
          <DialogDescription>
            Quotes already given, cart lines and paid orders keep their prices.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="ops-form">
          {formError ? (
            <p className="ops-error" role="alert">
              {formError}
            </p>
          ) : null}
          {fields.map((f) => {
            const error = errors[f.key];
            const value = values[f.key];
            if (f.type === 'boolean') {
              return (
                <Checkbox
                  key={f.key}
                  label={f.label}
                  checked={Boolean(value)}
                  onChange={(e) => set(f.key, e.target.checked)}
                />
              );
            }
            return (
              <Field key={f.key} label={f.label} hint={f.hint} error={error}>
                {f.type === 'textarea' ? (
                  <Textarea value={String(value)} onChange={(e) => set(f.key, e.target.value)} rows={3} />
                ) : f.type === 'metal' ? (
                  <Select
                    value={String(value)}
                    onChange={(e) => set(f.key, e.target.value)}
                    placeholder="No spot price (base price only)"
                    options={METALS.map((m) => ({ value: m, label: metalNames[m] }))}
                  />
                ) : f.type === 'category' ? (
                  <Select
                    value={String(value)}
                    onChange={(e) => set(f.key, e.target.value)}
                    placeholder="No category"
                    options={catalog.productCategories.map((c) => ({ value: String(c.id), label: c.name }))}
                  />
                ) : (
                  <Input
                    value={String(value)}
                    onChange={(e) => set(f.key, e.target.value)}
                    inputMode={f.type === 'text' ? 'text' : 'decimal'}
                    startAdornment={f.type === 'cents' ? '$' : undefined}
                  />
                )}
              </Field>
            );
          })}
        </DialogBody>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
