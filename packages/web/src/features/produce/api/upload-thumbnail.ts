import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, formBody } from '../../../lib/api-client';
import type { Model } from '../lib/types';
import { modelQueryKey } from './get-model';
import { modelsQueryKey } from './get-models';

export type UploadThumbnailInput = { id: string; image: Blob; fileName: string; source: 'render' | 'custom' };

export const THUMBNAIL_ACCEPT = '.png,.jpg,.jpeg,.webp';
export const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;

/** PUT /api/models/:id/thumbnail, multipart: `source` first, then the `image` (png, jpg, jpeg, webp ≤ 5 MB). */
export async function uploadThumbnail({ id, image, fileName, source }: UploadThumbnailInput): Promise<Model> {
  const form = new FormData();
  form.append('source', source);
  form.append('image', image, fileName);
  const { model } = await unwrap(
    api.PUT('/api/models/{id}/thumbnail', { params: { path: { id } }, body: formBody(form) }),
  );
  return model;
}

export function useUploadThumbnail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadThumbnail,
    onSuccess: (model) => {
      client.setQueryData(modelQueryKey(model.id), model);
      void client.invalidateQueries({ queryKey: modelsQueryKey, exact: true });
    },
  });
}
