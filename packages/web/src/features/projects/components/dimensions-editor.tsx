import { useId, useState } from 'react';
import { ChevronDown, Pencil, Plus, Trash2 } from 'lucide-react';
import { Button, Input } from '../../../components/ui';
import type { Dimension } from '../lib/dimensions';
import { cleanDimensions, dimensionLabel, formatDimensionValue } from '../lib/dimensions';

/**
 * Collapsible, editable dimensions (spec sections 2, 4, 5): values show a unit (mm assumed when none is
 * written); save is blocked while the list is empty; cancel restores.
 */
export function DimensionsEditor({
  value,
  canEdit,
  onSave,
}: {
  value: readonly Dimension[];
  canEdit: boolean;
  onSave: (next: Dimension[]) => Promise<unknown>;
}) {
  const id = useId();
  const [open, setOpen] = useState(true);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Dimension[]>([...value]);
  const [saving, setSaving] = useState(false);
  const cleaned = cleanDimensions(draft);

  async function save() {
    if (!cleaned.length) return;
    setSaving(true);
    try {
      await onSave(cleaned);
      setEditing(false);
    } catch (error) {
      // spec section 8: a failed save is only logged; the editor stays open with the draft
      console.warn('Failed to save the dimensions', error);
    } finally {
      setSaving(false);
    }
  }

  const update = (index: number, patch: Partial<Dimension>) =>
    setDraft((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <section className="detail-block" aria-labelledby={`${id}-title`}>
      <div className="detail-block__head">
        <h3 id={`${id}-title`} className="detail-block__title">
          <button
            type="button"
            className="detail-block__toggle"
            aria-expanded={open}
            aria-controls={`${id}-body`}
            onClick={() => setOpen((o) => !o)}
          >
            Dimensions
            <ChevronDown aria-hidden="true" className={open ? 'is-open' : undefined} />
          </button>
        </h3>
        {canEdit && open && !editing ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setDraft([...value]);
              setEditing(true);
            }}
            aria-label="Edit dimensions"
          >
            <Pencil aria-hidden="true" /> Edit
          </Button>
        ) : null}
      </div>
      <div id={`${id}-body`} hidden={!open}>
        {editing ? (
          <div className="detail-block__edit">
            {draft.map((row, index) => (
              <div className="dimension-row" key={index}>
                <Input
                  aria-label={`Dimension ${index + 1} name`}
                  value={row.name}
                  placeholder="width"
                  onChange={(e) => update(index, { name: e.target.value })}
                />
                <Input
                  aria-label={`Dimension ${index + 1} value`}
                  value={row.value}
                  placeholder="18 mm"
                  onChange={(e) => update(index, { value: e.target.value })}
                />
                <Button
                  size="sm"
                  variant="ghost"
                  iconOnly
                  aria-label={`Remove dimension ${index + 1}`}
                  onClick={() => setDraft((rows) => rows.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setDraft((rows) => [...rows, { name: '', value: '' }])}
            >
              <Plus aria-hidden="true" /> Add dimension
            </Button>
            {!cleaned.length ? (
              <p className="detail-block__hint" role="status">
                Add at least one dimension to save.
              </p>
            ) : null}
            <div className="detail-block__buttons">
              <Button size="sm" onClick={save} loading={saving} disabled={!cleaned.length}>
                Save
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  setDraft([...value]);
                  setEditing(false);
                }}
              >
                Cancel
              </Button>
            </div>
          </div>
        ) : value.length ? (
          <dl className="dimension-list">
            {value.map((row) => (
              <div key={row.name}>
                <dt>{dimensionLabel(row.name)}</dt>
                <dd>{formatDimensionValue(row.value)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="detail-block__text">No dimensions yet.</p>
        )}
      </div>
    </section>
  );
}
