import { useId, useState } from 'react';
import { Pencil } from 'lucide-react';
import { Button, Textarea } from '../../../components/ui';

/**
 * Editable description (spec sections 4 and 5): view, editing, then save or cancel. Save is disabled while
 * the text is empty; cancel restores the saved text. Only an editor (the project's customer) sees Edit.
 */
export function DescriptionEditor({
  value,
  canEdit,
  onSave,
}: {
  value: string;
  canEdit: boolean;
  onSave: (next: string) => Promise<unknown>;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    try {
      await onSave(draft.trim());
      setEditing(false);
    } catch (error) {
      // spec section 8: a failed save is only logged; the editor stays open with the draft
      console.warn('Failed to save the description', error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="detail-block" aria-labelledby={`${id}-title`}>
      <div className="detail-block__head">
        <h3 id={`${id}-title`} className="detail-block__title">
          Description
        </h3>
        {canEdit && !editing ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setDraft(value);
              setEditing(true);
            }}
            aria-label="Edit description"
          >
            <Pencil aria-hidden="true" /> Edit
          </Button>
        ) : null}
      </div>
      {editing ? (
        <div className="detail-block__edit">
          <label htmlFor={`${id}-input`} className="visually-hidden">
            Description
          </label>
          <Textarea id={`${id}-input`} value={draft} onChange={(e) => setDraft(e.target.value)} rows={4} />
          <div className="detail-block__buttons">
            <Button size="sm" onClick={save} loading={saving} disabled={!draft.trim()}>
              Save
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setDraft(value);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <p className="detail-block__text">{value || 'No description yet.'}</p>
      )}
    </section>
  );
}
