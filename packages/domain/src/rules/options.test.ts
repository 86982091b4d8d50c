import { describe, expect, test } from 'vitest';
import {
  cadSkillOptions,
  customerPurposeOptions,
  designerSkillOptions,
  eligibilityItems,
  optionLabel,
  skillLabel,
  serviceCapabilityOptions,
  serviceTypeOptions,
  softwareOptions,
} from './options';

const lists = {
  designerSkillOptions,
  cadSkillOptions,
  softwareOptions,
  serviceTypeOptions,
  serviceCapabilityOptions,
  customerPurposeOptions,
};

describe('option lists', () => {
  test('values are unique kebab-case slugs and labels are unique', () => {
    for (const [name, list] of Object.entries(lists)) {
      const values = list.map((o) => o.value);
      expect(new Set(values).size, name).toBe(values.length);
      expect(new Set(list.map((o) => o.label)).size, name).toBe(values.length);
      for (const v of values) expect(v, name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  test('the lists hold what jewelry people expect', () => {
    const labels = (list: readonly { label: string }[]) => list.map((o) => o.label);
    expect(labels(designerSkillOptions)).toEqual(
      expect.arrayContaining([
        'Rings',
        'Engagement rings',
        'Earrings',
        'Filigree',
        'Organic sculpting',
        "Men's jewelry",
      ]),
    );
    expect(labels(softwareOptions)).toEqual(
      expect.arrayContaining([
        'Rhino',
        'MatrixGold',
        'ZBrush',
        'Blender',
        'Fusion 360',
        'JewelCAD',
        '3Design',
        'Meshmixer',
        'KeyShot',
      ]),
    );
    expect(serviceTypeOptions.map((o) => o.value)).toEqual(
      expect.arrayContaining([
        '3d-printing',
        'casting',
        'stone-setting',
        'polishing-finishing',
        'plating',
        'laser-engraving',
        'rendering',
        'mold-making',
      ]),
    );
  });

  test('labels for values, unknown values shown as they are', () => {
    expect(optionLabel(softwareOptions, 'fusion-360')).toBe('Fusion 360');
    expect(optionLabel(softwareOptions, 'photoshop')).toBe('photoshop');
  });

  test('three eligibility items', () => {
    expect(eligibilityItems).toHaveLength(3);
  });
});

describe('skill labels', () => {
  test('any stored skill value reads as its label; an unknown value reads as itself', () => {
    expect(skillLabel('rhino')).toBe('Rhino');
    expect(skillLabel('engagement-rings')).toBe('Engagement rings');
    expect(skillLabel('casting')).toBe('Lost-wax casting');
    expect(skillLabel('something-new')).toBe('something-new');
  });
});
