import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reply, Schemas } from '../../../api';
import { api } from '../../../lib/api-client';
import { coalesce } from '../../../lib/coalesce';
import { getSocket } from '../../../lib/socket';

export type ProjectsBoard = Schemas['ProjectsBoard'];
export type BoardProject = Schemas['BoardProject'];

const key = ['staff', 'projects-board'] as const;
const enc = encodeURIComponent;

/** Every project by status; a move anywhere (the production team hears every project's news) is live. */
export function useProjectsBoard() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    // staff hear every project's news: a burst asks for the board once
    const refresh = coalesce(
      () => void queryClient.invalidateQueries({ queryKey: key }, { cancelRefetch: false }),
    );
    socket.on('projectUpdated', refresh.call);
    return () => {
      socket.off('projectUpdated', refresh.call);
      refresh.cancel();
    };
  }, [queryClient]);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<Reply<'/api/staff/projects/board', 'get'>>('/api/staff/projects/board', { signal }),
  });
}

export type ProjectAction =
  | { kind: 'mark-paid'; projectId: string }
  | { kind: 'changes-paid'; changeRequestId: string }
  | { kind: 'refund'; projectId: string; reason: string };

export type ProjectRefund = Schemas['ProjectRefund'];

/**
 * The moves the workflow allows staff: mark a payment made, mark changes paid, cancel (refunding what the
 * project paid; the answer says how much went back).
 */
export function useProjectAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: ProjectAction): Promise<ProjectRefund | null> => {
      if (action.kind === 'mark-paid') {
        await api.post(`/api/staff/projects/${enc(action.projectId)}/mark-paid`);
        return null;
      }
      if (action.kind === 'changes-paid') {
        await api.post(`/api/staff/change-requests/${enc(action.changeRequestId)}/mark-paid`);
        return null;
      }
      return api.post<ProjectRefund>(`/api/staff/projects/${enc(action.projectId)}/refund`, {
        reason: action.reason,
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
