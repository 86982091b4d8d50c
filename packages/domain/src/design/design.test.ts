import { describe, expect, test } from 'vitest';
import {
  checkDesignForm,
  CREDITS_PER_GENERATION,
  designPrompt,
  draftProgress,
  firstIncompleteStep,
  recommendDesign,
  stepProblems,
} from './index';

const complete = {
  category: 'Jewelry',
  itemType: 'Ring',
  materialId: 1,
  description: 'A slim band with a wave across the top, 2 mm wide.',
  goal: 'gift' as const,
  title: 'Wave ring',
};
const materials = [
  { id: 1, name: 'Sterling Silver', canPlate: true },
  { id: 2, name: '14k Yellow Gold', canPlate: false },
  { id: 3, name: 'Brass', canPlate: true },
  { id: 4, name: 'Resin', canPlate: false },
];

describe('the design wizard rules', () => {
  test('each step names its missing fields; an item type must belong to its category', () => {
    expect(stepProblems('piece', {})).toEqual({
      category: 'Choose a category.',
      itemType: 'Choose an item type.',
    });
    expect(stepProblems('piece', { category: 'Accessories', itemType: 'Ring' })).toEqual({
      itemType: 'Choose an item type of this category.',
    });
    expect(stepProblems('description', { description: '   too short   ' })).toEqual({
      description: 'Describe your idea in at least 20 characters.',
    });
    expect(stepProblems('inspiration', { inspirationCount: 6 })).toEqual({
      inspiration: 'A design can have at most 5 inspiration images.',
    });
    expect(firstIncompleteStep({ ...complete, title: '' })?.step).toBe('title');
    expect(firstIncompleteStep(complete)).toBeNull();
  });

  test('progress counts the steps done (the optional inspiration step is done from the start)', () => {
    expect(draftProgress({})).toBe(17);
    expect(draftProgress(complete)).toBe(100);
    expect(CREDITS_PER_GENERATION).toBe(10);
  });

  test('the prompt holds the brief and the sizes in millimetres', () => {
    expect(
      designPrompt({
        ...complete,
        materialName: 'Sterling Silver',
        widthMm: 20,
        heightMm: null,
        thicknessMm: 2,
      }),
    ).toBe(
      'Product concept render of a ring in Sterling Silver, titled "Wave ring". A slim band with a wave across the top, 2 mm wide. Purpose: a gift for someone. Approximate size: width 20 mm, thickness 2 mm. Studio lighting, plain light background, jewelry photography, manufacturable by casting.',
    );
  });

  test('the form check suggests a ring size, stone counts and a metal that can be plated', () => {
    const issues = checkDesignForm(
      { ...complete, materialId: 2, description: 'A gold-plated ring with a diamond on top of the band' },
      materials,
    );
    expect(issues.map((i) => i.message)).toEqual([
      'Say the ring size or add the dimensions, so the designer can model it to fit.',
      'Say how many stones and their size (for example one 5 mm round stone).',
      '14k Yellow Gold cannot be plated. Choose a metal that can, or leave plating out.',
    ]);
    expect(issues.every((i) => i.level === 'suggestion')).toBe(true);
  });

  test('recommendations: metals for daily wear, designers by skill, advice by goal', () => {
    const recs = recommendDesign({ ...complete, goal: 'sell' }, materials, [
      { id: 'd1', name: 'Elena M.', skills: ['engagement-rings', 'wedding-bands'] },
      { id: 'd2', name: 'Tomas L.', skills: ['organic-sculpting'] },
    ]);
    // the chosen metal is kept among them; resin is not offered for a ring
    expect(recs.filter((r) => r.kind === 'material').map((r) => r.title)).toEqual([
      'Sterling Silver',
      '14k Yellow Gold',
      'Brass',
    ]);
    expect(recs.filter((r) => r.kind === 'designer')).toEqual([
      {
        kind: 'designer',
        title: 'Elena M.',
        detail: 'Skilled in engagement rings, wedding bands.',
        refId: 'd1',
      },
    ]);
    expect(recs.filter((r) => r.kind === 'marketing')).toHaveLength(3);
  });
});
