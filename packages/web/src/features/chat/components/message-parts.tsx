import { formatDays, formatMoney, formatBytes, formatTime } from '@facet/domain/format';
import type { ReactNode } from 'react';
import { Check, CheckCheck, FileText, Pin, PinOff } from 'lucide-react';
import { QUOTE_CARD_STATUSES, QUOTE_STATUS_LABELS, type QuoteCardStatus } from '@facet/domain/chat';
import type { PendingMessage } from '../hooks/use-chat-room';
import type { ChatMessage } from '../api/chat-api';

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

/** The New Messages divider before the first unread message. */
export function NewMessagesDivider() {
  return (
    <div className="chat-divider" role="separator">
      <span>New Messages</span>
    </div>
  );
}

/** The production team's pin button, or for everyone else a mark on a pinned message. */
export function PinControl({
  message,
  onTogglePin,
}: {
  message: ChatMessage;
  onTogglePin?: (message: ChatMessage) => void;
}) {
  if (onTogglePin) {
    return (
      <button
        type="button"
        className="chat-pin-button"
        aria-label={message.pinned ? 'Unpin message' : 'Pin message'}
        title={message.pinned ? 'Unpin message' : 'Pin message'}
        aria-pressed={message.pinned}
        onClick={() => onTogglePin(message)}
      >
        {message.pinned ? (
          <PinOff aria-hidden="true" width={14} height={14} />
        ) : (
          <Pin aria-hidden="true" width={14} height={14} />
        )}
      </button>
    );
  }
  return message.pinned ? (
    <span className="chat-pinned-mark" aria-label="Pinned" title="Pinned">
      <Pin aria-hidden="true" width={12} height={12} />
    </span>
  ) : null;
}

/** Sent or Read, on the viewer's own messages. */
function DeliveryMark({ read }: { read: boolean }) {
  return read ? (
    <span className="chat-msg__read" aria-label="Read" title="Read">
      <CheckCheck aria-hidden="true" width={14} height={14} />
    </span>
  ) : (
    <span aria-label="Sent" title="Sent">
      <Check aria-hidden="true" width={14} height={14} />
    </span>
  );
}

/** One stored message of a person: its text or quote card, attachment, pin, time and delivery mark. */
export function MessageBubble({
  message: m,
  mine,
  read,
  from,
  pin,
  quoteActions,
}: {
  message: ChatMessage;
  mine: boolean;
  read: boolean;
  from: string;
  pin: ReactNode;
  quoteActions?: (message: ChatMessage) => ReactNode;
}) {
  return (
    <article
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
        {pin}
        <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
        {mine ? <DeliveryMark read={read} /> : null}
      </span>
    </article>
  );
}

/** A message of the viewer's not yet acknowledged: Sending…, or Not sent. */
export function PendingBubble({ pending }: { pending: PendingMessage }) {
  return (
    <article className="chat-msg chat-msg--mine chat-msg--pending">
      <p className="chat-msg__text">{pending.message}</p>
      <span className="chat-msg__meta">{pending.failed ? 'Not sent' : 'Sending…'}</span>
    </article>
  );
}
