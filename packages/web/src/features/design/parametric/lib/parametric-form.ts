import {
  describeRingSize,
  innerDiameterToEuSize,
  innerDiameterToUsSize,
  innerDiameterMm,
  parametricInputSchema,
  type ParametricInput,
  type ParametricKind,
  type RingSizeSystem,
} from '@facet/domain/parametric';

/** The builder's fields as typed (numbers stay text until sent, so a half-typed value is not lost). */
export interface RingForm {
  sizeSystem: RingSizeSystem;
  size: string;
  bandWidthMm: string;
  thicknessMm: string;
  profile: 'flat' | 'comfort' | 'd-shape';
  engravingText: string;
}

export interface BarForm {
  lengthMm: string;
  heightMm: string;
  thicknessMm: string;
}

export interface ParametricForm {
  kind: ParametricKind;
  ring: RingForm;
  bar: BarForm;
}

export const defaultForm: ParametricForm = {
  kind: 'ring',
  ring: {
    sizeSystem: 'us',
    size: '7',
    bandWidthMm: '4',
    thicknessMm: '1.8',
    profile: 'comfort',
    engravingText: '',
  },
  bar: { lengthMm: '30', heightMm: '5', thicknessMm: '1.5' },
};

const number = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The request body of the form (not yet checked). */
export function toInput(form: ParametricForm): unknown {
  if (form.kind === 'ring') {
    const r = form.ring;
    const engraving = r.engravingText.trim();
    return {
      kind: 'ring',
      params: {
        sizeSystem: r.sizeSystem,
        size: number(r.size),
        bandWidthMm: number(r.bandWidthMm),
        thicknessMm: number(r.thicknessMm),
        profile: r.profile,
        ...(engraving ? { engravingText: engraving } : {}),
      },
    };
  }
  const b = form.bar;
  return {
    kind: 'bar',
    params: {
      lengthMm: number(b.lengthMm),
      heightMm: number(b.heightMm),
      thicknessMm: number(b.thicknessMm),
    },
  };
}

/**
 * The form checked with the server's own rules (the domain schema): the input, or each field's message by
 * its name in the form (`size`, `bandWidthMm`, ...). The server checks again; its answer wins.
 */
export function checkForm(
  form: ParametricForm,
): { ok: true; input: ParametricInput } | { ok: false; errors: Record<string, string> } {
  const result = parametricInputSchema.safeParse(toInput(form));
  if (result.success) return { ok: true, input: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[issue.path.length - 1] ?? 'form');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The server's field names (`params.size`) as the form's. */
export function formErrorsOf(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^params\./, ''), v]));
}

/** What the size means, for the live preview; null while the size is not a number. */
export function sizePreview(ring: RingForm) {
  const value = number(ring.size);
  if (!Number.isFinite(value) || value <= 0) return null;
  return describeRingSize({ system: ring.sizeSystem, value });
}

/** The same ring in the other system (US 7 <-> EU 54.5), for switching systems without losing the size. */
export function switchSystem(ring: RingForm, system: RingSizeSystem): RingForm {
  if (system === ring.sizeSystem) return ring;
  const value = number(ring.size);
  if (!Number.isFinite(value) || value <= 0) return { ...ring, sizeSystem: system };
  const d = innerDiameterMm({ system: ring.sizeSystem, value });
  const size = system === 'us' ? innerDiameterToUsSize(d) : innerDiameterToEuSize(d);
  return { ...ring, sizeSystem: system, size: String(size) };
}

/** A generated model's stored parameters back into the form (opening a piece again). */
export function formOf(parametric: { kind: string; params: Record<string, unknown> } | null | undefined) {
  if (!parametric) return null;
  const p = parametric.params;
  const text = (v: unknown, fallback: string) => (typeof v === 'number' ? String(v) : fallback);
  if (parametric.kind === 'ring') {
    const d = defaultForm.ring;
    return {
      ...defaultForm,
      kind: 'ring' as const,
      ring: {
        sizeSystem: p.sizeSystem === 'eu' ? ('eu' as const) : ('us' as const),
        size: text(p.size, d.size),
        bandWidthMm: text(p.bandWidthMm, d.bandWidthMm),
        thicknessMm: text(p.thicknessMm, d.thicknessMm),
        profile:
          p.profile === 'flat' || p.profile === 'd-shape' || p.profile === 'comfort' ? p.profile : d.profile,
        engravingText: typeof p.engravingText === 'string' ? p.engravingText : '',
      },
    };
  }
  if (parametric.kind === 'bar') {
    const d = defaultForm.bar;
    return {
      ...defaultForm,
      kind: 'bar' as const,
      bar: {
        lengthMm: text(p.lengthMm, d.lengthMm),
        heightMm: text(p.heightMm, d.heightMm),
        thicknessMm: text(p.thicknessMm, d.thicknessMm),
      },
    };
  }
  return null;
}

/** 17.3196 -> "17.32". */
export const mm = (value: number) => value.toFixed(2);
