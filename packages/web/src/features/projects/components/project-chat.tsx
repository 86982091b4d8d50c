import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import type { ChatParticipant } from '@facet/domain/chat';
import { useAuth } from '../../../app/auth';
import { Avatar, Button, EmptyState, Skeleton } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import { ChatPane, useChatRooms } from '../../chat';
import type { ChatMessage, ChatRoom } from '../../chat';
import { projectKeys } from '../api/types';
import type { ProjectDetail } from '../api/types';
import { useOfferDecision } from './offer-decision';

/** The room's people for mentions and sender names: production team, the room's pro, the creator. */
export function roomParticipants(project: ProjectDetail, room: ChatRoom): ChatParticipant[] {
  const people: ChatParticipant[] = project.team.productionTeam.map((p) => ({
    id: p.id,
    role: 'product',
    firstName: p.firstName,
    lastName: p.lastName,
    profileImage: p.avatarUrl,
  }));
  const pro =
    project.offers.find((o) => o.pro?.id === room.proId)?.pro ??
    (project.team.pro?.id === room.proId ? project.team.pro : null);
  if (pro) {
    people.push({
      id: pro.id,
      role: pro.role === 'service' ? 'service' : 'designer',
      firstName: pro.firstName,
      lastName: pro.lastName,
      profileImage: pro.avatarUrl,
    });
  }
  const creator = project.team.creator;
  people.push({
    id: creator.id,
    role: 'user',
    firstName: creator.firstName,
    lastName: creator.lastName,
    profileImage: creator.avatarUrl,
  });
  return people;
}

/**
 * A project's conversation: the chat feature's pane, told who is in the room, when the project must be
 * fetched again, and given the customer's Accept and Decline under a pending quote card.
 */
function ProjectChatPane({
  project,
  room,
  viewer,
  title,
}: {
  project: ProjectDetail;
  room: ChatRoom;
  viewer: Me;
  title: string;
}) {
  const queryClient = useQueryClient();
  const decision = useOfferDecision(project);
  const participants = useMemo(() => roomParticipants(project, room), [project, room]);

  function quoteActions(message: ChatMessage) {
    if (!decision.canDecide || message.status !== 'pending') return null;
    const offer = project.offers.find((o) => o.id === message.offerId);
    if (!offer || offer.status !== 'quoted') return null;
    return (
      <>
        <Button size="sm" onClick={() => decision.ask(offer, 'accept')}>
          Accept
        </Button>
        <Button size="sm" variant="secondary" onClick={() => decision.ask(offer, 'decline')}>
          Decline
        </Button>
      </>
    );
  }

  return (
    <ChatPane
      room={room}
      viewer={viewer}
      title={title}
      projectId={project.id}
      participants={participants}
      paymentStage={project.activeStatus.position === 2}
      onProjectChanged={() =>
        void queryClient.invalidateQueries({ queryKey: projectKeys.detail(project.id) })
      }
      quoteActions={quoteActions}
    >
      {decision.dialogs}
    </ChatPane>
  );
}

/** Who a conversation is with, from the viewer's side: the invited pro, or the project's creator for a pro. */
function counterpart(project: ProjectDetail, room: ChatRoom, viewerId: string) {
  if (room.proId === viewerId) return project.team.creator;
  return (
    project.offers.find((o) => o.pro?.id === room.proId)?.pro ?? project.team.pro ?? project.team.creator
  );
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
  // the chosen pro's conversation first (after an accept), else one still open, never a closed one first
  const preferred =
    list.find((r) => project.team.pro !== null && r.proId === project.team.pro.id) ??
    list.find((r) => r.invitationStatus !== 'refused') ??
    list[0]!;
  const room = list.find((r) => r.id === chosen) ?? preferred;
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
      <ProjectChatPane
        key={room.id}
        project={project}
        room={room}
        viewer={user}
        title={`Chat with ${other.name}`}
      />
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
