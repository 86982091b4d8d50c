import { z } from 'zod';

/** Credits one generation (or regeneration) of concept images takes. */
export const CREDITS_PER_GENERATION = 10;
/** Concept images one generation makes. */
export const IMAGES_PER_GENERATION = 4;

/** Inspiration images: how many a draft holds, how large each may be, which formats. */
export const MAX_INSPIRATION_IMAGES = 5;
export const MAX_INSPIRATION_BYTES = 10 * 1024 * 1024;
export const INSPIRATION_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

export const designTexts = {
  inspirationLimits: `Up to ${MAX_INSPIRATION_IMAGES} images, JPG, PNG or WebP, at most 10 MB each.`,
  inspirationTooMany: `A design can have at most ${MAX_INSPIRATION_IMAGES} inspiration images.`,
  inspirationTooLarge: 'An inspiration image can be at most 10 MB.',
  inspirationUnsupported: 'An inspiration image must be a JPG, PNG or WebP picture.',
  notConfigured: 'Image generation is not configured.',
  providerFailed: 'The image service did not answer. Please try again in a moment.',
  providerBusy: 'The image service is busy. Please try again in a moment.',
  creditCost: (credits: number) => `Generating designs uses ${credits} credits.`,
  parametricLink: 'Set exact measurements instead',
} as const;

/** Categories and item types the wizard offers (the catalog's seeded product categories and item types). */
export const DESIGN_CATEGORIES = [
  {
    name: 'Jewelry',
    itemTypes: ['Ring', 'Necklace', 'Pendant', 'Earring', 'Bracelet', 'Brooch', 'Charm'],
  },
  { name: 'Accessories', itemTypes: ['Cufflinks', 'Keychain'] },
] as const;

/**
 * Item types the parametric builder makes (exact measurements instead of an AI concept), with its kind
 * (`@facet/domain/parametric`): a ring, or a bar for a pendant on a necklace.
 */
export const PARAMETRIC_KIND_OF_ITEM: Record<string, 'ring' | 'bar'> = { Ring: 'ring', Pendant: 'bar' };

export const DESIGN_GOALS = [
  { value: 'personal', label: 'Wear it myself' },
  { value: 'gift', label: 'A gift for someone' },
  { value: 'occasion', label: 'A special occasion (wedding, engagement)' },
  { value: 'sell', label: 'Sell it in my shop' },
] as const;
export type DesignGoal = (typeof DESIGN_GOALS)[number]['value'];
const GOAL_VALUES = DESIGN_GOALS.map((g) => g.value) as [DesignGoal, ...DesignGoal[]];

/** The wizard's steps, one concern each, in order. */
export const DESIGN_STEPS = [
  { id: 'piece', label: 'Piece' },
  { id: 'material', label: 'Material' },
  { id: 'inspiration', label: 'Inspiration' },
  { id: 'description', label: 'Description' },
  { id: 'goal', label: 'Goal' },
  { id: 'title', label: 'Title' },
] as const;
export type DesignStepId = (typeof DESIGN_STEPS)[number]['id'];
export const DESIGN_STEP_IDS = DESIGN_STEPS.map((s) => s.id) as [DesignStepId, ...DesignStepId[]];

export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 1000;
export const TITLE_MAX = 80;
/** Largest dimension the wizard takes, in millimetres. */
export const DIMENSION_MAX_MM = 500;

const dimension = z
  .number({ error: 'Enter a number of millimetres.' })
  .positive('Enter a size above 0 mm.')
  .max(DIMENSION_MAX_MM, `Enter at most ${DIMENSION_MAX_MM} mm.`)
  .nullable()
  .optional();

/** What a draft holds; every field may be missing until its step is done. */
export const designDraftFieldsSchema = z.strictObject({
  category: z.string().trim().max(80).nullable().optional(),
  itemType: z.string().trim().max(80).nullable().optional(),
  materialId: z.number().int().positive().nullable().optional(),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, `Keep the description under ${DESCRIPTION_MAX} characters.`)
    .nullable()
    .optional(),
  goal: z.enum(GOAL_VALUES, { error: 'Choose what the piece is for.' }).nullable().optional(),
  title: z
    .string()
    .trim()
    .max(TITLE_MAX, `Keep the title under ${TITLE_MAX} characters.`)
    .nullable()
    .optional(),
  widthMm: dimension,
  heightMm: dimension,
  thicknessMm: dimension,
});
export type DesignDraftFields = z.output<typeof designDraftFieldsSchema>;

/** PUT /api/design/draft: the fields changed and the step the customer is on (its rules are checked). */
export const saveDraftSchema = z.strictObject({
  step: z.enum(DESIGN_STEP_IDS, { error: 'Unknown wizard step.' }),
  /** The step the wizard shows next (saved so a reload lands there). */
  nextStep: z.enum(DESIGN_STEP_IDS, { error: 'Unknown wizard step.' }).optional(),
  fields: designDraftFieldsSchema,
});
export type SaveDraftInput = z.output<typeof saveDraftSchema>;

export interface DraftForRules extends DesignDraftFields {
  inspirationCount?: number;
}

export const designFieldMessages = {
  category: 'Choose a category.',
  itemType: 'Choose an item type.',
  itemTypeOfCategory: 'Choose an item type of this category.',
  materialId: 'Choose a material.',
  description: `Describe your idea in at least ${DESCRIPTION_MIN} characters.`,
  goal: 'Choose what the piece is for.',
  title: 'Give your design a title.',
} as const;

/** The messages of one step's missing or wrong fields (empty when the step is done). */
export function stepProblems(step: DesignStepId, draft: DraftForRules): Record<string, string> {
  const problems: Record<string, string> = {};
  switch (step) {
    case 'piece': {
      const category = DESIGN_CATEGORIES.find((c) => c.name === draft.category);
      if (!category) problems.category = designFieldMessages.category;
      if (!draft.itemType) problems.itemType = designFieldMessages.itemType;
      else if (category && !(category.itemTypes as readonly string[]).includes(draft.itemType)) {
        problems.itemType = designFieldMessages.itemTypeOfCategory;
      }
      break;
    }
    case 'material':
      if (!draft.materialId) problems.materialId = designFieldMessages.materialId;
      break;
    case 'inspiration':
      if ((draft.inspirationCount ?? 0) > MAX_INSPIRATION_IMAGES) {
        problems.inspiration = designTexts.inspirationTooMany;
      }
      break;
    case 'description':
      if ((draft.description ?? '').trim().length < DESCRIPTION_MIN) {
        problems.description = designFieldMessages.description;
      }
      break;
    case 'goal':
      if (!draft.goal) problems.goal = designFieldMessages.goal;
      break;
    case 'title':
      if (!(draft.title ?? '').trim()) problems.title = designFieldMessages.title;
      break;
  }
  return problems;
}

/** The first step that is not done, with its messages; null when the whole brief is ready. */
export function firstIncompleteStep(
  draft: DraftForRules,
): { step: DesignStepId; problems: Record<string, string> } | null {
  for (const { id } of DESIGN_STEPS) {
    const problems = stepProblems(id, draft);
    if (Object.keys(problems).length > 0) return { step: id, problems };
  }
  return null;
}

/** How far the wizard is: the share of steps done, 0 to 100. */
export function draftProgress(draft: DraftForRules): number {
  const done = DESIGN_STEPS.filter(({ id }) => Object.keys(stepProblems(id, draft)).length === 0).length;
  return Math.round((done / DESIGN_STEPS.length) * 100);
}

export function goalLabel(goal: string | null | undefined): string {
  return DESIGN_GOALS.find((g) => g.value === goal)?.label ?? '';
}

/** The brief as words for the image model (no personal data, only what the customer typed for the piece). */
export function designPrompt(brief: {
  itemType: string;
  materialName: string;
  description: string;
  title: string;
  goal: string | null;
  widthMm?: number | null;
  heightMm?: number | null;
  thicknessMm?: number | null;
}): string {
  const sizes = [
    brief.widthMm ? `width ${brief.widthMm} mm` : null,
    brief.heightMm ? `height ${brief.heightMm} mm` : null,
    brief.thicknessMm ? `thickness ${brief.thicknessMm} mm` : null,
  ].filter(Boolean);
  return [
    `Product concept render of a ${brief.itemType.toLowerCase()} in ${brief.materialName}, titled "${brief.title}".`,
    brief.description,
    brief.goal ? `Purpose: ${goalLabel(brief.goal).toLowerCase()}.` : '',
    sizes.length ? `Approximate size: ${sizes.join(', ')}.` : '',
    'Studio lighting, plain light background, jewelry photography, manufacturable by casting.',
  ]
    .filter(Boolean)
    .join(' ');
}
