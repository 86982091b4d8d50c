import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { Paperclip, SendHorizontal } from 'lucide-react';
import { activeMentionQuery, buildMentionList, insertMention, TYPING_REFRESH_MS } from '@facet/domain/chat';
import type { ChatParticipant, MentionOption } from '@facet/domain/chat';
import { Avatar } from '../../../components/ui';

/** How often a "still typing" is repeated while keys keep coming, and when a pause counts as stopped. */
const TYPING_REPEAT_MS = TYPING_REFRESH_MS;
const TYPING_IDLE_MS = 2000;

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
  const box = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const typingSent = useRef(false);
  const repeatDue = useRef(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listId = useId();
  const disabled = Boolean(disabledReason);

  const active = disabled ? null : activeMentionQuery(text, caret);
  const options: MentionOption[] =
    active && active.start !== dismissedAt
      ? buildMentionList(participants, active.query, { excludeId: viewerId })
      : [];
  const open = options.length > 0;
  const current = Math.min(highlight, Math.max(options.length - 1, 0));

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [text]);

  useEffect(
    () => () => {
      if (idleTimer.current) clearTimeout(idleTimer.current);
    },
    [],
  );

  function stopTyping() {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = null;
    if (typingSent.current) onTyping?.(false);
    typingSent.current = false;
    repeatDue.current = false;
  }

  /** Says "typing" on the first key and again every second while keys keep coming; a 2 s pause stops it. */
  function noteTyping() {
    if (!onTyping) return;
    if (!typingSent.current || repeatDue.current) {
      onTyping(true);
      typingSent.current = true;
      repeatDue.current = false;
      setTimeout(() => {
        repeatDue.current = true;
      }, TYPING_REPEAT_MS);
    }
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }

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
    placeCaretAt.current = next.caret;
  }

  // After a mention is inserted the caret goes right behind it in the same commit as the new text, before the
  // next key press can land anywhere else.
  const placeCaretAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = placeCaretAt.current;
    if (at === null) return;
    placeCaretAt.current = null;
    box.current?.focus();
    box.current?.setSelectionRange(at, at);
  }, [text]);

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
      {open ? (
        <ul className="chat-mentions" role="listbox" id={listId} aria-label="Mention someone">
          {options.map((option, index) => {
            const [firstName, ...rest] = option.fullName.split(' ');
            return (
              <li
                key={option.id}
                id={`${listId}-${option.id}`}
                role="option"
                aria-selected={index === current}
                className="chat-mentions__option"
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(option);
                }}
              >
                <Avatar size="sm" firstName={firstName} lastName={rest.join(' ')} src={option.profileImage} />
                <span>{option.fullName}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {uploadProgress !== null && uploadProgress !== undefined ? (
        <div className="chat-upload">
          <span>Uploading {Math.round(uploadProgress * 100)}%</span>
          <progress max={1} value={uploadProgress} aria-label="Upload progress" />
        </div>
      ) : null}
      <div className="chat-composer__row">
        {onAttach ? (
          <>
            <button
              type="button"
              className="chat-icon-button"
              aria-label="Attach a file"
              disabled={disabled || (uploadProgress !== null && uploadProgress !== undefined)}
              onClick={() => fileInput.current?.click()}
            >
              <Paperclip aria-hidden="true" width={18} height={18} />
            </button>
            <input
              ref={fileInput}
              type="file"
              hidden
              data-testid="chat-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) onAttach(file);
              }}
            />
          </>
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
