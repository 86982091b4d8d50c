import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProjectUpdatedPayload } from '@facet/domain/chat';
import { getSocket } from '../../../lib/socket';
import { projectKeys } from './types';

/**
 * Live project pages (issue 16): the server tells each party on their own socket channel when an offer
 * or the project's status changed (`projectUpdated`); the project (with its rooms, offers and what the
 * viewer may do), the lists and the pro's invitations are fetched again. The server decides who hears
 * what, so a refused pro hears nothing after their refusal.
 */
export function useProjectNews() {
  const client = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onNews = (news: ProjectUpdatedPayload) => {
      void client.invalidateQueries({ queryKey: projectKeys.detail(news.projectId) });
      void client.invalidateQueries({ queryKey: ['projects', 'list'] });
      void client.invalidateQueries({ queryKey: projectKeys.invitations });
    };
    socket.on('projectUpdated', onNews);
    return () => {
      socket.off('projectUpdated', onNews);
    };
  }, [client]);
}
