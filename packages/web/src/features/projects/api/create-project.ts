import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { RequestBody } from '../../../api';

export type CreateProjectInput = RequestBody<'/api/projects', 'post'>;

export async function createProject(input: CreateProjectInput) {
  const { project } = await unwrap(api.POST('/api/projects', { body: input }));
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
