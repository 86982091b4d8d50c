import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import {
  designPrompt,
  firstIncompleteStep,
  IMAGES_PER_GENERATION,
  DESIGN_STEPS,
  CREDITS_PER_GENERATION,
} from '@facet/domain/design';
import type { UserRow } from '../accounts/accounts.reads';
import { AppError, notFound } from '../../platform/errors';
import { aiTexts } from '../../platform/ai/ai';
import { generationCharges } from './design.credits';
import { designGenerations, designResults, type DesignBrief } from './design.tables';
import { idempotencyKeyReused, requestHash } from '../../platform/request-hash';
import { designImageUrl, materialsById, openDraft, type DesignDeps } from './design.shared';

type GenerationRow = typeof designGenerations.$inferSelect;

/** A safe file name for a concept image from the design's title. */
function imageName(title: string, position: number, extension: string) {
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'design';
  return `${slug}-concept-${position + 1}.${extension}`;
}

/** Generations with their concept images as the results page reads them, newest first. */
export async function generationsReply(deps: DesignDeps, rows: GenerationRow[]) {
  if (rows.length === 0) return [];
  const results = await deps.db
    .select()
    .from(designResults)
    .where(
      inArray(
        designResults.generationId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(designResults.position);
  return rows.map((g) => ({
    id: g.id,
    createdAt: g.createdAt.toISOString(),
    title: g.brief.title,
    category: g.brief.category,
    itemType: g.brief.itemType,
    materialName: g.brief.materialName,
    description: g.brief.description,
    goal: g.brief.goal,
    widthMm: g.brief.widthMm,
    heightMm: g.brief.heightMm,
    thicknessMm: g.brief.thicknessMm,
    results: results
      .filter((r) => r.generationId === g.id)
      .map((r) => ({
        id: r.id,
        position: r.position,
        imageUrl: designImageUrl(r.fileId),
        downloadUrl: `${designImageUrl(r.fileId)}?download=1`,
        projectId: r.projectId,
      })),
  }));
}

/** A generation still pending after this long was left by a stopped process (an AI call gives up sooner). */
export const STUCK_AFTER_MS = 15 * 60_000;

/** How a failure is kept on its generation (`code:message`), for a repeated key to answer it again. */
const storedFailure = (code: string, message: string) => `${code}:${message}`;

/** The status a stored failure answers again with (a repeated key gets the first answer). */
const FAILURE_STATUS: Record<string, number> = {
  ai_unavailable: 503,
  ai_not_configured: 503,
  insufficient_credits: 402,
};

export function designGenerationsService(deps: DesignDeps) {
  const { db, ai, files } = deps;
  const charges = generationCharges(deps.credits);

  /** The brief of the open draft, complete, or a 400 naming the first step still to do. */
  async function briefOfDraft(customer: UserRow): Promise<{ draftId: string; brief: DesignBrief }> {
    const draft = await openDraft(db, customer.id);
    if (!draft) {
      throw new AppError('validation_failed', 'Start a design first.', 400, {
        category: 'Choose a category.',
      });
    }
    const incomplete = firstIncompleteStep({
      ...draft,
      goal: draft.goal as never,
      inspirationCount: draft.inspirationFileIds.length,
    });
    if (incomplete) {
      const label = DESIGN_STEPS.find((s) => s.id === incomplete.step)!.label;
      throw new AppError(
        'validation_failed',
        `Finish the ${label} step first: ${Object.values(incomplete.problems)[0]}`,
        400,
        incomplete.problems,
      );
    }
    const material = (await materialsById(deps.catalog)).get(draft.materialId!);
    if (!material) {
      throw new AppError('validation_failed', 'Choose a material.', 400, {
        materialId: 'Choose a material.',
      });
    }
    const brief = {
      category: draft.category!,
      itemType: draft.itemType!,
      materialId: material.id,
      materialName: material.name,
      description: draft.description!,
      goal: draft.goal,
      title: draft.title!,
      widthMm: draft.widthMm,
      heightMm: draft.heightMm,
      thicknessMm: draft.thicknessMm,
      inspirationFileIds: draft.inspirationFileIds,
    };
    return { draftId: draft.id, brief: { ...brief, prompt: designPrompt(brief) } };
  }

  /**
   * One generation under an Idempotency-Key: the same key answers the same generation (credits taken
   * once). Credits are taken before the AI is called and given back when it fails.
   */
  async function generate(
    customer: UserRow,
    key: string,
    source: { draftId: string | null; brief: DesignBrief },
  ) {
    if (!ai.images) throw new AppError('ai_not_configured', aiTexts.notConfigured, 503);
    const [earlier] = await db
      .select()
      .from(designGenerations)
      .where(and(eq(designGenerations.customerId, customer.id), eq(designGenerations.idempotencyKey, key)));
    if (earlier) {
      // the key answers only the same request: another brief or draft under it is refused, nothing charged
      const asked = requestHash({ draftId: source.draftId, brief: source.brief });
      if (requestHash({ draftId: earlier.draftId, brief: earlier.brief }) !== asked) {
        throw idempotencyKeyReused('a design generation');
      }
      return answerFor(earlier);
    }

    const [generation] = await db
      .insert(designGenerations)
      .values({ customerId: customer.id, draftId: source.draftId, idempotencyKey: key, brief: source.brief })
      .onConflictDoNothing()
      .returning();
    if (!generation) {
      throw new AppError('generation_in_progress', 'This generation is already under way.', 409);
    }
    let chargeId: string;
    try {
      ({ chargeId } = await charges.charge(customer, { id: generation.id, title: source.brief.title }));
    } catch (error) {
      // not charged (e.g. too few credits): nothing to give back, the key answers the same refusal
      const refusal = error instanceof AppError ? error : new AppError('ai_failed', aiTexts.failed, 502);
      await db
        .update(designGenerations)
        .set({ status: 'failed', error: storedFailure(refusal.code, refusal.message) })
        .where(eq(designGenerations.id, generation.id));
      throw refusal;
    }
    await db.update(designGenerations).set({ chargeId }).where(eq(designGenerations.id, generation.id));

    let stored: { id: string; key: string }[] = [];
    try {
      const images = await ai.generateImages(source.brief.prompt, IMAGES_PER_GENERATION);
      for (const [position, image] of images.entries()) {
        const row = await files.store({
          ownerId: customer.id,
          purpose: 'design-image',
          name: imageName(source.brief.title, position, image.extension),
          bytes: image.bytes,
          contentType: image.contentType,
          extension: image.extension,
        });
        stored.push({ id: row.id, key: row.key });
      }
      await db.transaction(async (tx) => {
        await tx.insert(designResults).values(
          stored.map((file, position) => ({
            generationId: generation.id,
            customerId: customer.id,
            fileId: file.id,
            position,
          })),
        );
        await tx
          .update(designGenerations)
          .set({ status: 'succeeded' })
          .where(eq(designGenerations.id, generation.id));
      });
    } catch (error) {
      await files.remove(stored.map((s) => s.id)).catch(() => undefined);
      stored = [];
      await charges.refund(chargeId);
      // the person is told the credits came back (the same key answers the same text)
      const failure = error instanceof AppError ? error : new AppError('ai_failed', aiTexts.failed, 502);
      const message = `${failure.message} ${aiTexts.creditsGivenBack(CREDITS_PER_GENERATION)}`;
      await db
        .update(designGenerations)
        .set({ status: 'failed', error: storedFailure(failure.code, message) })
        .where(eq(designGenerations.id, generation.id));
      throw new AppError(failure.code, message, failure.status);
    }
    const [done] = await db.select().from(designGenerations).where(eq(designGenerations.id, generation.id));
    return answerFor(done!);
  }

  /** What a generation answers (again, for a repeated key). */
  async function answerFor(generation: GenerationRow) {
    if (generation.status === 'pending') {
      throw new AppError('generation_in_progress', 'This generation is already under way.', 409);
    }
    if (generation.status === 'failed') {
      const [code, ...rest] = (generation.error ?? 'ai_failed:').split(':');
      const message = rest.join(':') || aiTexts.failed;
      throw new AppError(code || 'ai_failed', message, FAILURE_STATUS[code ?? ''] ?? 502);
    }
    const [reply] = await generationsReply(deps, [generation]);
    return { generation: reply!, creditsUsed: CREDITS_PER_GENERATION };
  }

  return {
    /** Concept images from the open draft's brief. */
    async generate(customer: UserRow, key: string) {
      if (!ai.images) throw new AppError('ai_not_configured', aiTexts.notConfigured, 503);
      return generate(customer, key, await briefOfDraft(customer));
    },

    /** New concept images from the brief of an earlier result (credits again). */
    async regenerate(customer: UserRow, resultId: string, key: string) {
      const generation = await generationOfResult(customer, resultId);
      return generate(customer, key, { draftId: generation.draftId, brief: generation.brief });
    },

    /**
     * Generations left `pending` by a process that stopped mid-call (job `design-generations-sweep`):
     * after STUCK_AFTER_MS, longer than any AI call with its retries, each is failed and its credits given
     * back, so the customer's key answers and nothing stays paid for.
     */
    async sweepStuck(now = new Date()) {
      const stuck = await db
        .update(designGenerations)
        .set({
          status: 'failed',
          error: storedFailure(
            'ai_unavailable',
            `${aiTexts.unavailable} ${aiTexts.creditsGivenBack(CREDITS_PER_GENERATION)}`,
          ),
        })
        .where(
          and(
            eq(designGenerations.status, 'pending'),
            lt(designGenerations.createdAt, new Date(now.getTime() - STUCK_AFTER_MS)),
          ),
        )
        .returning();
      for (const generation of stuck) {
        if (generation.chargeId) await charges.refund(generation.chargeId);
      }
      return stuck.length;
    },

    async list(customer: UserRow) {
      const rows = await db
        .select()
        .from(designGenerations)
        .where(and(eq(designGenerations.customerId, customer.id), eq(designGenerations.status, 'succeeded')))
        .orderBy(desc(designGenerations.createdAt))
        .limit(50);
      return generationsReply(deps, rows);
    },
  };

  /** The generation of one of the customer's results (another customer's result is not found). */
  async function generationOfResult(customer: UserRow, resultId: string) {
    if (!isUuid(resultId)) throw notFound('That design');
    const [row] = await db
      .select({ generation: designGenerations })
      .from(designResults)
      .innerJoin(designGenerations, eq(designGenerations.id, designResults.generationId))
      .where(and(eq(designResults.id, resultId), eq(designResults.customerId, customer.id)));
    if (!row) throw notFound('That design');
    return row.generation;
  }
}

export type DesignGenerationsService = ReturnType<typeof designGenerationsService>;
