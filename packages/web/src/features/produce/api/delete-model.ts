import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client';
import { modelsQueryKey } from './get-models';

/** DELETE /api/models/:id */
export function deleteModel(id: string) {
  return legacyApi.delete(`/api/models/${encodeURIComponent(id)}`);
}

export function useDeleteModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteModel,
    onSuccess: () => client.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}
