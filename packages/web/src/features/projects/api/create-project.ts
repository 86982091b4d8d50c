import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { ProjectDetail, WireDimension } from './types';

export type CreateProjectInput = {
  title: string;
  description?: string;
  projectType?: 'single-item' | 'collection';
  service?: boolean;
  modelId?: string;
  items?: {
    title: string;
    category?: string;
    itemType?: string;
    description?: string;
    dimensions?: WireDimension[];
    tags?: string[];
    modelId?: string;
  }[];
};

export async function createProject(input: CreateProjectInput): Promise<ProjectDetail> {
  const { project } = await api.post<{ project: ProjectDetail }>('/api/projects', input);
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
