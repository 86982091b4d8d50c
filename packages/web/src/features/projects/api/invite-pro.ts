import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { Reply } from '../../../api';

export async function invitePro({ projectId, proId }: { projectId: string; proId: string }) {
  return legacyApi.post<Reply<'/api/projects/{id}/invitations', 'post'>>(
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
