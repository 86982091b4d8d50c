import { useRef } from 'react';
import { Link } from 'react-router';
import { ImagePlus, Ruler, Trash2 } from 'lucide-react';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  DESIGN_CATEGORIES,
  DESIGN_GOALS,
  designTexts,
  MAX_INSPIRATION_IMAGES,
  PARAMETRIC_KIND_OF_ITEM,
  TITLE_MAX,
  type DesignGoal,
  type DesignStepId,
} from '@facet/domain/design';
import { Button, DropZone, Field, Input, Spinner, Textarea } from '../../../components/ui';
import { ChoiceCards } from './choice-cards';
import type { DesignDraft } from '../api/design-draft';

/** The wizard's form as the customer edits it (saved to the server step by step). */
export interface WizardFields {
  category: string | null;
  itemType: string | null;
  materialId: number | null;
  description: string;
  goal: DesignGoal | null;
  title: string;
  widthMm: number | null;
  heightMm: number | null;
  thicknessMm: number | null;
}

export const emptyFields: WizardFields = {
  category: null,
  itemType: null,
  materialId: null,
  description: '',
  goal: null,
  title: '',
  widthMm: null,
  heightMm: null,
  thicknessMm: null,
};

export function fieldsOf(draft: DesignDraft | null | undefined): WizardFields {
  if (!draft) return emptyFields;
  return {
    category: draft.category,
    itemType: draft.itemType,
    materialId: draft.materialId,
    description: draft.description ?? '',
    goal: (draft.goal as DesignGoal | null) ?? null,
    title: draft.title ?? '',
    widthMm: draft.widthMm,
    heightMm: draft.heightMm,
    thicknessMm: draft.thicknessMm,
  };
}

/** The fields one step saves. */
export function stepFields(step: DesignStepId, f: WizardFields) {
  switch (step) {
    case 'piece':
      return { category: f.category, itemType: f.itemType };
    case 'material':
      return { materialId: f.materialId };
    case 'inspiration':
      return {};
    case 'description':
      return { description: f.description };
    case 'goal':
      return { goal: f.goal };
    case 'title':
      return { title: f.title, widthMm: f.widthMm, heightMm: f.heightMm, thicknessMm: f.thicknessMm };
  }
}

/** "Set exact measurements instead" for item types with a parametric builder. */
export function ParametricLink({ itemType }: { itemType: string | null }) {
  const kind = itemType ? PARAMETRIC_KIND_OF_ITEM[itemType] : undefined;
  if (!kind) return null;
  return (
    <p className="design-parametric">
      <Ruler aria-hidden="true" />
      <Link to={`/design/parametric?kind=${kind}`}>{designTexts.parametricLink}</Link>
    </p>
  );
}

type StepProps = {
  fields: WizardFields;
  errors: Record<string, string>;
  update: (patch: Partial<WizardFields>) => void;
};

export function PieceStep({ fields, errors, update }: StepProps) {
  const category = DESIGN_CATEGORIES.find((c) => c.name === fields.category);
  return (
    <>
      <ChoiceCards
        legend="Category"
        name="category"
        choices={DESIGN_CATEGORIES.map((c) => ({
          value: c.name,
          label: c.name,
          hint: c.itemTypes.join(', '),
        }))}
        value={fields.category}
        onChange={(value) => update({ category: value, itemType: null })}
        error={errors.category}
      />
      {category ? (
        <ChoiceCards
          legend="Item type"
          name="itemType"
          choices={category.itemTypes.map((t) => ({ value: t, label: t }))}
          value={fields.itemType}
          onChange={(value) => update({ itemType: value })}
          error={errors.itemType}
        />
      ) : null}
      <ParametricLink itemType={fields.itemType} />
    </>
  );
}

export function MaterialStep({
  fields,
  errors,
  update,
  materials,
  loadError,
  onRetry,
}: StepProps & {
  materials: { id: number; name: string; description: string }[] | undefined;
  /** Why the materials could not be loaded (then a way to try again instead of a spinner). */
  loadError?: string | null;
  onRetry?: () => void;
}) {
  if (!materials && loadError) {
    return (
      <div className="design-step__load-error" role="alert">
        <p>{loadError}</p>
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </div>
    );
  }
  if (!materials) return <Spinner label="Loading materials" />;
  return (
    <ChoiceCards
      legend="Material"
      name="materialId"
      choices={materials.map((m) => ({
        value: String(m.id),
        label: m.name,
        hint: m.description || undefined,
      }))}
      value={fields.materialId ? String(fields.materialId) : null}
      onChange={(value) => update({ materialId: Number(value) })}
      error={errors.materialId}
    />
  );
}

export function InspirationStep({
  images,
  uploading,
  removing,
  error,
  onAdd,
  onRemove,
}: {
  images: DesignDraft['inspiration'];
  uploading: boolean;
  removing: string | null;
  error?: string;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const full = images.length >= MAX_INSPIRATION_IMAGES;
  return (
    <div className="design-inspiration">
      <p className="design-step__lead">
        Optional: pictures of pieces, shapes or textures you like. {designTexts.inspirationLimits}
      </p>
      <DropZone onFiles={onAdd} disabled={uploading || full} className="design-inspiration__drop">
        <ImagePlus aria-hidden="true" />
        <p>{full ? 'You have added the most images a design can hold.' : 'Drop images here, or'}</p>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          hidden
          aria-label="Inspiration images"
          data-testid="inspiration-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length) onAdd(files);
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          loading={uploading}
          disabled={full}
          onClick={() => input.current?.click()}
        >
          Choose images
        </Button>
      </DropZone>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {images.length > 0 ? (
        <ul className="design-inspiration__list" aria-label="Inspiration images added">
          {images.map((image) => (
            <li key={image.id} className="design-inspiration__item">
              <img src={image.url} alt={image.name} />
              <Button
                variant="ghost"
                size="sm"
                iconOnly
                aria-label={`Remove ${image.name}`}
                loading={removing === image.id}
                onClick={() => onRemove(image.id)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="design-step__count">
        {images.length} of {MAX_INSPIRATION_IMAGES} images
      </p>
    </div>
  );
}

export function DescriptionStep({ fields, errors, update }: StepProps) {
  return (
    <Field
      label="Describe your idea"
      hint={`Shape, style, stones, texture, who it is for. At least ${DESCRIPTION_MIN} characters.`}
      error={errors.description}
      required
    >
      <Textarea
        value={fields.description}
        onChange={(e) => update({ description: e.target.value })}
        rows={6}
        maxLength={DESCRIPTION_MAX}
      />
    </Field>
  );
}

export function GoalStep({ fields, errors, update }: StepProps) {
  return (
    <ChoiceCards
      legend="What is the piece for?"
      name="goal"
      choices={DESIGN_GOALS}
      value={fields.goal}
      onChange={(value) => update({ goal: value as DesignGoal })}
      error={errors.goal}
    />
  );
}

function MmInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: number | null;
  error?: string;
  onChange: (value: number | null) => void;
}) {
  return (
    <Field label={`${label} (mm)`} error={error}>
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        step="0.1"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      />
    </Field>
  );
}

export function TitleStep({ fields, errors, update }: StepProps) {
  return (
    <>
      <Field
        label="Title"
        hint="A name for the design and the project made from it."
        error={errors.title}
        required
      >
        <Input
          value={fields.title}
          onChange={(e) => update({ title: e.target.value })}
          maxLength={TITLE_MAX}
        />
      </Field>
      <fieldset className="design-dimensions">
        <legend className="field__label">Approximate size (optional)</legend>
        <div className="design-dimensions__grid">
          <MmInput
            label="Width"
            value={fields.widthMm}
            error={errors.widthMm}
            onChange={(v) => update({ widthMm: v })}
          />
          <MmInput
            label="Height"
            value={fields.heightMm}
            error={errors.heightMm}
            onChange={(v) => update({ heightMm: v })}
          />
          <MmInput
            label="Thickness"
            value={fields.thicknessMm}
            error={errors.thicknessMm}
            onChange={(v) => update({ thicknessMm: v })}
          />
        </div>
      </fieldset>
      <ParametricLink itemType={fields.itemType} />
    </>
  );
}
