import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { projectKeys } from './types';

export async function invitePro({ projectId, proId }: { projectId: string; proId: string }) {
  return unwrap(
    api.POST('/api/projects/{id}/invitations', { params: { path: { id: projectId } }, body: { proId } }),
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
