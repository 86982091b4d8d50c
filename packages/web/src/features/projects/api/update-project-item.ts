import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { ProjectDetail, ProjectItem, WireDimension } from './types';

export type UpdateItemInput = { itemId: string; description?: string; dimensions?: WireDimension[] };

export async function updateProjectItem({ itemId, ...body }: UpdateItemInput): Promise<ProjectItem> {
  const { item } = await unwrap(
    api.PATCH('/api/project-items/{id}', { params: { path: { id: itemId } }, body }),
  );
  return item;
}

/** Spec section 4: on success the project item updates locally. */
export function useUpdateProjectItem(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProjectItem,
    onSuccess: (item) => {
      client.setQueryData<ProjectDetail>(projectKeys.detail(projectId), (project) =>
        project ? { ...project, items: project.items.map((i) => (i.id === item.id ? item : i)) } : project,
      );
      void client.invalidateQueries({ queryKey: ['projects', 'list'] });
    },
  });
}
