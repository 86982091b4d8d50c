import { and, eq, isNull } from 'drizzle-orm';
import {
  designTexts,
  draftProgress,
  INSPIRATION_EXTENSIONS,
  MAX_INSPIRATION_BYTES,
  MAX_INSPIRATION_IMAGES,
  stepProblems,
  type DesignGoal,
  type SaveDraftInput,
} from '@facet/domain/design';
import type { UserRow } from '../accounts/accounts.reads';
import { AppError, notFound } from '../../platform/errors';
import type { ReceivedFile } from '../../platform/files/files.service';
import { designDrafts } from './design.tables';
import {
  designImageUrl,
  materialsById,
  openDraft,
  openOrNewDraft,
  type DesignDeps,
  type DraftRow,
} from './design.shared';

const refuse = (message: string, status = 400) =>
  new AppError(status === 413 ? 'file_too_large' : 'validation_failed', message, status, {
    inspiration: message,
  });

/** The rules of an inspiration image, for the files platform's content check. */
export const inspirationRules = (customerId: string) => ({
  folder: `design/${customerId}`,
  checked: INSPIRATION_EXTENSIONS,
  maxBytes: MAX_INSPIRATION_BYTES,
  unsupported: () => refuse(designTexts.inspirationUnsupported),
  tooLarge: () => refuse(designTexts.inspirationTooLarge, 413),
});

/** The draft as the wizard reads it: fields, inspiration images, the material's name, progress. */
export async function draftReplyOf(deps: DesignDeps, row: DraftRow | undefined) {
  if (!row) return null;
  const [byId, files] = await Promise.all([
    materialsById(deps.catalog),
    deps.files.describe(row.inspirationFileIds),
  ]);
  const inspiration = row.inspirationFileIds.flatMap((id) => {
    const file = files.get(id);
    return file ? [{ id, name: file.name, sizeBytes: file.sizeBytes, url: designImageUrl(id) }] : [];
  });
  const fields = {
    category: row.category,
    itemType: row.itemType,
    materialId: row.materialId,
    description: row.description,
    goal: row.goal as DesignGoal | null,
    title: row.title,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    thicknessMm: row.thicknessMm,
  };
  return {
    id: row.id,
    step: row.step,
    ...fields,
    materialName: row.materialId ? (byId.get(row.materialId)?.name ?? null) : null,
    inspiration,
    progress: draftProgress({ ...fields, inspirationCount: inspiration.length }),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function designDraftsService(deps: DesignDeps) {
  const { db, files } = deps;

  return {
    async get(customer: UserRow) {
      return draftReplyOf(deps, await openDraft(db, customer.id));
    },

    /**
     * Saves the fields of one step (null clears a field) and checks that step's rules on the result:
     * a step with a problem is refused with a message per field and nothing is saved.
     */
    async save(customer: UserRow, input: SaveDraftInput) {
      const materials = await materialsById(deps.catalog);
      if (input.fields.materialId && !materials.has(input.fields.materialId)) {
        throw new AppError('validation_failed', 'Choose a material.', 400, {
          materialId: 'Choose a material.',
        });
      }
      const row = await db.transaction(async (tx) => {
        const draft = await openOrNewDraft(tx, customer.id);
        const patch = Object.fromEntries(
          Object.entries(input.fields).filter(([, value]) => value !== undefined),
        ) as Partial<DraftRow>;
        if (typeof patch.description === 'string') patch.description = patch.description.trim();
        if (typeof patch.title === 'string') patch.title = patch.title.trim();
        const merged = { ...draft, ...patch };
        const problems = stepProblems(input.step, {
          ...merged,
          goal: merged.goal as SaveDraftInput['fields']['goal'],
          inspirationCount: merged.inspirationFileIds.length,
        });
        const first = Object.values(problems)[0];
        if (first) throw new AppError('validation_failed', first, 400, problems);
        const [saved] = await tx
          .update(designDrafts)
          .set({ ...patch, step: input.nextStep ?? input.step, updatedAt: new Date() })
          .where(eq(designDrafts.id, draft.id))
          .returning();
        return saved!;
      });
      return draftReplyOf(deps, row);
    },

    /** Starts over: the open draft is closed (its generations keep their own copy of the brief). */
    async reset(customer: UserRow) {
      await db
        .update(designDrafts)
        .set({ closedAt: new Date() })
        .where(and(eq(designDrafts.customerId, customer.id), isNull(designDrafts.closedAt)));
    },

    /** Links received inspiration images to the open draft; the count is checked under the draft's lock. */
    async addInspiration(customer: UserRow, received: ReceivedFile[]) {
      try {
        const row = await db.transaction(async (tx) => {
          const draft = await openOrNewDraft(tx, customer.id);
          if (draft.inspirationFileIds.length + received.length > MAX_INSPIRATION_IMAGES) {
            throw new AppError('too_many_images', designTexts.inspirationTooMany, 409, {
              inspiration: designTexts.inspirationTooMany,
            });
          }
          const rows = await files.record(tx, received, {
            purpose: 'design-inspiration',
            ownerId: customer.id,
          });
          const [saved] = await tx
            .update(designDrafts)
            .set({
              inspirationFileIds: [...draft.inspirationFileIds, ...rows.map((r) => r.id)],
              updatedAt: new Date(),
            })
            .where(eq(designDrafts.id, draft.id))
            .returning();
          return saved!;
        });
        return draftReplyOf(deps, row);
      } catch (error) {
        await files.forget(received.map((r) => r.key));
        throw error;
      }
    },

    /**
     * Takes one inspiration image off the open draft. Its stored file stays: a generation made from the
     * draft may still name it, and a project made from that generation carries it over.
     */
    async removeInspiration(customer: UserRow, fileId: string) {
      const row = await db.transaction(async (tx) => {
        const draft = await openDraft(tx, customer.id, true);
        if (!draft || !draft.inspirationFileIds.includes(fileId)) throw notFound('That image');
        const [saved] = await tx
          .update(designDrafts)
          .set({
            inspirationFileIds: draft.inspirationFileIds.filter((id) => id !== fileId),
            updatedAt: new Date(),
          })
          .where(eq(designDrafts.id, draft.id))
          .returning();
        return saved!;
      });
      return draftReplyOf(deps, row);
    },
  };
}

export type DesignDraftsService = ReturnType<typeof designDraftsService>;
