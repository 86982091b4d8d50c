import { threadId } from 'node:worker_threads';
import { MeshReadError, analyseMesh, readMeshStream, type MeshAnalysis } from '@facet/domain/mesh';
import { openSource, type StorageSource } from '../../platform/storage';

export interface AnalyseTask {
  source: StorageSource;
  fileName: string;
  /** Most bytes held in memory for the formats read whole (ASCII STL is parsed as it streams). */
  maxBytes: number;
}

export type AnalyseResult =
  | { ok: true; analysis: MeshAnalysis; threadId: number; ms: number }
  | { ok: false; error: { code: string; message: string }; threadId: number; ms: number };

/**
 * Runs in a worker thread of the analysis pool: opens the stored file itself (a disk file is read in
 * 1 MiB chunks), reads it with the domain readers and analyses it. A file the readers refuse comes back
 * as `{ ok: false }` with their customer-readable message; nothing here throws for a bad file.
 */
export default async function analyseStoredModel(task: AnalyseTask): Promise<AnalyseResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const { chunks, sizeBytes } = await openSource(task.source);
    const mesh = await readMeshStream(chunks, {
      fileName: task.fileName,
      byteLength: sizeBytes,
      maxBytes: task.maxBytes,
    });
    return { ok: true, analysis: analyseMesh(mesh), threadId, ms: ms() };
  } catch (error) {
    if (error instanceof MeshReadError) {
      return { ok: false, error: { code: error.code, message: error.message }, threadId, ms: ms() };
    }
    if (error instanceof RangeError) {
      return {
        ok: false,
        error: { code: 'too_large', message: 'The model is too large to read.' },
        threadId,
        ms: ms(),
      };
    }
    throw error;
  }
}
