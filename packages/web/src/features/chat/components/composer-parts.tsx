import { useRef } from 'react';
import { Paperclip } from 'lucide-react';
import type { MentionOption } from '@facet/domain/chat';
import { Avatar } from '../../../components/ui';

/** The participants list that @ opens above the message box. */
export function MentionList({
  listId,
  options,
  current,
  onPick,
}: {
  listId: string;
  options: readonly MentionOption[];
  current: number;
  onPick: (option: MentionOption) => void;
}) {
  return (
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
              onPick(option);
            }}
          >
            <Avatar size="sm" firstName={firstName} lastName={rest.join(' ')} src={option.profileImage} />
            <span>{option.fullName}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** A file upload under way: its share done, 0..1. */
export function UploadProgress({ progress }: { progress: number }) {
  return (
    <div className="chat-upload">
      <span>Uploading {Math.round(progress * 100)}%</span>
      <progress max={1} value={progress} aria-label="Upload progress" />
    </div>
  );
}

/** The paperclip button and the hidden file input it opens. */
export function AttachButton({ disabled, onAttach }: { disabled: boolean; onAttach: (file: File) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="chat-icon-button"
        aria-label="Attach a file"
        disabled={disabled}
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
  );
}
