import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { Offer, ProjectDetail } from './types';

export async function invitePro({ projectId, proId }: { projectId: string; proId: string }) {
  return api.post<{ offer: Offer; project: ProjectDetail }>(
    `/api/projects/${encodeURIComponent(projectId)}/invitations`,
    { proId },
  );
}

export function useInvitePro() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: invitePro,
    onSuccess: ({ project }) => {
      client.setQueryData(projectKeys.detail(project.id), project);
      void client.invalidateQueries({ queryKey: projectKeys.all });
      void client.invalidateQueries({ queryKey: ['designers', 'list'] });
    },
  });
}
