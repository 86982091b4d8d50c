import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveDraftInput } from '@facet/domain/design';
import { api, unwrap, formBody } from '../../../lib/api-client';
import type { Reply, Schemas } from '../../../api';

/** The customer's open design draft on the server: a reload (or another device) picks it up. */

export type DraftAnswer = Reply<'/api/design/draft', 'get'>;
export type DesignDraft = Schemas['DesignDraft'];
export const draftQueryKey = ['design', 'draft'] as const;

export const useDesignDraft = () =>
  useQuery({
    queryKey: draftQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/design/draft', { signal })),
  });

function useStoreDraft() {
  const client = useQueryClient();
  return (answer: DraftAnswer) => client.setQueryData(draftQueryKey, answer);
}

/** PUT /api/design/draft: one step's fields, checked by the server (400 with a message per field). */
export function useSaveDraft() {
  const store = useStoreDraft();
  return useMutation({
    mutationFn: (input: SaveDraftInput) => unwrap(api.PUT('/api/design/draft', { body: input })),
    onSuccess: store,
  });
}

/** POST /api/design/draft/images: inspiration images (multipart field `image`). */
export function useUploadInspiration() {
  const store = useStoreDraft();
  return useMutation({
    mutationFn: (files: File[]) => {
      const form = new FormData();
      for (const file of files) form.append('image', file, file.name);
      return unwrap(api.POST('/api/design/draft/images', { body: formBody(form) }));
    },
    onSuccess: store,
  });
}

export function useRemoveInspiration() {
  const store = useStoreDraft();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/design/draft/images/{id}', { params: { path: { id } } })),
    onSuccess: store,
  });
}

/** DELETE /api/design/draft: start over (results made so far stay). */
export function useResetDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/design/draft')),
    onSuccess: () => client.invalidateQueries({ queryKey: draftQueryKey }),
  });
}
