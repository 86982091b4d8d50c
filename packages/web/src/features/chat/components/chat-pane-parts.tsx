import type { ChatParticipant, TypingUser } from '@facet/domain/chat';

/** The other participants with their online dots. */
export function ChatPeople({
  others,
  online,
  names,
}: {
  others: readonly ChatParticipant[];
  online: readonly string[];
  names: ReadonlyMap<string, string>;
}) {
  return (
    <ul className="chat-people" aria-label="Participants">
      {others.map((p) => {
        const isOnline = online.includes(p.id);
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
  );
}

/** "Anna is typing…", "Anna, Ben are typing…", or an empty line. */
export function TypingLine({ typing }: { typing: readonly TypingUser[] }) {
  return (
    <p className="chat-typing" aria-live="polite">
      {typing.length
        ? `${typing.map((u) => u.fullName).join(', ')} ${typing.length > 1 ? 'are' : 'is'} typing…`
        : ''}
    </p>
  );
}
