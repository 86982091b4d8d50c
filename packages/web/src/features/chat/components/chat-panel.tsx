import { useState } from 'react';
import { MessagesSquare } from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { Avatar, EmptyState, Skeleton } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import type { ProjectDetail } from '../../projects/api/types';
import { useChatRooms } from '../api/chat-api';
import type { ChatRoom } from '../api/chat-api';
import { ChatPane } from './chat-pane';
import './chat.css';

/** Who a conversation is with, from the viewer's side: the invited pro, or the project's creator for a pro. */
function counterpart(project: ProjectDetail, room: ChatRoom, viewerId: string) {
  if (room.proId === viewerId) return project.team.creator;
  return project.offers.find((o) => o.pro.id === room.proId)?.pro ?? project.team.pro ?? project.team.creator;
}

/** Spec section 2, Messages: the project's conversation list and the chosen conversation's chat pane. */
export function ChatPanel({ project }: { project: ProjectDetail }) {
  const { user } = useAuth();
  const rooms = useChatRooms(project.id);
  const [chosen, setChosen] = useState<string | null>(null);

  // Spec section 6: in the payment stage the customer sees no chat pane.
  if (!user || (project.activeStatus.position === 2 && project.viewerRole === 'customer')) return null;
  if (rooms.isPending) return <Skeleton height="24rem" radius="lg" />;
  if (rooms.isError) return <p role="alert">{errorMessage(rooms.error)}</p>;
  const list = rooms.data;
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<MessagesSquare />}
        title="No conversations yet"
        description="Invite someone to start one."
      />
    );
  }
  const room = list.find((r) => r.id === chosen) ?? list[0]!;
  const other = counterpart(project, room, user.id);

  return (
    <div className="chat-panel">
      <nav className="chat-rooms" aria-label="Conversations">
        <ul>
          {list.map((r) => {
            const person = counterpart(project, r, user.id);
            return (
              <li key={r.id}>
                <button
                  type="button"
                  className="chat-rooms__item"
                  aria-current={r.id === room.id ? 'true' : undefined}
                  onClick={() => setChosen(r.id)}
                >
                  <Avatar
                    size="sm"
                    firstName={person.firstName}
                    lastName={person.lastName}
                    src={person.avatarUrl}
                  />
                  <span className="chat-rooms__name">{person.name}</span>
                  {r.unreadCount > 0 && r.id !== room.id ? (
                    <span className="chat-rooms__unread" aria-label={`${r.unreadCount} unread`}>
                      {r.unreadCount}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <ChatPane key={room.id} project={project} room={room} viewer={user} title={`Chat with ${other.name}`} />
    </div>
  );
}

/**
 * The project page's Messages section (outside the Invite page tabs): shown when the viewer has a
 * conversation on the project, hidden for the customer in the payment stage.
 */
export function ProjectMessages({ project }: { project: ProjectDetail }) {
  const rooms = useChatRooms(project.id);
  if (project.activeStatus.position === 2 && project.viewerRole === 'customer') return null;
  if (!rooms.data?.length) return null;
  return (
    <section aria-labelledby="messages-title" className="chat-section">
      <h2 id="messages-title" className="team-card__title">
        Messages
      </h2>
      <ChatPanel project={project} />
    </section>
  );
}
