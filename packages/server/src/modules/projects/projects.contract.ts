import { z } from 'zod';
import { OFFER_LIMITS, PROJECT_FILTERS } from '@facet/domain/workflow';
import { routeId } from '../../platform/route-ids';

const dimension = z
  .record(z.string().trim().min(1).max(40), z.string().trim().max(60))
  .refine((d) => Object.keys(d).length === 1, 'Each dimension needs exactly one name.');

const itemInput = z.strictObject({
  title: z.string().trim().min(1, 'Give the item a title.').max(120),
  category: z.string().trim().max(80).optional(),
  itemType: z.string().trim().max(80).optional(),
  description: z.string().trim().max(5000).optional(),
  dimensions: z.array(dimension).max(20).optional(),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
  modelId: z.uuid('Unknown model.').optional(),
});

export const createProjectInput = z.strictObject({
  title: z.string({ error: 'Give the project a title.' }).trim().min(1, 'Give the project a title.').max(120),
  description: z.string().trim().max(5000).optional(),
  projectType: z.enum(['single-item', 'collection']).optional(),
  service: z.boolean().optional(),
  modelId: z.uuid('Unknown model.').optional(),
  items: z.array(itemInput).max(20).optional(),
});
export type CreateProjectInput = z.output<typeof createProjectInput>;

export const updateProjectInput = z.strictObject({
  title: z.string().trim().min(1, 'Give the project a title.').max(120).optional(),
  description: z.string().trim().max(5000).optional(),
});

export const updateItemInput = z
  .strictObject({
    description: z.string().trim().min(1, 'Description cannot be empty.').max(5000).optional(),
    dimensions: z.array(dimension).min(1, 'Add at least one dimension.').max(20).optional(),
  })
  .refine(
    (patch) => patch.description !== undefined || patch.dimensions !== undefined,
    'Change the description or the dimensions.',
  );
export type UpdateItemInput = z.output<typeof updateItemInput>;

export const listProjectsQuery = z.object({
  filter: z.enum(PROJECT_FILTERS).default('all'),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
});
export type ListProjectsQuery = z.output<typeof listProjectsQuery>;

export const changeRequestInput = z.strictObject({
  changes: z
    .array(z.string().trim().min(1, 'Describe each change.').max(1000))
    .min(1, 'List at least one change.')
    .max(20),
});
export const quoteChangesInput = z.strictObject({
  priceCents: z
    .number({ error: 'Enter a price.' })
    .int('Enter a price in whole cents.')
    .min(0)
    .max(100_000_000),
});
export const answerChangesInput = z.strictObject({ approvals: z.array(z.boolean()).max(20).optional() });

/** Path params by what their id names (one that is not a uuid is that thing's 404). */
export const projectParams = z.object({ id: routeId('Project') });
export const itemParams = z.object({ id: routeId('Project item') });
export const changeRequestParams = z.object({ id: routeId('Change request') });
export const invitationParams = z.object({ id: routeId('Invitation') });

export const leadTimeRequestInput = z.strictObject({
  leadTimeDays: z
    .number({ error: 'Enter a lead time in days.' })
    .int('Enter the lead time in whole days.')
    .min(OFFER_LIMITS.minLeadTimeDays, 'The lead time must be at least 1 day.')
    .max(OFFER_LIMITS.maxLeadTimeDays, 'The lead time can be at most 365 days.'),
  reason: z
    .string({ error: 'Say why the lead time changes.' })
    .trim()
    .min(3, 'Say why the lead time changes.')
    .max(500, 'Keep the reason under 500 characters.'),
});
export const leadTimeAnswerInput = z.strictObject({
  decision: z.enum(['accept', 'decline'], { error: "Answer 'accept' or 'decline'." }),
});

/** How many images an item may have (design results are added as item images). */
export { MAX_ITEM_IMAGES } from './project-files.rules';
