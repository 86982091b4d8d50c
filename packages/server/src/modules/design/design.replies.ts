import { z } from 'zod';
import { DESIGN_GOALS, DESIGN_STEP_IDS } from '@facet/domain/design';
import { projectDetailReply } from '../projects/project-replies.contract';

const goal = z.enum(DESIGN_GOALS.map((g) => g.value) as [string, ...string[]]).nullable();

export const designImageReply = z.object({
  id: z.uuid(),
  name: z.string(),
  sizeBytes: z.number().int(),
  url: z.string(),
});

export const designDraftReply = z
  .object({
    id: z.uuid(),
    step: z.enum(DESIGN_STEP_IDS),
    category: z.string().nullable(),
    itemType: z.string().nullable(),
    materialId: z.number().int().nullable(),
    materialName: z.string().nullable(),
    description: z.string().nullable(),
    goal,
    title: z.string().nullable(),
    widthMm: z.number().nullable(),
    heightMm: z.number().nullable(),
    thicknessMm: z.number().nullable(),
    inspiration: z.array(designImageReply),
    /** Share of the wizard's steps done, 0 to 100. */
    progress: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'DesignDraft' });

export const capabilitiesReply = z.object({
  imageGeneration: z.boolean(),
  aiText: z.boolean(),
  creditsPerGeneration: z.number().int(),
});

export const draftReply = z.object({ draft: designDraftReply.nullable(), capabilities: capabilitiesReply });

export const designResultReply = z.object({
  id: z.uuid(),
  position: z.number().int(),
  imageUrl: z.string(),
  downloadUrl: z.string(),
  projectId: z.uuid().nullable(),
});

export const designGenerationReply = z
  .object({
    id: z.uuid(),
    createdAt: z.string(),
    title: z.string(),
    category: z.string(),
    itemType: z.string(),
    materialName: z.string(),
    description: z.string(),
    goal: z.string().nullable(),
    widthMm: z.number().nullable(),
    heightMm: z.number().nullable(),
    thicknessMm: z.number().nullable(),
    results: z.array(designResultReply),
  })
  .meta({ id: 'DesignGeneration' });

export const generateReply = z.object({ generation: designGenerationReply, creditsUsed: z.number().int() });
export const resultsReply = z.object({
  generations: z.array(designGenerationReply),
  capabilities: capabilitiesReply,
});

export const formCheckReply = z.object({
  source: z.enum(['ai', 'rules']),
  ready: z.boolean(),
  issues: z.array(
    z.object({ field: z.string(), level: z.enum(['error', 'suggestion']), message: z.string() }),
  ),
});

export const recommendationsReply = z.object({
  source: z.enum(['ai', 'rules']),
  recommendations: z.array(
    z.object({
      kind: z.enum(['material', 'designer', 'general', 'marketing']),
      title: z.string(),
      detail: z.string(),
      refId: z.string().optional(),
    }),
  ),
});

export const projectFromResultReply = z.object({ project: projectDetailReply, created: z.boolean() });
