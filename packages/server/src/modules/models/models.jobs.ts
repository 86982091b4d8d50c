import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../platform/jobs';
import { STALE_PART_MS, type Storage } from '../../platform/storage';
import { ANALYSIS_QUEUE, type ModelsService } from './models.service';

export const ANALYSIS_SWEEP = 'model-analysis-sweep';

/**
 * The analysis queue (each model's analysis owned by a job, retried on another node when its node dies)
 * and the sweep every minute: models stuck `analysing` end as failed (analysis_timeout), and the `.part`
 * files of uploads cut off more than an hour ago are removed.
 */
export async function registerModelJobs(deps: {
  jobs: Jobs;
  models: ModelsService;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'info'>;
}) {
  // two at a time per node: the analysis pool has at most two threads
  await deps.jobs.register<{ modelId: string }>(
    ANALYSIS_QUEUE,
    async ({ modelId }) => deps.models.runAnalysisJob(modelId),
    { batchSize: 2, parallel: true },
  );
  await deps.jobs.schedule(ANALYSIS_SWEEP, '* * * * *', async () => {
    const failed = await deps.models.failStaleAnalyses();
    const parts = await deps.storage.removeStaleParts(STALE_PART_MS);
    if (failed || parts)
      deps.log.info({ failed, parts }, 'analysis sweep ended stuck models and upload leftovers');
  });
}
