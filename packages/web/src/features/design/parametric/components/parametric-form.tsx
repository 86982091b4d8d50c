import type { FormEvent } from 'react';
import { Sparkles } from 'lucide-react';
import {
  BAR_HEIGHT_MM,
  BAR_LENGTH_MM,
  BAR_THICKNESS_MM,
  ENGRAVING_MAX_CHARS,
  EU_SIZE_MAX,
  EU_SIZE_MIN,
  EU_SIZE_STEP,
  RING_THICKNESS_MM,
  RING_WIDTH_MM,
  US_SIZE_MAX,
  US_SIZE_MIN,
  US_SIZE_STEP,
  parametricKindOptions,
  ringProfileOptions,
} from '@facet/domain/parametric';
import { Button, Field, Input, Spinner } from '../../../../components/ui';
import { mm, sizePreview, switchSystem, type ParametricForm } from '../lib/parametric-form';
import { ChoiceChips } from './choice-chips';

const systemOptions = [
  { value: 'us', label: 'US' },
  { value: 'eu', label: 'EU' },
] as const;

function NumberField({
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
  step,
  unit,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string;
  hint?: string;
  min: number;
  max: number;
  step: number;
  unit?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      <Input
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        endAdornment={unit ? <span className="parametric__unit">{unit}</span> : undefined}
      />
    </Field>
  );
}

/** The builder's parameters, the live size preview and the Generate button. */
export function ParametricFormView({
  form,
  onChange,
  errors,
  onSubmit,
  pending,
}: {
  form: ParametricForm;
  onChange: (form: ParametricForm) => void;
  errors: Record<string, string>;
  onSubmit: () => void;
  pending: boolean;
}) {
  const ring = form.ring;
  const bar = form.bar;
  const preview = sizePreview(ring);
  const us = ring.sizeSystem === 'us';
  const setRing = (patch: Partial<typeof ring>) => onChange({ ...form, ring: { ...ring, ...patch } });
  const setBar = (patch: Partial<typeof bar>) => onChange({ ...form, bar: { ...bar, ...patch } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className="parametric-form" onSubmit={submit} noValidate aria-label="Piece parameters">
      <ChoiceChips
        legend="Piece"
        name="kind"
        options={parametricKindOptions}
        value={form.kind}
        onChange={(kind) => onChange({ ...form, kind })}
      />
      {form.kind === 'ring' ? (
        <>
          <div className="parametric-form__size">
            <ChoiceChips
              legend="Ring size"
              name="sizeSystem"
              options={systemOptions}
              value={ring.sizeSystem}
              onChange={(system) => onChange({ ...form, ring: switchSystem(ring, system) })}
            />
            <NumberField
              label={us ? 'US size' : 'EU size'}
              value={ring.size}
              onChange={(size) => setRing({ size })}
              error={errors.size}
              min={us ? US_SIZE_MIN : EU_SIZE_MIN}
              max={us ? US_SIZE_MAX : EU_SIZE_MAX}
              step={us ? US_SIZE_STEP : EU_SIZE_STEP}
            />
          </div>
          <p className="parametric-form__derived" aria-live="polite" data-testid="size-preview">
            {preview ? (
              <>
                Inner diameter <strong>{mm(preview.innerDiameterMm)} mm</strong> · circumference{' '}
                {mm(preview.circumferenceMm)} mm · {us ? `EU ${preview.eu}` : `US ${preview.us}`}
              </>
            ) : (
              'Enter a size to see its inner diameter.'
            )}
          </p>
          <div className="parametric-form__row">
            <NumberField
              label="Band width"
              value={ring.bandWidthMm}
              onChange={(bandWidthMm) => setRing({ bandWidthMm })}
              error={errors.bandWidthMm}
              min={RING_WIDTH_MM.min}
              max={RING_WIDTH_MM.max}
              step={0.1}
              unit="mm"
            />
            <NumberField
              label="Thickness"
              value={ring.thicknessMm}
              onChange={(thicknessMm) => setRing({ thicknessMm })}
              error={errors.thicknessMm}
              hint="Metal at the middle of the band"
              min={RING_THICKNESS_MM.min}
              max={RING_THICKNESS_MM.max}
              step={0.1}
              unit="mm"
            />
          </div>
          <ChoiceChips
            legend="Profile"
            name="profile"
            options={ringProfileOptions}
            value={ring.profile}
            onChange={(profile) => setRing({ profile })}
          />
          <Field
            label="Engraving (optional)"
            hint={`Up to ${ENGRAVING_MAX_CHARS} characters, laser engraved inside the band; priced as the text engraving option`}
            error={errors.engravingText}
          >
            <Input
              value={ring.engravingText}
              maxLength={ENGRAVING_MAX_CHARS}
              onChange={(e) => setRing({ engravingText: e.target.value })}
            />
          </Field>
        </>
      ) : (
        <div className="parametric-form__row parametric-form__row--three">
          <NumberField
            label="Length"
            value={bar.lengthMm}
            onChange={(lengthMm) => setBar({ lengthMm })}
            error={errors.lengthMm}
            min={BAR_LENGTH_MM.min}
            max={BAR_LENGTH_MM.max}
            step={0.5}
            unit="mm"
          />
          <NumberField
            label="Height"
            value={bar.heightMm}
            onChange={(heightMm) => setBar({ heightMm })}
            error={errors.heightMm}
            min={BAR_HEIGHT_MM.min}
            max={BAR_HEIGHT_MM.max}
            step={0.1}
            unit="mm"
          />
          <NumberField
            label="Thickness"
            value={bar.thicknessMm}
            onChange={(thicknessMm) => setBar({ thicknessMm })}
            error={errors.thicknessMm}
            min={BAR_THICKNESS_MM.min}
            max={BAR_THICKNESS_MM.max}
            step={0.1}
            unit="mm"
          />
        </div>
      )}
      {errors.form ? (
        <p className="produce-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner size="sm" label={null} /> : <Sparkles aria-hidden="true" />}
        {pending ? 'Generating…' : 'Generate'}
      </Button>
    </form>
  );
}
