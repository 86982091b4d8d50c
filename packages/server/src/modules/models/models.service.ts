import { randomUUID } from 'node:crypto';
import { isUuid } from '@facet/domain/rules';
import type { Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import { models, type ParametricSource, type StoredAnalysis } from './models.tables';
import { AppError, notFound } from '../../platform/errors';
import type { UploadTarget } from '../../platform/storage';
import { filesService } from '../../platform/files/files.service';
import {
  MODEL_EXTENSIONS,
  MODELS_PAGE_SIZE,
  modelMessages,
  type ModelUnit,
  type ModelView,
} from './models.contract';
import { modelAnalysisPart } from './models.analysis';
import { modelThumbnailsPart } from './models.thumbnails';
import {
  cleanFileName,
  extensionOf,
  scaleAnalysis,
  toModelView,
  type ModelRow,
  type ModelsContext,
  type ModelsServiceDeps,
  type Owner,
} from './models.shared';
import { keysetPage } from '../../platform/paging';

export { ANALYSIS_QUEUE, analysisStaleAfterMs } from './models.analysis';
export { type ModelRow, type ModelsServiceDeps } from './models.shared';

/**
 * Customers' 3D models: the upload (signed link, then the analysis), reads and edits here; the
 * analysis in `models.analysis.ts`, thumbnails in `models.thumbnails.ts`.
 */
export function modelsService(deps: ModelsServiceDeps) {
  const { db, storage, config } = deps;
  const files = deps.files ?? filesService({ db, storage });

  // read by every quote: built once, prepared on each connection
  const ownModelStatement = db
    .select()
    .from(models)
    .where(and(eq(models.id, sql.placeholder('id')), eq(models.ownerId, sql.placeholder('ownerId'))))
    .limit(1)
    .prepare('own_model');
  async function ownModel(owner: Owner, id: string): Promise<ModelRow> {
    const [row] = await ownModelStatement.execute({ id, ownerId: owner.id });
    if (!row) throw notFound('That model');
    return row;
  }

  const ctx: ModelsContext = { db, storage, files, config, deps, ownModel };
  const analysis = modelAnalysisPart(ctx);
  const upload = modelUploadPart(ctx, analysis);

  return {
    ...upload,
    runAnalysisJob: analysis.runAnalysisJob,
    failStaleAnalyses: analysis.failStaleAnalyses,
    poolThreads: analysis.poolThreads,
    close: analysis.close,
    ...modelThumbnailsPart(ctx),
    ownModel,

    /**
     * One page of the owner's models, newest first (keyset: created_at, id). `cursor` is the id of the
     * last model of the previous page; `nextCursor` is null on the last page.
     */
    async list(
      owner: Owner,
      page: { limit: number; cursor?: string } = { limit: MODELS_PAGE_SIZE },
    ): Promise<{ models: ModelView[]; nextCursor: string | null }> {
      let after: { createdAt: Date; id: string } | undefined;
      if (page.cursor) {
        const [row] = isUuid(page.cursor)
          ? await db
              .select({ id: models.id })
              .from(models)
              .where(and(eq(models.id, page.cursor), eq(models.ownerId, owner.id)))
          : [];
        if (!row)
          throw new AppError(
            'validation_failed',
            'That page of models no longer exists; start from the first page.',
            400,
            {
              cursor: 'Unknown cursor',
            },
          );
        after = { createdAt: new Date(0), id: row.id };
      }
      const rows = await db
        .select()
        .from(models)
        .where(
          and(
            eq(models.ownerId, owner.id),
            // compared in SQL against the cursor row itself: timestamps keep their microseconds
            after
              ? sql`(${models.createdAt}, ${models.id}) < (select m.created_at, m.id from ${models} m where m.id = ${after.id})`
              : undefined,
          ),
        )
        .orderBy(desc(models.createdAt), desc(models.id))
        .limit(page.limit + 1);
      const { shown, next } = keysetPage(rows, page.limit, (row) => row.id);
      return { models: shown.map(toModelView), nextCursor: next };
    },

    async get(owner: Owner, id: string): Promise<ModelView> {
      return toModelView(await ownModel(owner, id));
    },

    async remove(owner: Owner, id: string): Promise<void> {
      const row = await ownModel(owner, id);
      await db.delete(models).where(eq(models.id, row.id));
      await storage.remove(row.storageKey);
      if (row.thumbnailFileId) await files.remove([row.thumbnailFileId]);
    },

    async setUnit(owner: Owner, id: string, unit: ModelUnit): Promise<ModelView> {
      const row = await ownModel(owner, id);
      const [updated] = await db
        .update(models)
        .set({ unit, unitConfirmed: true, updatedAt: new Date() })
        .where(eq(models.id, row.id))
        .returning();
      return toModelView(updated!);
    },

    async openFile(owner: Owner, id: string) {
      const row = await ownModel(owner, id);
      if (row.status === 'uploading') throw notFound('That file');
      const stream = await storage.get(row.storageKey);
      if (!stream) throw notFound('That file');
      const head = await storage.head(row.storageKey);
      return { row, stream, sizeBytes: head?.sizeBytes ?? row.sizeBytes };
    },

    /** The server's own, unit-scaled measurements of a ready model: what pricing uses. */
    async analysisForPricing(owner: Owner, id: string): Promise<{ row: ModelRow; analysis: StoredAnalysis }> {
      const row = await ownModel(owner, id);
      if (row.status === 'failed')
        throw new AppError('model_failed', row.error?.message ?? modelMessages.failed, 409);
      if (row.status !== 'ready' || !row.rawAnalysis)
        throw new AppError('model_not_ready', modelMessages.notReady, 409);
      return { row, analysis: scaleAnalysis(row.rawAnalysis, row.unit) };
    },
  };
}

export type ModelsService = ReturnType<typeof modelsService>;

/** The way in: a signed upload (or bytes the server has), then the analysis. */
function modelUploadPart(ctx: ModelsContext, analysis: ReturnType<typeof modelAnalysisPart>) {
  const { db, storage, config, ownModel } = ctx;
  const upload = {
    /** Records the model and signs the one place its bytes may go. */
    async create(owner: Owner, input: { fileName: string; sizeBytes: number }) {
      const fileName = cleanFileName(input.fileName);
      const ext = extensionOf(fileName);
      if (!(MODEL_EXTENSIONS as readonly string[]).includes(ext)) {
        throw new AppError('unsupported_model_type', modelMessages.unsupportedType, 400, {
          fileName: modelMessages.unsupportedType,
        });
      }
      if (input.sizeBytes > config.maxModelBytes) {
        const message = modelMessages.tooLarge(config.maxModelBytes);
        throw new AppError('model_too_large', message, 413, { sizeBytes: message });
      }
      // warms the pool while the browser uploads
      analysis.poolOf();
      const id = randomUUID();
      const storageKey = `models/${id}.${ext}`;
      const upload: UploadTarget = await storage.createUpload(storageKey, { maxBytes: input.sizeBytes });
      const [row] = await db
        .insert(models)
        .values({ id, ownerId: owner.id, fileName, storageKey, sizeBytes: input.sizeBytes })
        .returning();
      return { model: toModelView(row!), upload };
    },

    /**
     * A model from bytes the server already has (a library design's file): stored under the new model's
     * own key, recorded as uploaded, then analysed by `complete` exactly like a customer's upload.
     */
    async createFrom(
      owner: Owner,
      input: {
        fileName: string;
        source: Readable;
        libraryProductId?: string | null;
        parametric?: ParametricSource | null;
      },
    ): Promise<{ model: ModelView; thread?: number; ms?: number }> {
      const fileName = cleanFileName(input.fileName);
      const ext = extensionOf(fileName);
      if (!(MODEL_EXTENSIONS as readonly string[]).includes(ext)) {
        throw new AppError('unsupported_model_type', modelMessages.unsupportedType, 400);
      }
      analysis.poolOf();
      const id = randomUUID();
      const storageKey = `models/${id}.${ext}`;
      const { sizeBytes } = await storage.putStream(storageKey, input.source, {
        maxBytes: config.maxModelBytes,
      });
      try {
        await db.insert(models).values({
          id,
          ownerId: owner.id,
          fileName,
          storageKey,
          sizeBytes,
          libraryProductId: input.libraryProductId ?? null,
          parametric: input.parametric ?? null,
        });
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
      return upload.complete(owner, id);
    },

    /** The body of a signed upload (disk storage): only for a model still waiting for its bytes. */
    async receiveUpload(token: string, body: Readable) {
      const grant = storage.verifyUpload(token);
      const [row] = await db.select().from(models).where(eq(models.storageKey, grant.key)).limit(1);
      if (!row) throw new AppError('upload_refused', 'This upload link is not valid.', 403);
      if (row.status !== 'uploading')
        throw new AppError('upload_used', 'This upload link has already been used.', 409);
      return storage.receiveUpload(grant, body);
    },

    /**
     * After the upload: marks the model `analysing` and hands the analysis to the queue, then waits (bounded)
     * for its outcome. `pending` is true when the answer is still `analysing` (the browser then polls).
     */
    async complete(
      owner: Owner,
      id: string,
    ): Promise<{ model: ModelView; thread?: number; ms?: number; pending?: boolean }> {
      const row = await ownModel(owner, id);
      if (row.status !== 'uploading') return { model: toModelView(row) };
      const stored = await storage.head(row.storageKey);
      if (!stored) throw new AppError('upload_missing', modelMessages.uploadMissing, 409);
      if (stored.sizeBytes > config.maxModelBytes) {
        await storage.remove(row.storageKey);
        throw new AppError('model_too_large', modelMessages.tooLarge(config.maxModelBytes), 413);
      }
      // one request starts the analysis; a second, concurrent one gets the model as it is
      const [claimed] = await db
        .update(models)
        .set({ status: 'analysing', sizeBytes: stored.sizeBytes, updatedAt: new Date() })
        .where(and(eq(models.id, row.id), eq(models.status, 'uploading')))
        .returning();
      if (!claimed) return { model: toModelView(await ownModel(owner, id)) };
      return analysis.startAnalysis(owner, claimed, row);
    },

    /** A failed analysis, once more (owner only, only from `failed`, the stored file still there). */
    async retry(
      owner: Owner,
      id: string,
    ): Promise<{ model: ModelView; thread?: number; ms?: number; pending?: boolean }> {
      const row = await ownModel(owner, id);
      if (row.status !== 'failed') throw new AppError('model_not_failed', modelMessages.retryNotFailed, 409);
      if (!(await storage.head(row.storageKey)))
        throw new AppError('upload_missing', modelMessages.uploadMissing, 409);
      const [claimed] = await db
        .update(models)
        .set({ status: 'analysing', error: null, rawAnalysis: null, analysedAt: null, updatedAt: new Date() })
        .where(and(eq(models.id, row.id), eq(models.status, 'failed')))
        .returning();
      if (!claimed) throw new AppError('model_not_failed', modelMessages.retryNotFailed, 409);
      return analysis.startAnalysis(owner, claimed, row);
    },
  };
  return upload;
}
