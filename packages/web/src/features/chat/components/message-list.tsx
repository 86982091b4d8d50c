import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ArrowDown, Check, CheckCheck, FileText } from 'lucide-react';
import type { ChatMessage } from '@facet/domain/chat';
import type { PendingMessage } from '../hooks/use-chat-room';

/** Spec section 9: the scroll-to-bottom button appears beyond 1500 px from the bottom. */
export const SCROLL_BUTTON_THRESHOLD_PX = 1500;
/** Closer than this to the bottom, a new message keeps the list pinned to the bottom. */
const STICK_PX = 160;

export type MessageListProps = {
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  viewerId: string;
  names: ReadonlyMap<string, string>;
  readIds: ReadonlySet<string>;
  /** Index of the first new message (New Messages divider), -1 for none. */
  dividerIndex: number;
  loading: boolean;
};

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function MessageList({
  messages,
  pending,
  viewerId,
  names,
  readIds,
  dividerIndex,
  loading,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [farFromBottom, setFarFromBottom] = useState(false);
  const nearBottom = useRef(true);
  const first = useRef(true);

  const distance = () => {
    const el = scroller.current;
    return el ? el.scrollHeight - el.scrollTop - el.clientHeight : 0;
  };

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || loading) return;
    if (first.current || nearBottom.current) {
      el.scrollTop = el.scrollHeight;
      first.current = false;
    }
  }, [messages.length, pending.length, loading]);

  useEffect(() => {
    first.current = true;
  }, [viewerId]);

  return (
    <div className="chat-list-wrap">
      <div
        ref={scroller}
        className="chat-list"
        role="log"
        aria-live="polite"
        aria-label="Messages"
        tabIndex={0}
        onScroll={() => {
          const d = distance();
          nearBottom.current = d < STICK_PX;
          setFarFromBottom(d > SCROLL_BUTTON_THRESHOLD_PX);
        }}
      >
        {loading ? <p className="chat-list__empty">Loading messages…</p> : null}
        {!loading && messages.length === 0 && pending.length === 0 ? (
          <p className="chat-list__empty">No messages yet. Say hello.</p>
        ) : null}
        {messages.map((m, index) => {
          const mine = m.from === viewerId;
          const divider =
            index === dividerIndex ? (
              <div className="chat-divider" role="separator" key={`divider-${m.id}`}>
                <span>New Messages</span>
              </div>
            ) : null;
          if (m.type === 'ai') {
            return [
              divider,
              <p key={m.id} className="chat-system">
                {m.message}
              </p>,
            ];
          }
          const read = m.read || readIds.has(m.id);
          return [
            divider,
            <article key={m.id} className={mine ? 'chat-msg chat-msg--mine' : 'chat-msg'} data-seq={m.seq}>
              {!mine ? (
                <span className="chat-msg__from">{names.get(m.from ?? '') ?? 'Participant'}</span>
              ) : null}
              {m.message ? <p className="chat-msg__text">{m.message}</p> : null}
              {m.attachment ? (
                <a className="chat-msg__file" href={m.attachment.url} download={m.attachment.name}>
                  <FileText aria-hidden="true" width={16} height={16} />
                  <span>{m.attachment.name}</span>
                  <small>{formatSize(m.attachment.sizeBytes)}</small>
                </a>
              ) : null}
              <span className="chat-msg__meta">
                <time dateTime={m.createdAt}>{timeFormat.format(new Date(m.createdAt))}</time>
                {mine ? (
                  read ? (
                    <span className="chat-msg__read" aria-label="Read" title="Read">
                      <CheckCheck aria-hidden="true" width={14} height={14} />
                    </span>
                  ) : (
                    <span aria-label="Sent" title="Sent">
                      <Check aria-hidden="true" width={14} height={14} />
                    </span>
                  )
                ) : null}
              </span>
            </article>,
          ];
        })}
        {pending.map((p) => (
          <article key={p.clientId} className="chat-msg chat-msg--mine chat-msg--pending">
            <p className="chat-msg__text">{p.message}</p>
            <span className="chat-msg__meta">{p.failed ? 'Not sent' : 'Sending…'}</span>
          </article>
        ))}
      </div>
      {farFromBottom ? (
        <button
          type="button"
          className="chat-scroll-bottom"
          aria-label="Scroll to the latest message"
          onClick={() =>
            scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: 'smooth' })
          }
        >
          <ArrowDown aria-hidden="true" width={18} height={18} />
        </button>
      ) : null}
    </div>
  );
}
