import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import type { ChatParticipant } from '@facet/domain/chat';
import { Tabs, TabsContent, TabsList, TabsTrigger, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import { setMessagePinned } from '../api/chat-api';
import type { ChatRoom } from '../api/chat-api';
import { usePaneRoom } from '../hooks/use-pane-room';
import { usePaneSending } from '../hooks/use-pane-sending';
import { preChatMessages } from '../lib/messages';
import { ChatPeople, TypingLine } from './chat-pane-parts';
import { Composer } from './composer';
import { MessageList } from './message-list';
import './chat.css';
import type { ChatMessage } from '../api/chat-api';

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
  const chat = usePaneRoom(room, projectId, viewer, onProjectChanged);
  const [tab, setTab] = useState('all');
  const { warning, progress, sendText, attach } = usePaneSending(room.id, chat.send);

  const pre = preChatMessages(chat.messages);
  const showPre = room.hasPreChat || pre.length > 0;
  const pinned = chat.messages.filter((m) => m.pinned);
  const showPinned = pinned.length > 0;
  const shownTab = (tab === 'pre' && showPre) || (tab === 'pinned' && showPinned) ? tab : 'all';
  const disabledReason = room.sendDisabledReason ?? (shownTab === 'pinned' ? PINNED_TAB_NOTICE : null);
  const canPin = viewer.role === 'staff';

  async function togglePin(message: ChatMessage) {
    try {
      const answer = await setMessagePinned(room.id, message.id, !message.pinned);
      chat.received(answer.message);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  }

  const dividerIndex = chat.dividerId ? chat.messages.findIndex((m) => m.id === chat.dividerId) : -1;

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
        <ChatPeople others={others} online={chat.online} names={names} />
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
      <TypingLine typing={chat.typing} />
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
