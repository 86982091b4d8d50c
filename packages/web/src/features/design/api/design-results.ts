import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, api, unwrap } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/auth';
import { myCreditsQueryKey } from '../../billing/api/credits';
import type { Reply, Schemas } from '../../../api';

export type DesignGeneration = Schemas['DesignGeneration'];
export type ResultsAnswer = Reply<'/api/design/results', 'get'>;
export type GenerateAnswer = Reply<'/api/design/generate', 'post'>;
export type ProjectFromResult = Reply<'/api/design/results/{id}/project', 'post'>;

export const resultsQueryKey = ['design', 'results'] as const;

export const useDesignResults = () =>
  useQuery({
    queryKey: resultsQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/design/results', { signal })),
  });

/** A fresh key per attempt: a retried request answers the same generation and takes credits once. */
export const newGenerationKey = () => `design-${crypto.randomUUID()}`;

/**
 * Whether the next try may use a new key: only when the server answered. After a network failure the
 * generation may have been made (and paid for), so the retry sends the same key and gets that answer.
 */
export const answeredByServer = (error: unknown) => !(isApiError(error) && error.code === 'network_error');

/** A generation moves credits (taken, or given back when it fails): every figure of them is refreshed. */
function refreshAfterGeneration(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: resultsQueryKey });
  void client.invalidateQueries({ queryKey: meQueryKey, exact: true });
  void client.invalidateQueries({ queryKey: myCreditsQueryKey });
}

/** POST /api/design/generate with the attempt's Idempotency-Key. */
export function useGenerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      unwrap(api.POST('/api/design/generate', { params: { header: { 'idempotency-key': key } } })),
    onSettled: () => refreshAfterGeneration(client),
  });
}

/** POST /api/design/results/:id/regenerate: new concepts from the same brief (credits again). */
export function useRegenerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ resultId, key }: { resultId: string; key: string }) =>
      unwrap(
        api.POST('/api/design/results/{id}/regenerate', {
          params: { path: { id: resultId }, header: { 'idempotency-key': key } },
        }),
      ),
    onSettled: () => refreshAfterGeneration(client),
  });
}

/** POST /api/design/results/:id/project: a project with the brief, images and dimensions carried over. */
export function useCreateProjectFromResult() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (resultId: string) =>
      unwrap(api.POST('/api/design/results/{id}/project', { params: { path: { id: resultId } } })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: resultsQueryKey });
      void client.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}

/** A project straight from the brief (when image generation is not configured): POST /api/projects. */
export function useCreateProjectFromBrief() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (brief: {
      title: string;
      description: string;
      category: string | null;
      itemType: string | null;
      widthMm: number | null;
      heightMm: number | null;
      thicknessMm: number | null;
    }) => {
      const mm = (value: number | null) => (value ? `${value} mm` : '');
      const { project } = await unwrap(
        api.POST('/api/projects', {
          body: {
            title: brief.title,
            description: brief.description,
            projectType: 'single-item',
            items: [
              {
                title: brief.title,
                description: brief.description,
                ...(brief.category ? { category: brief.category } : {}),
                ...(brief.itemType ? { itemType: brief.itemType } : {}),
                dimensions: [
                  { width: mm(brief.widthMm) },
                  { height: mm(brief.heightMm) },
                  { thickness: mm(brief.thicknessMm) },
                ],
              },
            ],
          },
        }),
      );
      return project;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['projects'] }),
  });
}
