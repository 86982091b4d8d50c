import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveDraftInput } from '@facet/domain/design';
import { legacyApi } from '../../../lib/api-client';
import type { Reply, Schemas } from '../../../api';

/** The customer's open design draft on the server: a reload (or another device) picks it up. */

export type DraftAnswer = Reply<'/api/design/draft', 'get'>;
export type DesignDraft = Schemas['DesignDraft'];
export const draftQueryKey = ['design', 'draft'] as const;

export const useDesignDraft = () =>
  useQuery({
    queryKey: draftQueryKey,
    queryFn: ({ signal }) => legacyApi.get<DraftAnswer>('/api/design/draft', { signal }),
  });

function useStoreDraft() {
  const client = useQueryClient();
  return (answer: DraftAnswer) => client.setQueryData(draftQueryKey, answer);
}

/** PUT /api/design/draft: one step's fields, checked by the server (400 with a message per field). */
export function useSaveDraft() {
  const store = useStoreDraft();
  return useMutation({
    mutationFn: (input: SaveDraftInput) => legacyApi.put<DraftAnswer>('/api/design/draft', input),
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
      return legacyApi.post<DraftAnswer>('/api/design/draft/images', form);
    },
    onSuccess: store,
  });
}

export function useRemoveInspiration() {
  const store = useStoreDraft();
  return useMutation({
    mutationFn: (id: string) =>
      legacyApi.delete<DraftAnswer>(`/api/design/draft/images/${encodeURIComponent(id)}`),
    onSuccess: store,
  });
}

/** DELETE /api/design/draft: start over (results made so far stay). */
export function useResetDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => legacyApi.delete('/api/design/draft'),
    onSuccess: () => client.invalidateQueries({ queryKey: draftQueryKey }),
  });
}
