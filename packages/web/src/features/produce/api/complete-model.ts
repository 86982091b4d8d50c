import { api } from '../../../lib/api-client';
import type { Model } from '../lib/types';

/**
 * POST /api/models/:id/complete: the bytes are in storage; the server analyses them and answers with the
 * model `ready` (analysis filled) or `failed` (error filled with a customer-readable message).
 */
export async function completeModel(id: string, signal?: AbortSignal): Promise<Model> {
  const { model } = await api.post<{ model: Model }>(
    `/api/models/${encodeURIComponent(id)}/complete`,
    undefined,
    {
      signal,
    },
  );
  return model;
}
