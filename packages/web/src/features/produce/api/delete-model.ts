import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { modelsQueryKey } from './get-models';

/** DELETE /api/models/:id */
export function deleteModel(id: string) {
  return unwrap(api.DELETE('/api/models/{id}', { params: { path: { id } } }));
}

export function useDeleteModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteModel,
    onSuccess: () => client.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}
