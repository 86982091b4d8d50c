import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../../lib/api-client';
import type { Reply, RequestBody } from '../../../../api';
import { modelQueryKey } from '../../../produce/api/get-model';
import { modelsQueryKey } from '../../../produce/api/get-models';

export type ParametricRequest = RequestBody<'/api/parametric-models', 'post'>;
export type ParametricReply = Reply<'/api/parametric-models', 'post'>;

/** POST /api/parametric-models: the server generates the piece, stores it as a model of mine and analyses it. */
export async function createParametricModel(body: ParametricRequest): Promise<ParametricReply> {
  return unwrap(api.POST('/api/parametric-models', { body }));
}

export function useCreateParametricModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createParametricModel,
    onSuccess: ({ model }) => {
      // the model page's query follows it from here (and polls while its analysis goes on)
      client.setQueryData(modelQueryKey(model.id), model);
      void client.invalidateQueries({ queryKey: modelsQueryKey, exact: true });
    },
  });
}
