import type { ReactNode } from 'react';
import { ArrowDown } from 'lucide-react';
import type { PendingMessage } from '../hooks/use-chat-room';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';
import { MessageBubble, NewMessagesDivider, PendingBubble, PinControl } from './message-parts';
import type { ChatMessage } from '../api/chat-api';

export { SCROLL_BUTTON_THRESHOLD_PX } from '../hooks/use-stick-to-bottom';

export type MessageListProps = {
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  viewerId: string;
  names: ReadonlyMap<string, string>;
  readIds: ReadonlySet<string>;
  /** Index of the first new message (New Messages divider), -1 for none. */
  dividerIndex: number;
  loading: boolean;
  /** What the list says when it has nothing (default: an invitation to say hello). */
  emptyText?: string;
  /** The viewer's buttons on a quote card (the customer's Accept and Decline), if any. */
  quoteActions?: (message: ChatMessage) => ReactNode;
  /** Given to the production team: pins or unpins a message. */
  onTogglePin?: (message: ChatMessage) => void;
};

export function MessageList({
  messages,
  pending,
  viewerId,
  names,
  readIds,
  dividerIndex,
  loading,
  emptyText = 'No messages yet. Say hello.',
  quoteActions,
  onTogglePin,
}: MessageListProps) {
  const { scroller, farFromBottom, onScroll, scrollToBottom } = useStickToBottom({
    messageCount: messages.length,
    pendingCount: pending.length,
    loading,
    viewerId,
  });

  return (
    <div className="chat-list-wrap">
      <div
        ref={scroller}
        className="chat-list"
        role="log"
        aria-live="polite"
        aria-label="Messages"
        tabIndex={0}
        onScroll={onScroll}
      >
        {loading ? <p className="chat-list__empty">Loading messages…</p> : null}
        {!loading && messages.length === 0 && pending.length === 0 ? (
          <p className="chat-list__empty">{emptyText}</p>
        ) : null}
        {messages.map((m, index) => {
          const divider = index === dividerIndex ? <NewMessagesDivider key={`divider-${m.id}`} /> : null;
          const pin = <PinControl message={m} onTogglePin={onTogglePin} />;
          if (m.type === 'ai') {
            return [
              divider,
              <p key={m.id} className="chat-system">
                {m.message}
                {pin}
              </p>,
            ];
          }
          return [
            divider,
            <MessageBubble
              key={m.id}
              message={m}
              mine={m.from === viewerId}
              read={m.read || readIds.has(m.id)}
              from={names.get(m.from ?? '') ?? 'Participant'}
              pin={pin}
              quoteActions={quoteActions}
            />,
          ];
        })}
        {pending.map((p) => (
          <PendingBubble key={p.clientId} pending={p} />
        ))}
      </div>
      {farFromBottom ? (
        <button
          type="button"
          className="chat-scroll-bottom"
          aria-label="Scroll to the latest message"
          onClick={scrollToBottom}
        >
          <ArrowDown aria-hidden="true" width={18} height={18} />
        </button>
      ) : null}
    </div>
  );
}
