import { api, unwrap } from '../../../lib/api-client';

export type CreateModelInput = { fileName: string; sizeBytes: number };

/** POST /api/models: a new model record and where to send its bytes (a signed URL valid 15 minutes). */
export function createModel(input: CreateModelInput, signal?: AbortSignal) {
  return unwrap(api.POST('/api/models', { signal, body: input }));
}
