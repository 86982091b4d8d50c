import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Model } from '../lib/types';
import { modelQueryKey } from './get-model';
import { modelsQueryKey } from './get-models';
import { libraryQueryKey } from './get-library';

/** POST /api/library/:id/models: the design copied into a new model of mine, already analysed. */
export async function copyLibraryDesign(id: string): Promise<Model> {
  const { model } = await unwrap(api.POST('/api/library/{id}/models', { params: { path: { id } } }));
  return model;
}

export function useCopyLibraryDesign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: copyLibraryDesign,
    onSuccess: (model) => {
      client.setQueryData(modelQueryKey(model.id), model);
      void client.invalidateQueries({ queryKey: modelsQueryKey, exact: true });
    },
    // refused (a membership that changed meanwhile): the cards show the server's current answer
    onError: () => void client.invalidateQueries({ queryKey: libraryQueryKey }),
  });
}
