import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client';
import type { Model } from '../lib/types';
import { modelQueryKey } from './get-model';
import { modelsQueryKey } from './get-models';
import { libraryQueryKey } from './get-library';
import type { Reply } from '../../../api';

/** POST /api/library/:id/models: the design copied into a new model of mine, already analysed. */
export async function copyLibraryDesign(id: string): Promise<Model> {
  const { model } = await legacyApi.post<Reply<'/api/library/{id}/models', 'post'>>(
    `/api/library/${encodeURIComponent(id)}/models`,
  );
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
