import { legacyApi } from '../../../lib/api-client';
import type { Reply } from '../../../api';

export type CreateModelInput = { fileName: string; sizeBytes: number };

/** POST /api/models: a new model record and where to send its bytes (a signed URL valid 15 minutes). */
export function createModel(input: CreateModelInput, signal?: AbortSignal) {
  return legacyApi.post<Reply<'/api/models', 'post'>>('/api/models', input, { signal });
}
