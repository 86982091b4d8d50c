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
import { useCreateEntry, useUpdateEntry, type CatalogKindPath, type StaffCatalog } from '../api/ops-catalog';
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
  if (f.type === 'metal' || f.type === 'kind') return { value: text };
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
  /** edit: the changed fields of `row` are sent; create: a new entry ("Add …"), `row` is a placeholder. */
  mode?: 'edit' | 'create';
  row: Row | null;
  title: string;
  fields: FieldSpec[];
  catalog: StaffCatalog;
  onClose: () => void;
};

/** Edits one entry: only the changed fields are sent; the server's messages show by their fields. */
export function EditEntryDialog({
  kind,
  mode = 'edit',
  row,
  title,
  fields,
  catalog,
  onClose,
}: EditEntryDialogProps) {
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {row ? (
        <EditForm
          key={`${kind}-${mode}-${row.id}`}
          kind={kind}
          mode={mode}
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

function EditForm({ kind, mode, row, title, fields, catalog, onClose }: EditEntryDialogProps & { row: Row }) {
  const creating = mode === 'create';
  const [values, setValues] = useState<Values>(() => initialValues(row, fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateEntry(kind);
  const create = useCreateEntry(kind);
  const saving = creating ? create.isPending : update.isPending;
  const start = initialValues(row, fields);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch: Record<string, unknown> = {};
    const found: Record<string, string> = {};
    for (const f of fields) {
      const raw = values[f.key] ?? '';
      if (creating) {
        // a new entry: every box filled in is sent; an empty optional one takes the default
        if (f.type !== 'boolean' && String(raw).trim() === '') {
          if (f.required) found[f.key] = `${f.label.replace(/ \(.*\)$/, '')} is required.`;
          continue;
        }
      } else if (raw === start[f.key]) continue;
      const parsed = parse(f, raw);
      if ('error' in parsed) found[f.key] = parsed.error;
      else patch[f.key] = parsed.value;
    }
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const onError = (error: Error) => {
      if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
      setFormError(errorMessage(error));
    };
    if (creating) {
      create.mutate(patch, {
        onSuccess: () => {
          toast({ title: 'Added', description: `${title} is added; the addition is in the history.` });
          onClose();
        },
        onError,
      });
      return;
    }
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
        onError,
      },
    );
  };

  const set = (key: string, value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <DialogContent size="md">
      <form onSubmit={submit} noValidate>
        <DialogHeader>
          <DialogTitle>{creating ? title : `Edit ${title}`}</DialogTitle>
          <DialogDescription>
            {creating
              ? 'The new entry is offered to new quotes at once; the addition is kept in the history.'
              : 'Quotes already given, cart lines and paid orders keep their prices.'}
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
                ) : f.type === 'kind' ? (
                  <Select
                    value={String(value)}
                    onChange={(e) => set(f.key, e.target.value)}
                    placeholder="Choose metal or resin"
                    options={[
                      { value: 'metal', label: 'Metal (cast)' },
                      { value: 'resin', label: 'Resin (printed)' },
                    ]}
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
          <Button type="submit" loading={saving}>
            {creating ? 'Add' : 'Save changes'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
