import { useEffect, useMemo, useRef } from 'react';
import type { ChatMemberType, MoveStatusPayload, Receive3dModelPayload } from '@facet/domain/chat';
import { toast } from '../../../components/ui';
import type { Me } from '../../../lib/types';
import type { ChatRoom } from '../api/chat-api';
import { useChatRoom } from './use-chat-room';

const MEMBER_TYPE: Record<Me['role'], ChatMemberType> = {
  customer: 'user',
  designer: 'designer',
  service: 'service',
  staff: 'product',
};

/**
 * The chat pane's room: what happens in it that changes the project is passed on, a refused join is a toast,
 * and the room hears what this viewer has seen (read receipts).
 */
export function usePaneRoom(room: ChatRoom, projectId: string, viewer: Me, onProjectChanged: () => void) {
  const chatViewer = useMemo(
    () => ({ id: viewer.id, fullName: viewer.fullName, type: MEMBER_TYPE[viewer.role] }),
    [viewer.id, viewer.fullName, viewer.role],
  );
  const chat = useChatRoom(room.id, projectId, chatViewer, room.unreadCount, {
    // a quote card changes the offers and what the conversation allows (read-only after the quote)
    onQuote: onProjectChanged,
    onModel: (model: Receive3dModelPayload) => {
      toast({ title: 'New 3D model', description: model.fileName });
      onProjectChanged();
    },
    // the project moved: its status, and what the conversation allows (payment stage, …), are fetched again
    onMoveStatus: (move: MoveStatusPayload) => {
      if (move.error && viewer.role !== 'customer' && viewer.role !== 'staff') {
        toast({ title: 'Error!', description: move.error, variant: 'destructive' });
      }
      onProjectChanged();
    },
  });
  const reported = useRef(new Set<string>());

  // Spec section 8: a refused acknowledgement (here, joining the room) is a toast titled 'Error' with the
  // server's text; the notice above the list keeps saying it.
  useEffect(() => {
    if (chat.joinError) toast({ title: 'Error', description: chat.joinError, variant: 'destructive' });
  }, [chat.joinError]);

  // Read receipts: tell the room what this viewer has now seen.
  const { markRead } = chat;
  useEffect(() => {
    if (chat.loading) return;
    const fresh = chat.messages.filter((m) => m.from !== viewer.id && !m.read && !reported.current.has(m.id));
    if (fresh.length === 0) return;
    for (const m of fresh) reported.current.add(m.id);
    markRead(fresh.map((m) => m.id));
  }, [chat.loading, chat.messages, markRead, viewer.id]);

  return chat;
}
