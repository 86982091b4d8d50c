import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { models, StoredAnalysis } from './models.tables';
import type { Jobs } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import type { FilesService } from '../../platform/files/files.service';
import { unitFactor, type ModelUnit, type ModelView } from './models.contract';

/** What the parts of the models service share: row types, dependencies, the model view. */

export type ModelRow = typeof models.$inferSelect;
export type Owner = { id: string };

export interface ModelsServiceDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'maxModelBytes' | 'analysisTimeoutMs'>;
  /** The stored files (thumbnails); made from `db` and `storage` when not given. */
  files?: FilesService;
  /**
   * The queue that owns each analysis (any node's worker runs it, another node retries it when that one
   * dies). Without it the analysis runs inside the request, in this process.
   */
  jobs?: Jobs;
  /** Where a failure that is not the file's fault is reported (the customer sees the product text). */
  log?: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

export interface ModelsContext {
  db: Db;
  storage: Storage;
  files: FilesService;
  config: ModelsServiceDeps['config'];
  deps: ModelsServiceDeps;
  ownModel: (owner: Owner, id: string) => Promise<ModelRow>;
}

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
export function cleanFileName(name: string): string {
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
    parametric: row.parametric ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
