import { api, unwrap } from '../../../lib/api-client';

/** DELETE /api/models/:id */
export function deleteModel(id: string) {
  return unwrap(api.DELETE('/api/models/{id}', { params: { path: { id } } }));
}
