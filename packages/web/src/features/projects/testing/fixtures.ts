import type { ChatRoom } from '../../chat';
import type { Offer, PersonRef, ProjectDetail, TeamMember } from '../api/types';

export function person(id: string, first: string, last: string, role: PersonRef['role']): PersonRef {
  return {
    id,
    role,
    firstName: first,
    lastName: last,
    name: `${first} ${last}`,
    shortName: `${first} ${last.charAt(0)}.`,
    initials: `${first.charAt(0)}${last.charAt(0)}`,
    avatarUrl: null,
  };
}

export const customer = person('u1', 'Ada', 'Lovelace', 'customer');
export const claire = person('d1', 'Claire', 'Dubois', 'designer');
export const marco = person('d2', 'Marco', 'Rossi', 'designer');

export function offer(id: string, pro: PersonRef, o: Partial<Offer> = {}): Offer {
  return {
    id,
    projectId: 'p1',
    status: 'pending',
    pro: { ...pro, label: 'CAD Designer' },
    priceCents: null,
    leadTimeDays: null,
    invitedAt: '2026-03-01T10:00:00.000Z',
    quotedAt: null,
    answeredAt: null,
    refusedBy: null,
    ...o,
  };
}

const member = (p: PersonRef, label: TeamMember['label'], profileUrl: string | null = null): TeamMember => ({
  ...p,
  label,
  online: false,
  profileUrl,
});

/** The room of project p1 between Ada (u1) and Claire (d1), after she was chosen; open to send. */
export function chatRoom(o: Partial<ChatRoom> = {}): ChatRoom {
  return {
    id: 'r1',
    projectId: 'p1',
    customerId: 'u1',
    proId: 'd1',
    preQuote: false,
    invitationStatus: 'accepted',
    lastSeq: 0,
    unreadCount: 0,
    hasPreChat: false,
    sendDisabledReason: null,
    ...o,
  };
}

export function project(o: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: 'p1',
    title: 'Wedding band',
    description: 'A thin gold band',
    projectType: 'single-item',
    service: false,
    activeStatus: { id: 'design-invite', name: 'Invite Designers', position: 1 },
    activeStatusId: 'design-invite',
    completed: false,
    sentInvite: true,
    phase: 'invited',
    creator: customer,
    pro: null,
    totalPriceCents: null,
    leadTimeDays: null,
    dueAt: null,
    lateness: null,
    itemCount: 1,
    coverImageUrl: null,
    offerCount: 0,
    quotedCount: 0,
    myInvitation: null,
    filesDelivered: false,
    deliveredAt: null,
    completedAt: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    items: [
      {
        id: 'i1',
        projectId: 'p1',
        title: 'Wedding band',
        category: 'Jewelry',
        itemType: 'Ring',
        description: 'A thin gold band',
        dimensions: [{ width: '18' }, { thickness: '2 mm' }],
        tags: [],
        images: [],
        modelId: null,
        model: null,
      },
    ],
    attachments: [],
    team: { creator: member(customer, 'Creator'), pro: null, productionTeam: [] },
    offers: [],
    changeRequest: null,
    leadTimeChange: null,
    rating: null,
    canInvite: true,
    viewerRole: 'customer',
    allowedActions: ['edit', 'delete', 'invite', 'accept-offer', 'decline-offer'],
    ...o,
  };
}

export { member };
