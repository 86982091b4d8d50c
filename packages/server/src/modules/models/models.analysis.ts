import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';
import { and, eq, lt } from 'drizzle-orm';
import { Piscina } from 'piscina';
import type { Db } from '../../db/client';
import { models } from './models.tables';
import { notFound } from '../../platform/errors';
import { SUPERVISE_INTERVAL_SECONDS } from '../../platform/jobs';
import type { AnalyseResult, AnalyseTask } from './analyse.worker';
import { modelMessages } from './models.contract';
import { toModelView, type ModelRow, type ModelsContext, type Owner } from './models.shared';

/** Mesh analysis of stored models: the worker pool, the queue's job, the outcome recorded on the model. */

export const ANALYSIS_QUEUE = 'model-analysis';

/** How long an analysis job may stay active before it is taken as abandoned: the limit and 10 s more. */
export const analysisJobExpirySeconds = (analysisTimeoutMs: number) =>
  Math.ceil(analysisTimeoutMs / 1000) + 10;

/**
 * An `analysing` model untouched this long has no live analysis: past the job's expiry, the supervision
 * that retries it, and a margin (a dead node's job is retried sooner, once its heartbeat is missed). The
 * sweep ends it as failed (analysis_timeout).
 */
export const analysisStaleAfterMs = (analysisTimeoutMs: number) =>
  (analysisJobExpirySeconds(analysisTimeoutMs) + SUPERVISE_INTERVAL_SECONDS) * 1000 + 10_000;

type Settled = { thread?: number; ms?: number };

/** Records the outcome of an analysis on its model (only while `analysing`, when asked). */
async function recordOutcome(db: Db, id: string, result: AnalyseResult, onlyIfAnalysing: boolean) {
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

/**
 * Ends every model left `analysing` past the limit (its node died and no retry took it) as failed with
 * analysis_timeout. Gives the number ended.
 */
async function failStaleAnalyses({ db, config }: ModelsContext, now: Date): Promise<number> {
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
}

export function modelAnalysisPart(ctx: ModelsContext) {
  const { db, storage, config, deps, ownModel } = ctx;
  let pool: Piscina<AnalyseTask, AnalyseResult> | null = null;
  /** Analyses finished on this node, by model id: the waiting request answers at once. */
  const settled = new EventEmitter();
  settled.setMaxListeners(0);

  /**
   * Analysis runs off the request thread: min(2, cores) workers. The compiled server's worker is the
   * bundle beside it (analyse.worker.mjs); from the sources (development, tests) tsx loads the TypeScript.
   */
  const fromSource = import.meta.url.endsWith('.ts');
  const poolOf = () =>
    (pool ??= new Piscina<AnalyseTask, AnalyseResult>({
      filename: new URL(fromSource ? './analyse.worker.ts' : './analyse.worker.mjs', import.meta.url).href,
      execArgv: fromSource ? ['--import', 'tsx'] : [],
      // one warm thread: loading a worker takes tens of milliseconds (a few hundred under tsx)
      minThreads: 1,
      maxThreads: Math.min(2, availableParallelism()),
      idleTimeout: 60_000,
      // a runaway file ends its worker, never the server
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    }));

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

  /** Waits (bounded) for the outcome of a queued analysis: this node's announcement or the row. */
  async function awaitOutcome(owner: Owner, modelId: string, outcome: Promise<Settled>) {
    // the job may run on another node: its outcome shows in the row; on this node it is announced
    const until = Date.now() + config.analysisTimeoutMs + 10_000;
    const here: { settled?: Settled } = {};
    void outcome.then((s) => (here.settled = s));
    for (;;) {
      const row = await ownModel(owner, modelId);
      if (row.status !== 'analysing') {
        settled.removeAllListeners(modelId);
        return { model: toModelView(row), ...here.settled };
      }
      if (Date.now() > until) {
        settled.removeAllListeners(modelId);
        return { model: toModelView(row), pending: true };
      }
      await Promise.race([outcome, new Promise((r) => setTimeout(r, 250))]);
    }
  }

  /** Runs the analysis of a claimed model: by the queue when there is one, otherwise right here. */
  async function startAnalysis(
    owner: Owner,
    claimed: ModelRow,
    previous: Pick<ModelRow, 'status' | 'error'>,
  ) {
    if (!deps.jobs) {
      const result = await analyse(claimed);
      const done = await recordOutcome(db, claimed.id, result, false);
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
    return awaitOutcome(owner, claimed.id, outcome);
  }

  return {
    poolOf,
    startAnalysis,

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
      await recordOutcome(db, claimed.id, result, true);
      settled.emit(modelId, { thread: result.threadId, ms: result.ms } satisfies Settled);
    },

    /**
     * Ends every model left `analysing` past the limit (its node died and no retry took it) as failed
     * with analysis_timeout. Gives the number ended.
     */
    failStaleAnalyses: (now = new Date()) => failStaleAnalyses(ctx, now),

    /** Threads the pool runs now (0 until the first analysis). */
    poolThreads: () => pool?.threads.length ?? 0,

    async close() {
      const p = pool;
      pool = null;
      await p?.destroy();
    },
  };
}
