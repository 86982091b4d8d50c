import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { Reply, RequestBody } from '../../../api';

export type CreateProjectInput = RequestBody<'/api/projects', 'post'>;

export async function createProject(input: CreateProjectInput) {
  const { project } = await legacyApi.post<Reply<'/api/projects', 'post', 201>>('/api/projects', input);
  return project;
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      client.setQueryData(projectKeys.detail(project.id), project);
      void client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
