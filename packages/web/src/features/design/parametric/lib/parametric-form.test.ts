import { describe, expect, test } from 'vitest';
import { parametricMessages } from '@facet/domain/parametric';
import {
  checkForm,
  defaultForm,
  formErrorsOf,
  formOf,
  sizePreview,
  switchSystem,
  toInput,
} from './parametric-form';

describe('parametric form', () => {
  test('US and EU sizes convert through the inner diameter', () => {
    const eu = switchSystem(defaultForm.ring, 'eu');
    expect(eu).toMatchObject({ sizeSystem: 'eu', size: '54.5' });
    expect(switchSystem(eu, 'us').size).toBe('7');
    // a size being typed is kept as it is
    expect(switchSystem({ ...defaultForm.ring, size: '' }, 'eu')).toMatchObject({
      sizeSystem: 'eu',
      size: '',
    });
    expect(sizePreview({ ...defaultForm.ring, size: '' })).toBeNull();
    expect(sizePreview({ ...defaultForm.ring, sizeSystem: 'eu', size: '60' })?.innerDiameterMm).toBeCloseTo(
      60 / Math.PI,
      12,
    );
  });

  test('checks with the server’s rules and names the form’s fields', () => {
    const result = checkForm({
      ...defaultForm,
      ring: { ...defaultForm.ring, thicknessMm: '', size: '16.5' },
    });
    expect(result).toEqual({
      ok: false,
      errors: { thicknessMm: parametricMessages.ringThickness, size: parametricMessages.usSize },
    });
    expect(checkForm(defaultForm)).toEqual({ ok: true, input: toInput(defaultForm) });
    expect(formErrorsOf({ 'params.size': 'x', kind: 'y' })).toEqual({ size: 'x', kind: 'y' });
  });

  test('a stored piece fills the form again', () => {
    const ring = formOf({
      kind: 'ring',
      params: { sizeSystem: 'eu', size: 52, bandWidthMm: 3, thicknessMm: 1.5, profile: 'd-shape' },
    });
    expect(ring?.ring).toEqual({
      sizeSystem: 'eu',
      size: '52',
      bandWidthMm: '3',
      thicknessMm: '1.5',
      profile: 'd-shape',
      engravingText: '',
    });
    const bar = formOf({ kind: 'bar', params: { lengthMm: 40, heightMm: 6, thicknessMm: 2 } });
    expect(bar).toMatchObject({ kind: 'bar', bar: { lengthMm: '40', heightMm: '6', thicknessMm: '2' } });
    expect(formOf(null)).toBeNull();
    expect(formOf({ kind: 'vase', params: {} })).toBeNull();
  });
});
