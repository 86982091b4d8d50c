import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { and, desc, eq, lt } from 'drizzle-orm';
import { Piscina } from 'piscina';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { files } from '../files/files.tables';
import { models, type StoredAnalysis } from './models.tables';
import { AppError, notFound } from '../../platform/errors';
import { MAINTENANCE_INTERVAL_SECONDS, type Jobs } from '../../platform/jobs';
import type { Storage, UploadTarget } from '../../platform/storage';
import { sniffContentType } from '../files/files.service';
import type { AnalyseResult, AnalyseTask } from './analyse.worker';
import {
  MODEL_EXTENSIONS,
  THUMBNAIL_MAX_BYTES,
  modelMessages,
  unitFactor,
  type ModelUnit,
  type ModelView,
} from './models.schemas';

export type ModelRow = typeof models.$inferSelect;
type Owner = { id: string };

const thumbnailTypes: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const thumbnailExtensions: Record<string, string> = { png: 'png', jpg: 'jpg', jpeg: 'jpg', webp: 'webp' };

/** The analysis as read, rescaled from the confirmed unit to millimetres (length × f, area × f², volume × f³). */
export function scaleAnalysis(raw: StoredAnalysis, unit: ModelUnit): StoredAnalysis {
  const f = unitFactor(unit);
  if (f === 1) return raw;
  return {
    ...raw,
    volumeMm3: raw.volumeMm3 * f * f * f,
    surfaceAreaMm2: raw.surfaceAreaMm2 * f * f,
    sizeMm: { x: raw.sizeMm.x * f, y: raw.sizeMm.y * f, z: raw.sizeMm.z * f },
  };
}

export function extensionOf(fileName: string): string {
  return /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
}

/** The last path segment, without control characters: what we keep and offer back on download. */
function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const printable = Array.from(last)
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('');
  return printable.trim().slice(0, 255);
}

export function toModelView(row: ModelRow): ModelView {
  return {
    id: row.id,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    status: row.status,
    unit: row.unit,
    unitConfirmed: row.unitConfirmed,
    rawAnalysis: row.rawAnalysis ?? null,
    analysis: row.rawAnalysis ? scaleAnalysis(row.rawAnalysis, row.unit) : null,
    error: row.error ?? null,
    fileUrl: `/api/models/${row.id}/file`,
    thumbnailUrl: row.thumbnailFileId
      ? `/api/models/${row.id}/thumbnail?v=${row.thumbnailFileId.slice(0, 8)}`
      : null,
    thumbnailSource: row.thumbnailSource ?? null,
    libraryProductId: row.libraryProductId ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ModelsServiceDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'maxModelBytes' | 'analysisTimeoutMs'>;
  /**
   * The queue that owns each analysis (any node's worker runs it, another node retries it when that one
   * dies). Without it the analysis runs inside the request, in this process.
   */
  jobs?: Jobs;
  /** Where a failure that is not the file's fault is reported (the customer sees the product text). */
  log?: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

export const ANALYSIS_QUEUE = 'model-analysis';

/** How long an analysis job may stay active before it is taken as abandoned: the limit and 10 s more. */
export const analysisJobExpirySeconds = (analysisTimeoutMs: number) =>
  Math.ceil(analysisTimeoutMs / 1000) + 10;

/**
 * An `analysing` model untouched this long has no live analysis: past the job's expiry, the maintenance
 * that retries it, and a margin. The sweep ends it as failed (analysis_timeout).
 */
export const analysisStaleAfterMs = (analysisTimeoutMs: number) =>
  (analysisJobExpirySeconds(analysisTimeoutMs) + MAINTENANCE_INTERVAL_SECONDS) * 1000 + 10_000;

type Settled = { thread?: number; ms?: number };

export function modelsService(deps: ModelsServiceDeps) {
  const { db, storage, config } = deps;
  let pool: Piscina<AnalyseTask, AnalyseResult> | null = null;
  /** Analyses finished on this node, by model id: the waiting request answers at once. */
  const settled = new EventEmitter();
  settled.setMaxListeners(0);

  /** Analysis runs off the request thread: min(2, cores) workers, TypeScript loaded by tsx in each. */
  const poolOf = () =>
    (pool ??= new Piscina<AnalyseTask, AnalyseResult>({
      filename: new URL('./analyse.worker.ts', import.meta.url).href,
      execArgv: ['--import', 'tsx'],
      // one warm thread: loading a worker under tsx takes a few hundred milliseconds
      minThreads: 1,
      maxThreads: Math.min(2, availableParallelism()),
      idleTimeout: 60_000,
      // a runaway file ends its worker, never the server
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    }));

  async function ownModel(owner: Owner, id: string): Promise<ModelRow> {
    const [row] = await db
      .select()
      .from(models)
      .where(and(eq(models.id, id), eq(models.ownerId, owner.id)))
      .limit(1);
    if (!row) throw notFound('That model');
    return row;
  }

  async function analyse(row: ModelRow): Promise<AnalyseResult> {
    const started = performance.now();
    const task: AnalyseTask = {
      source: await storage.sourceOf(row.storageKey),
      fileName: row.fileName,
      maxBytes: config.maxModelBytes,
    };
    try {
      return await poolOf().run(task, { signal: AbortSignal.timeout(config.analysisTimeoutMs) });
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      const timedOut = (error as Error).name === 'AbortError' || ms >= config.analysisTimeoutMs;
      if (!timedOut) deps.log?.error({ err: error, modelId: row.id }, 'model analysis failed');
      return {
        ok: false,
        error: timedOut
          ? { code: 'analysis_timeout', message: modelMessages.analysisTimeout }
          : { code: 'analysis_failed', message: modelMessages.analysisFailed },
        threadId: -1,
        ms,
      };
    }
  }

  const service = {
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
      poolOf();
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
      input: { fileName: string; source: Readable; libraryProductId?: string | null },
    ): Promise<{ model: ModelView; thread?: number; ms?: number }> {
      const fileName = cleanFileName(input.fileName);
      const ext = extensionOf(fileName);
      if (!(MODEL_EXTENSIONS as readonly string[]).includes(ext)) {
        throw new AppError('unsupported_model_type', modelMessages.unsupportedType, 400);
      }
      poolOf();
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
        });
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
      return service.complete(owner, id);
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
      return startAnalysis(owner, claimed, row);
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
      return startAnalysis(owner, claimed, row);
    },

    /**
     * The analysis job (any node): takes the model if it is still `analysing`, analyses it and records
     * the outcome. Nothing to do when the model is gone or already settled.
     */
    async runAnalysisJob(modelId: string): Promise<void> {
      const [claimed] = await db
        .update(models)
        .set({ updatedAt: new Date() })
        .where(and(eq(models.id, modelId), eq(models.status, 'analysing')))
        .returning();
      if (!claimed) return;
      deps.log?.info({ modelId }, 'model analysis started');
      const result = await analyse(claimed);
      await record(claimed.id, result, true);
      settled.emit(modelId, { thread: result.threadId, ms: result.ms } satisfies Settled);
    },

    /**
     * Ends every model left `analysing` past the limit (its node died and no retry took it) as failed
     * with analysis_timeout. Gives the number ended.
     */
    async failStaleAnalyses(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - analysisStaleAfterMs(config.analysisTimeoutMs));
      const ended = await db
        .update(models)
        .set({
          status: 'failed',
          rawAnalysis: null,
          error: { code: 'analysis_timeout', message: modelMessages.analysisTimeout },
          analysedAt: now,
          updatedAt: now,
        })
        .where(and(eq(models.status, 'analysing'), lt(models.updatedAt, before)))
        .returning({ id: models.id });
      return ended.length;
    },

    async list(owner: Owner): Promise<ModelView[]> {
      const rows = await db
        .select()
        .from(models)
        .where(eq(models.ownerId, owner.id))
        .orderBy(desc(models.createdAt), desc(models.id));
      return rows.map(toModelView);
    },

    async get(owner: Owner, id: string): Promise<ModelView> {
      return toModelView(await ownModel(owner, id));
    },

    ownModel,

    async remove(owner: Owner, id: string): Promise<void> {
      const row = await ownModel(owner, id);
      await db.delete(models).where(eq(models.id, row.id));
      await storage.remove(row.storageKey);
      if (row.thumbnailFileId) await removeFile(row.thumbnailFileId);
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

    /** Replaces the thumbnail; the bytes must be a PNG, JPG or WEBP image whatever the name says. */
    async setThumbnail(
      owner: Owner,
      id: string,
      image: { name: string; bytes: Uint8Array; source: 'render' | 'custom' },
    ): Promise<ModelView> {
      const row = await ownModel(owner, id);
      if (image.bytes.byteLength > THUMBNAIL_MAX_BYTES) {
        throw new AppError('image_too_large', modelMessages.thumbnailTooLarge, 413, {
          image: modelMessages.thumbnailTooLarge,
        });
      }
      const contentType = sniffContentType(image.bytes);
      const ext = contentType ? thumbnailTypes[contentType] : undefined;
      const named = extensionOf(image.name);
      // a name without an extension (a canvas blob) is judged by its bytes alone
      if (!contentType || !ext || (named && thumbnailExtensions[named] !== ext)) {
        throw new AppError('unsupported_image', modelMessages.thumbnailType, 400, {
          image: modelMessages.thumbnailType,
        });
      }
      const key = `thumbnails/${randomUUID()}.${ext}`;
      await storage.put(key, image.bytes);
      const [file] = await db
        .insert(files)
        .values({
          key,
          name: `${row.fileName.replace(/\.[^.]+$/, '')}.${ext}`.slice(0, 200),
          contentType,
          sizeBytes: image.bytes.byteLength,
          ownerId: owner.id,
          purpose: 'model-thumbnail',
        })
        .returning();
      const [updated] = await db
        .update(models)
        .set({ thumbnailFileId: file!.id, thumbnailSource: image.source, updatedAt: new Date() })
        .where(eq(models.id, row.id))
        .returning();
      if (row.thumbnailFileId) await removeFile(row.thumbnailFileId);
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

    async openThumbnail(owner: Owner, id: string) {
      const row = await ownModel(owner, id);
      if (!row.thumbnailFileId) throw notFound('That thumbnail');
      const [file] = await db.select().from(files).where(eq(files.id, row.thumbnailFileId)).limit(1);
      const stream = file ? await storage.get(file.key) : null;
      if (!file || !stream) throw notFound('That thumbnail');
      return { file, stream };
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

    /** Threads the pool runs now (0 until the first analysis). */
    poolThreads: () => pool?.threads.length ?? 0,

    async close() {
      const p = pool;
      pool = null;
      await p?.destroy();
    },
  };
  return service;

  async function record(id: string, result: AnalyseResult, onlyIfAnalysing: boolean) {
    const now = new Date();
    const [done] = await db
      .update(models)
      .set(
        result.ok
          ? { status: 'ready', rawAnalysis: result.analysis, error: null, analysedAt: now, updatedAt: now }
          : { status: 'failed', rawAnalysis: null, error: result.error, analysedAt: now, updatedAt: now },
      )
      .where(onlyIfAnalysing ? and(eq(models.id, id), eq(models.status, 'analysing')) : eq(models.id, id))
      .returning();
    return done;
  }

  /** Runs the analysis of a claimed model: by the queue when there is one, otherwise right here. */
  async function startAnalysis(
    owner: Owner,
    claimed: ModelRow,
    previous: Pick<ModelRow, 'status' | 'error'>,
  ) {
    if (!deps.jobs) {
      const result = await analyse(claimed);
      const done = await record(claimed.id, result, false);
      if (!done) throw notFound('That model');
      return { model: toModelView(done), thread: result.threadId, ms: result.ms };
    }
    const outcome = new Promise<Settled>((resolve) => settled.once(claimed.id, resolve));
    try {
      await deps.jobs.send(
        ANALYSIS_QUEUE,
        { modelId: claimed.id },
        {
          expireInSeconds: analysisJobExpirySeconds(config.analysisTimeoutMs),
          retryLimit: 2,
          retryDelay: 1,
        },
      );
    } catch (error) {
      // no job owns it: put the model back as it was, so the customer's next try starts it again
      settled.removeAllListeners(claimed.id);
      await db
        .update(models)
        .set({ status: previous.status, error: previous.error, updatedAt: new Date() })
        .where(and(eq(models.id, claimed.id), eq(models.status, 'analysing')));
      throw error;
    }
    // the job may run on another node: its outcome shows in the row; on this node it is announced
    const until = Date.now() + config.analysisTimeoutMs + 10_000;
    const here: { settled?: Settled } = {};
    void outcome.then((s) => (here.settled = s));
    for (;;) {
      const row = await ownModel(owner, claimed.id);
      if (row.status !== 'analysing') {
        settled.removeAllListeners(claimed.id);
        return { model: toModelView(row), ...here.settled };
      }
      if (Date.now() > until) {
        settled.removeAllListeners(claimed.id);
        return { model: toModelView(row), pending: true };
      }
      await Promise.race([outcome, new Promise((r) => setTimeout(r, 250))]);
    }
  }

  async function removeFile(fileId: string) {
    const [file] = await db.delete(files).where(eq(files.id, fileId)).returning();
    if (file) await storage.remove(file.key);
  }
}

export type ModelsService = ReturnType<typeof modelsService>;
