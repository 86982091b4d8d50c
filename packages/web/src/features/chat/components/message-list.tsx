import { formatDays, formatMoney, formatBytes, formatTime } from '@facet/domain/format';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ArrowDown, Check, CheckCheck, FileText, Pin, PinOff } from 'lucide-react';
import {
  QUOTE_CARD_STATUSES,
  QUOTE_STATUS_LABELS,
  type ChatMessage,
  type QuoteCardStatus,
} from '@facet/domain/chat';
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
  /** What the list says when it has nothing (default: an invitation to say hello). */
  emptyText?: string;
  /** The viewer's buttons on a quote card (the customer's Accept and Decline), if any. */
  quoteActions?: (message: ChatMessage) => ReactNode;
  /** Given to the production team: pins or unpins a message. */
  onTogglePin?: (message: ChatMessage) => void;
};

const quoteStatus = (status: string | null): QuoteCardStatus =>
  (QUOTE_CARD_STATUSES as readonly string[]).includes(status ?? '') ? (status as QuoteCardStatus) : 'pending';

/** Spec section 2, quote card: the pro's offer with Total Offer, Lead Time and its status. */
function QuoteCard({ message, from, actions }: { message: ChatMessage; from: string; actions: ReactNode }) {
  const status = quoteStatus(message.status);
  return (
    <div className="chat-quote" aria-label={`Quote from ${from}`} role="group">
      <p className="chat-quote__title">Quote</p>
      <dl className="chat-quote__terms">
        <div>
          <dt>Total Offer</dt>
          <dd>{formatMoney(message.priceCents ?? 0, { fraction: 'when-needed' })}</dd>
        </div>
        <div>
          <dt>Lead Time</dt>
          <dd>{formatDays(message.leadTimeDays ?? 0)}</dd>
        </div>
      </dl>
      <p className={`chat-quote__status chat-quote__status--${status}`}>
        <span className="visually-hidden">Status: </span>
        {QUOTE_STATUS_LABELS[status]}
      </p>
      {actions ? <div className="chat-quote__actions">{actions}</div> : null}
    </div>
  );
}

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

  // a message that grows where it is (a quote card gaining its buttons, a changed status) keeps the
  // list at the bottom when it was there
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => {
      if (nearBottom.current && !first.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);

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
          <p className="chat-list__empty">{emptyText}</p>
        ) : null}
        {messages.map((m, index) => {
          const mine = m.from === viewerId;
          const divider =
            index === dividerIndex ? (
              <div className="chat-divider" role="separator" key={`divider-${m.id}`}>
                <span>New Messages</span>
              </div>
            ) : null;
          const pinButton = onTogglePin ? (
            <button
              type="button"
              className="chat-pin-button"
              aria-label={m.pinned ? 'Unpin message' : 'Pin message'}
              title={m.pinned ? 'Unpin message' : 'Pin message'}
              aria-pressed={m.pinned}
              onClick={() => onTogglePin(m)}
            >
              {m.pinned ? (
                <PinOff aria-hidden="true" width={14} height={14} />
              ) : (
                <Pin aria-hidden="true" width={14} height={14} />
              )}
            </button>
          ) : m.pinned ? (
            <span className="chat-pinned-mark" aria-label="Pinned" title="Pinned">
              <Pin aria-hidden="true" width={12} height={12} />
            </span>
          ) : null;
          if (m.type === 'ai') {
            return [
              divider,
              <p key={m.id} className="chat-system">
                {m.message}
                {pinButton}
              </p>,
            ];
          }
          const read = m.read || readIds.has(m.id);
          const from = names.get(m.from ?? '') ?? 'Participant';
          return [
            divider,
            <article
              key={m.id}
              className={`chat-msg${mine ? ' chat-msg--mine' : ''}${m.isQuote ? ' chat-msg--quote' : ''}`}
              data-seq={m.seq}
            >
              {!mine ? <span className="chat-msg__from">{from}</span> : null}
              {m.isQuote ? (
                <QuoteCard message={m} from={from} actions={quoteActions?.(m)} />
              ) : m.message ? (
                <p className="chat-msg__text">{m.message}</p>
              ) : null}
              {m.attachment ? (
                <a className="chat-msg__file" href={m.attachment.url} download={m.attachment.name}>
                  <FileText aria-hidden="true" width={16} height={16} />
                  <span>{m.attachment.name}</span>
                  <small>{formatBytes(m.attachment.sizeBytes, { fixedDecimals: true })}</small>
                </a>
              ) : null}
              <span className="chat-msg__meta">
                {pinButton}
                <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
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
