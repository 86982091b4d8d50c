import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, formBody } from '../../../lib/api-client';
import { projectKeys } from './types';

/** Files the project's customer (or its chosen pro) adds to Files & Attachments. */
export async function addAttachments({ projectId, files }: { projectId: string; files: File[] }) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const { attachments } = await unwrap(
    api.POST('/api/projects/{id}/attachments', { params: { path: { id: projectId } }, body: formBody(form) }),
  );
  return attachments;
}

export function useAddAttachments(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => addAttachments({ projectId, files }),
    onSuccess: () => void client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
