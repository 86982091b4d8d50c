import { useMutation, useQuery } from '@tanstack/react-query';
import type { DesignDraftFields } from '@facet/domain/design';
import { api, unwrap } from '../../../lib/api-client';
import type { Reply } from '../../../api';

export type FormCheck = Reply<'/api/design/check', 'post'>;
export type Recommendations = Reply<'/api/design/recommendations', 'get'>;

/** POST /api/design/check: the brief checked (rules, or the AI text model when configured). */
export function useFormCheck() {
  return useMutation({
    mutationFn: (fields: DesignDraftFields) => unwrap(api.POST('/api/design/check', { body: fields })),
  });
}

/** GET /api/design/recommendations for the saved draft. */
export function useRecommendations(enabled: boolean) {
  return useQuery({
    queryKey: ['design', 'recommendations'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/design/recommendations', { signal })),
    enabled,
    staleTime: 0,
  });
}
