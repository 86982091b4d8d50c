import { api, unwrap } from '../../../lib/api-client';
import type { Model } from '../lib/types';

/**
 * POST /api/models/:id/complete: the bytes are in storage; the server analyses them and answers with the
 * model `ready` (analysis filled) or `failed` (error filled with a customer-readable message), or still
 * `analysing` (202) when that takes longer: then `getModel` until it settles.
 */
export async function completeModel(id: string, signal?: AbortSignal): Promise<Model> {
  const { model } = await unwrap(api.POST('/api/models/{id}/complete', { params: { path: { id } }, signal }));
  return model;
}

/** POST /api/models/:id/retry: a failed analysis once more; answers like `completeModel`. */
export async function retryModel(id: string, signal?: AbortSignal): Promise<Model> {
  const { model } = await unwrap(api.POST('/api/models/{id}/retry', { params: { path: { id } }, signal }));
  return model;
}
