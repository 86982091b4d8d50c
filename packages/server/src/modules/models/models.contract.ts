import { z } from 'zod';
import {
  MESH_UNITS,
  MM_PER_UNIT,
  NOT_A_MODEL_MESSAGE,
  OUT_OF_RANGE_MESSAGE,
  type MeshUnit,
} from '@facet/domain/mesh';
import { routeId } from '../../platform/route-ids';

export const MODEL_EXTENSIONS = ['stl', 'obj', 'ply', '3mf'] as const;
export const MODEL_UNITS = ['mm', 'cm', 'dm', 'm', 'in', 'ft'] as const;
export type ModelUnit = (typeof MODEL_UNITS)[number];

export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;

export const modelMessages = {
  unsupportedType: 'Sorry, this file format is not supported! Upload an STL, OBJ, PLY or 3MF file.',
  tooLarge: (maxBytes: number) =>
    `Sorry, your file is too large. Maximum size is ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
  uploadMissing: 'The upload to storage failed. Please try again.',
  notReady: 'This model is still being analysed. Please wait a moment.',
  failed: 'This model could not be read, so it cannot be priced. Please upload a corrected file.',
  analysisTimeout: 'The model took too long to analyse. Please simplify it or upload a smaller file.',
  analysisFailed: 'The file could not be analysed. Please check it and upload it again.',
  retryNotFailed: 'Only a model whose analysis failed can be analysed again.',
  /** Failure `not_a_model`: a binary STL whose size does not fit its triangles (e.g. a renamed program). */
  notAModel: NOT_A_MODEL_MESSAGE,
  /** Failure `out_of_range`: coordinates 16 m or more from the origin, or not numbers at all. */
  outOfRange: OUT_OF_RANGE_MESSAGE,
  thumbnailType: 'The thumbnail must be a PNG, JPG or WEBP image.',
  thumbnailTooLarge: 'The thumbnail must be at most 5 MB.',
  thumbnailMissing: 'Choose an image for the thumbnail.',
  thumbnailSource: "The thumbnail source must be 'render' or 'custom'.",
  unit: `The unit must be one of ${MESH_UNITS.join(', ')}.`,
} as const;

/** The spec's unit words, each to the one unit we store ('inches', 'inch' -> 'in'; 'feet', 'foot' -> 'ft'). */
export function normaliseUnit(word: MeshUnit): ModelUnit {
  if (word === 'inches' || word === 'inch') return 'in';
  if (word === 'feet' || word === 'foot') return 'ft';
  return word;
}

export const unitFactor = (unit: ModelUnit) => MM_PER_UNIT[unit];

export const modelIdParams = z.object({ id: routeId('That model') });

export const createModelBody = z
  .object({
    fileName: z
      .string({ error: 'Give the file name.' })
      .trim()
      .min(1, 'Give the file name.')
      .max(255, 'The file name is at most 255 characters.'),
    sizeBytes: z
      .number({ error: 'Give the file size in bytes.' })
      .int('Give the file size in bytes.')
      .min(1, 'The file is empty.'),
  })
  .strict();

export const patchModelBody = z
  .object({
    unit: z.enum(MESH_UNITS, { error: modelMessages.unit }),
  })
  .strict();

export const analysisReply = z
  .object({
    format: z.string(),
    triangles: z.number(),
    volumeMm3: z.number(),
    surfaceAreaMm2: z.number(),
    sizeMm: z.object({ x: z.number(), y: z.number(), z: z.number() }),
    watertight: z.boolean(),
    boundaryEdges: z.number(),
    nonManifoldEdges: z.number(),
    inconsistentEdges: z.number().optional(),
    degenerateFaces: z.number(),
    shells: z.number(),
    unitGuess: z.string(),
    warnings: z.array(z.string()).optional(),
  })
  .meta({ id: 'Analysis' });

/** The models list's default page size (GET /api/models without a limit) and its largest. */
export const MODELS_PAGE_SIZE = 50;
export const MODELS_PAGE_MAX = 100;

export const modelReply = z
  .object({
    id: z.string(),
    fileName: z.string(),
    sizeBytes: z.number(),
    status: z.enum(['uploading', 'analysing', 'ready', 'failed']),
    unit: z.enum(MODEL_UNITS),
    unitConfirmed: z.boolean(),
    rawAnalysis: analysisReply.nullable(),
    analysis: analysisReply.nullable(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    fileUrl: z.string(),
    thumbnailUrl: z.string().nullable(),
    thumbnailSource: z.enum(['render', 'custom']).nullable(),
    /** The library design the model was copied from; its membership minimum applies when priced. */
    libraryProductId: z.string().nullable(),
    /** A generated piece's kind and parameters (POST /api/parametric-models); null for uploads. */
    parametric: z.object({ kind: z.string(), params: z.record(z.string(), z.unknown()) }).nullish(),
    createdAt: z.string(),
  })
  .meta({ id: 'Model' });
export type ModelView = z.infer<typeof modelReply>;

export const uploadReply = z
  .object({
    method: z.enum(['PUT', 'POST']),
    url: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    expiresAt: z.string(),
  })
  .meta({ id: 'UploadTarget' });

/** A model's stored analysis, as pricing reads it. */
export type { StoredAnalysis } from './stored-analysis';
