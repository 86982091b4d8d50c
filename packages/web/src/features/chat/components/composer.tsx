import { useId, useState } from 'react';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { activeMentionQuery, buildMentionList, insertMention } from '@facet/domain/chat';
import type { ChatParticipant, MentionOption } from '@facet/domain/chat';
import { useMessageBox } from '../hooks/use-message-box';
import { useTypingSignal } from '../hooks/use-typing-signal';
import { AttachButton, MentionList, UploadProgress } from './composer-parts';

export type ComposerProps = {
  participants: readonly ChatParticipant[];
  viewerId: string;
  /** Why sending is off (read-only, payment stage, …); the composer is shown disabled with this text. */
  disabledReason?: string | null;
  /** Resolves true when the message was accepted, so the text is cleared. */
  onSend: (text: string, mentions: string[]) => Promise<boolean>;
  onTyping?: (typing: boolean) => void;
  onAttach?: (file: File) => void;
  /** 0..1 while a file uploads. */
  uploadProgress?: number | null;
};

/**
 * The message box (spec sections 2 and 5): auto-growing textarea up to 6rem, Enter sends, Shift+Enter
 * adds a line, empty text is never sent, @ opens the participants list (arrows and Enter select).
 */
export function Composer({
  participants,
  viewerId,
  disabledReason,
  onSend,
  onTyping,
  onAttach,
  uploadProgress,
}: ComposerProps) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [highlight, setHighlight] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [mentioned, setMentioned] = useState<string[]>([]);
  const listId = useId();
  const disabled = Boolean(disabledReason);
  const { noteTyping, stopTyping } = useTypingSignal(onTyping);
  const { box, placeCaret } = useMessageBox(text);

  const active = disabled ? null : activeMentionQuery(text, caret);
  const options: MentionOption[] =
    active && active.start !== dismissedAt
      ? buildMentionList(participants, active.query, { excludeId: viewerId })
      : [];
  const open = options.length > 0;
  const current = Math.min(highlight, Math.max(options.length - 1, 0));

  function onChange(event: ChangeEvent<HTMLTextAreaElement>) {
    setText(event.target.value);
    setCaret(event.target.selectionStart);
    setHighlight(0);
    if (event.target.value.trim()) noteTyping();
  }

  function pick(option: MentionOption) {
    const next = insertMention(text, caret, option);
    setDismissedAt(active?.start ?? null); // the picked mention is done; a new @ opens the list again
    setText(next.text);
    setCaret(next.caret);
    setMentioned((ids) => (ids.includes(option.id) ? ids : [...ids, option.id]));
    placeCaret(next.caret);
  }

  async function submit() {
    const message = text.trim();
    if (!message || disabled || sending) return;
    setSending(true);
    stopTyping();
    try {
      const ok = await onSend(
        message,
        mentioned.filter((id) => participants.some((p) => p.id === id)),
      );
      if (ok) {
        setText('');
        setCaret(0);
        setMentioned([]);
      }
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open) {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setHighlight((current + 1) % options.length);
        return;
      }
      if (event.key === 'ArrowUp') {
        event.preventDefault();
        setHighlight((current - 1 + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(options[current]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(active?.start ?? null);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  const empty = text.trim() === '';
  return (
    <div className="chat-composer">
      {open ? <MentionList listId={listId} options={options} current={current} onPick={pick} /> : null}
      {uploadProgress !== null && uploadProgress !== undefined ? (
        <UploadProgress progress={uploadProgress} />
      ) : null}
      <div className="chat-composer__row">
        {onAttach ? (
          <AttachButton
            disabled={disabled || (uploadProgress !== null && uploadProgress !== undefined)}
            onAttach={onAttach}
          />
        ) : null}
        <textarea
          ref={box}
          className="chat-composer__input"
          rows={1}
          aria-label="Message"
          placeholder={disabled ? '' : 'Write a message… (@ to mention)'}
          title={disabledReason ?? undefined}
          value={text}
          disabled={disabled}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onBlur={stopTyping}
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${options[current]!.id}` : undefined}
        />
        <button
          type="button"
          className="chat-send"
          aria-label="Send"
          disabled={disabled || empty || sending}
          onClick={() => void submit()}
        >
          <SendHorizontal aria-hidden="true" width={18} height={18} />
        </button>
      </div>
    </div>
  );
}
