import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Model, ModelUnit } from '../lib/types';
import { modelQueryKey } from './get-model';
import { modelsQueryKey } from './get-models';

/** PATCH /api/models/:id { unit }: confirms the unit; the server rescales the analysis to millimetres. */
export async function updateModelUnit({ id, unit }: { id: string; unit: ModelUnit }): Promise<Model> {
  const { model } = await unwrap(api.PATCH('/api/models/{id}', { params: { path: { id } }, body: { unit } }));
  return model;
}

export function useUpdateModelUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateModelUnit,
    onSuccess: (model) => {
      client.setQueryData(modelQueryKey(model.id), model);
      void client.invalidateQueries({ queryKey: modelsQueryKey, exact: true });
      // prices depend on the geometry: every quote for this model is stale
      void client.invalidateQueries({ queryKey: ['pricing'] });
    },
  });
}
