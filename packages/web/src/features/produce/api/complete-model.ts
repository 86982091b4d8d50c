import { legacyApi } from '../../../lib/api-client';
import type { Model } from '../lib/types';
import type { Reply } from '../../../api';

/**
 * POST /api/models/:id/complete: the bytes are in storage; the server analyses them and answers with the
 * model `ready` (analysis filled) or `failed` (error filled with a customer-readable message), or still
 * `analysing` (202) when that takes longer: then `getModel` until it settles.
 */
export async function completeModel(id: string, signal?: AbortSignal): Promise<Model> {
  const { model } = await legacyApi.post<Reply<'/api/models/{id}/complete', 'post'>>(
    `/api/models/${encodeURIComponent(id)}/complete`,
    undefined,
    {
      signal,
    },
  );
  return model;
}

/** POST /api/models/:id/retry: a failed analysis once more; answers like `completeModel`. */
export async function retryModel(id: string, signal?: AbortSignal): Promise<Model> {
  const { model } = await legacyApi.post<Reply<'/api/models/{id}/retry', 'post'>>(
    `/api/models/${encodeURIComponent(id)}/retry`,
    undefined,
    {
      signal,
    },
  );
  return model;
}
