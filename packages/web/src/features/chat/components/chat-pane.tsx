import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { checkChatFile } from '@facet/domain/chat';
import type {
  ChatMemberType,
  ChatMessage,
  ChatParticipant,
  MoveStatusPayload,
  Receive3dModelPayload,
} from '@facet/domain/chat';
import { Tabs, TabsContent, TabsList, TabsTrigger, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import { setMessagePinned, uploadAttachment } from '../api/chat-api';
import type { ChatRoom } from '../api/chat-api';
import { useChatRoom } from '../hooks/use-chat-room';
import { preChatMessages } from '../lib/messages';
import { Composer } from './composer';
import { MessageList } from './message-list';
import './chat.css';

const MEMBER_TYPE: Record<Me['role'], ChatMemberType> = {
  customer: 'user',
  designer: 'designer',
  service: 'service',
  staff: 'product',
};

export type ChatPaneProps = {
  room: ChatRoom;
  viewer: Me;
  title?: string;
  /** The project the room belongs to (socket events name it). */
  projectId: string;
  /** The room's people, for mentions, sender names and online dots. */
  participants: ChatParticipant[];
  /** The project waits for its payment: the pane is dimmed for everyone but the customer. */
  paymentStage?: boolean;
  /** Something in the room changed the project (a quote, a 3D model, a status move): fetch it again. */
  onProjectChanged: () => void;
  /** Buttons under a quote card (the customer's Accept and Decline), given by the feature that owns offers. */
  quoteActions?: (message: ChatMessage) => ReactNode;
  /** Rendered at the end of the pane, e.g. the dialogs those buttons open. */
  children?: ReactNode;
};

/** Spec section 6: sending is off while the pinned tab is shown. */
export const PINNED_TAB_NOTICE = 'Sending is off while the pinned messages are shown.';

/** Spec section 2, Chat pane: tabs, message list, composer, typing, online dots and read receipts. */
export function ChatPane({
  room,
  viewer,
  title,
  projectId,
  participants,
  paymentStage = false,
  onProjectChanged,
  quoteActions,
  children,
}: ChatPaneProps) {
  const names = useMemo(
    () => new Map(participants.map((p) => [p.id, `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim()])),
    [participants],
  );
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
  const [tab, setTab] = useState('all');
  const [warning, setWarning] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
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

  const pre = preChatMessages(chat.messages);
  const showPre = room.hasPreChat || pre.length > 0;
  const pinned = chat.messages.filter((m) => m.pinned);
  const showPinned = pinned.length > 0;
  const shownTab = (tab === 'pre' && showPre) || (tab === 'pinned' && showPinned) ? tab : 'all';
  const disabledReason = room.sendDisabledReason ?? (shownTab === 'pinned' ? PINNED_TAB_NOTICE : null);
  const canPin = viewer.role === 'staff';

  async function togglePin(message: ChatMessage) {
    try {
      await setMessagePinned(room.id, message.id, !message.pinned);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  }

  const dividerIndex = chat.dividerId ? chat.messages.findIndex((m) => m.id === chat.dividerId) : -1;

  async function sendText(text: string, mentions: string[]) {
    setWarning(null);
    const result = await chat.send(text, mentions.length ? { mentions } : {});
    if (result.ok) return true;
    if (result.error.code === 'contact_details_blocked') setWarning(result.error.error);
    else toast({ title: 'Error', description: result.error.error, variant: 'destructive' });
    return false;
  }

  async function attach(file: File) {
    setWarning(null);
    const check = checkChatFile({ name: file.name, sizeBytes: file.size });
    if (!check.ok) {
      toast({ title: 'Error', description: check.message, variant: 'destructive' });
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadAttachment(room.id, file, setProgress).promise;
      const result = await chat.send('', {
        isFile: true,
        fileName: uploaded.name,
        attachment: { id: uploaded.id, name: uploaded.name, sizeBytes: uploaded.sizeBytes },
      });
      if (!result.ok) toast({ title: 'Error', description: result.error.error, variant: 'destructive' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  }

  const others = participants.filter((p) => p.id !== viewer.id);
  const list = (messages: typeof chat.messages, withPending: boolean, emptyText?: string) => (
    <MessageList
      messages={messages}
      pending={withPending ? chat.pending : []}
      viewerId={viewer.id}
      names={names}
      readIds={chat.readIds}
      dividerIndex={withPending ? dividerIndex : -1}
      loading={chat.loading}
      emptyText={emptyText}
      quoteActions={quoteActions}
      onTogglePin={canPin ? (m) => void togglePin(m) : undefined}
    />
  );

  return (
    <section
      className={paymentStage && viewer.role !== 'customer' ? 'chat-pane chat-pane--dimmed' : 'chat-pane'}
      aria-label={title ?? 'Chat'}
    >
      <header className="chat-pane__head">
        <ul className="chat-people" aria-label="Participants">
          {others.map((p) => {
            const isOnline = chat.online.includes(p.id);
            return (
              <li key={p.id}>
                <span
                  className={isOnline ? 'chat-dot chat-dot--on' : 'chat-dot'}
                  role="img"
                  aria-label={isOnline ? 'online' : 'offline'}
                />
                {names.get(p.id)}
              </li>
            );
          })}
        </ul>
      </header>
      {chat.joinError ? (
        <p className="chat-notice" role="alert">
          {chat.joinError}
        </p>
      ) : null}
      <Tabs value={shownTab} onValueChange={setTab} className="chat-tabs">
        <TabsList aria-label="Messages">
          <TabsTrigger value="all">All Messages</TabsTrigger>
          {showPre ? <TabsTrigger value="pre">Pre-Quote Messages</TabsTrigger> : null}
          {showPinned ? <TabsTrigger value="pinned">Pinned ({pinned.length})</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="all">{list(chat.messages, true)}</TabsContent>
        {showPre ? <TabsContent value="pre">{list(pre, false)}</TabsContent> : null}
        {showPinned ? (
          <TabsContent value="pinned">{list(pinned, false, 'No pinned messages.')}</TabsContent>
        ) : null}
      </Tabs>
      <p className="chat-typing" aria-live="polite">
        {chat.typing.length
          ? `${chat.typing.map((u) => u.fullName).join(', ')} ${chat.typing.length > 1 ? 'are' : 'is'} typing…`
          : ''}
      </p>
      {warning ? (
        <p className="chat-warning" role="alert">
          <TriangleAlert aria-hidden="true" width={16} height={16} /> {warning}
        </p>
      ) : null}
      {disabledReason ? <p className="chat-notice">{disabledReason}</p> : null}
      <Composer
        participants={participants}
        viewerId={viewer.id}
        disabledReason={disabledReason}
        onSend={sendText}
        onTyping={chat.setTyping}
        onAttach={(file) => void attach(file)}
        uploadProgress={progress}
      />
      {children}
    </section>
  );
}
