import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import { chatRoomId, parseChatRoomId } from '@facet/domain/chat';
import type { Db, Tx } from '../../db/client';
import { chatMessages, chatReads, chatRooms } from './chat.tables';
import {
  invitationsOfProject,
  projectById,
  projectForPro,
  projectWithStatus,
  type InvitationRow,
  type ProjectRow,
  type StatusRow,
} from '../projects/projects.reads';
import { peopleByIds, personById, type PersonRow } from '../accounts/accounts.reads';
import { notFound } from '../../platform/errors';
import type { UserRow } from '../accounts/accounts.reads';
import {
  CLOSED_MESSAGE,
  READ_ONLY_MESSAGE,
  refuse,
  typeOf,
  type ChatContext,
  type RoomAccess,
  type RoomRow,
} from './chat-shared';

/** One room per invitation of the project (created on first need); a chosen pro's room leaves pre-quote. */
export async function ensureRooms(tx: Db | Tx, projectId: string) {
  const project = await projectById(tx, projectId);
  if (!project) return [];
  const invited = await invitationsOfProject(tx, projectId);
  if (invited.length > 0) {
    await tx
      .insert(chatRooms)
      .values(
        invited.map((i) => ({
          id: chatRoomId({
            creatorId: project.customerId,
            designerId: i.proId,
            projectId: project.id,
            projectCreatedAt: project.createdAt,
          }),
          projectId: project.id,
          customerId: project.customerId,
          proId: i.proId,
          preQuote: i.status !== 'accepted',
        })),
      )
      .onConflictDoNothing();
    const accepted = invited.find((i) => i.status === 'accepted');
    if (accepted) {
      await tx
        .update(chatRooms)
        .set({ preQuote: false })
        .where(
          and(
            eq(chatRooms.projectId, projectId),
            eq(chatRooms.proId, accepted.proId),
            eq(chatRooms.preQuote, true),
          ),
        );
    }
  }
  return tx
    .select()
    .from(chatRooms)
    .where(eq(chatRooms.projectId, projectId))
    .orderBy(asc(chatRooms.createdAt), asc(chatRooms.id));
}

/** The project's rooms whose pro was not refused: where the project's news still goes. */
export async function openRooms(tx: Db | Tx, projectId: string) {
  const rooms = await ensureRooms(tx, projectId);
  const refused = new Set(
    (await invitationsOfProject(tx, projectId)).filter((i) => i.status === 'refused').map((i) => i.proId),
  );
  return rooms.filter((r) => !refused.has(r.proId));
}

/** Spec sections 4-6: may this member send in this room now? Throws the refusal. */
export function checkMaySend(access: RoomAccess, user: UserRow) {
  const { status, project } = access;
  // a refused pro's conversation is closed, whatever the project does next
  if (access.invitationStatus === 'refused') throw refuse('chat_closed', CLOSED_MESSAGE);
  if (`${status.id} ${status.name}`.toLowerCase().includes('cancel')) {
    throw refuse('project_cancelled', 'This project was cancelled, so its chat is closed.');
  }
  if (access.pro?.status === 'hold')
    throw refuse('designer_on_hold', 'Chat is closed while the designer is on hold.');
  if (status.position === 2 && user.id !== project.customerId) {
    throw refuse('payment_stage', 'Chat is paused while the customer makes the payment.');
  }
  if (access.room.preQuote) {
    if (access.invitationStatus === 'quoted') throw refuse('chat_read_only', READ_ONLY_MESSAGE);
    if (access.invitationStatus !== 'pending') throw refuse('chat_closed', CLOSED_MESSAGE);
  }
}

/** The room by id; a room of a real project that was not needed yet is created on the way. */
async function findRoom(db: Db, roomId: string): Promise<RoomRow | null> {
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
  if (room) return room;
  const parts = parseChatRoomId(roomId);
  if (!parts || !isUuid(parts.projectId)) return null;
  await ensureRooms(db, parts.projectId);
  const [created] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
  return created ?? null;
}

const isMemberOf = (user: UserRow, room: RoomRow) =>
  user.role === 'staff' ||
  (user.role === 'customer' && user.id === room.customerId) ||
  ((user.role === 'designer' || user.role === 'service') && user.id === room.proId);

/**
 * The member's view of a room from its rows (the room, its project with status and the room pro's
 * invitation, the pro), or null when the user is not a member (nothing is revealed). A room whose pro was
 * chosen is no longer pre-quote (`openChosenRoom` stores that).
 */
export function accessFrom(
  user: UserRow,
  room: RoomRow,
  found: { project: ProjectRow; status: StatusRow; invitation: InvitationRow | null } | undefined,
  pro: PersonRow | undefined,
): RoomAccess | null {
  if (!found || !isMemberOf(user, room)) return null;
  const { invitation } = found;
  const invitationStatus = invitation?.status ?? null;
  // a pro may chat only on their own projects: invited (or chosen)
  if (user.role !== 'staff' && user.role !== 'customer' && invitationStatus === null) return null;
  return {
    room: invitationStatus === 'accepted' && room.preQuote ? { ...room, preQuote: false } : room,
    project: found.project,
    status: found.status,
    invitationStatus,
    refusedAt: invitation?.status === 'refused' ? (invitation.answeredAt ?? null) : null,
    pro: pro ?? null,
    type: typeOf(user),
  };
}

/** Stores that a room whose pro was chosen left pre-quote, when its row still says otherwise. */
export async function openChosenRoom(db: Db | Tx, stored: RoomRow, access: RoomAccess) {
  if (stored.preQuote && !access.room.preQuote) {
    await db.update(chatRooms).set({ preQuote: false }).where(eq(chatRooms.id, stored.id));
  }
}

/** The member's view of a room, or null when the user is not a member (nothing is revealed). */
async function accessOf(db: Db, user: UserRow, roomId: string): Promise<RoomAccess | null> {
  const room = await findRoom(db, roomId);
  if (!room || !isMemberOf(user, room)) return null;
  const found = await projectForPro(db, room.projectId, room.proId);
  if (!found) return null;
  const access = accessFrom(user, room, found, await personById(db, room.proId));
  if (access) await openChosenRoom(db, room, access);
  return access;
}

/**
 * Messages of each room the viewer has not read, and whether it has messages from before the quote, in one
 * statement. Unread: the room's messages from others less the viewer's receipts in the room (a receipt is
 * only ever of another's message), two index-only counts per room; pre-chat: one probe of the partial index.
 */
async function roomCounts(db: Db, viewer: UserRow, roomIds: string[]) {
  const rows = await db
    .select({
      id: chatRooms.id,
      others: sql<number>`(select count(*) from ${chatMessages} m where m.room_id = chat_rooms.id and m.from_id is distinct from ${viewer.id})::int`,
      read: sql<number>`(select count(*) from ${chatReads} r where r.user_id = ${viewer.id} and r.room_id = chat_rooms.id)::int`,
      preChat: sql<boolean>`exists (select 1 from ${chatMessages} m where m.room_id = chat_rooms.id and m.pre_chat)`,
    })
    .from(chatRooms)
    .where(inArray(chatRooms.id, roomIds));
  return new Map(
    rows.map((row) => [
      row.id,
      { unreadCount: Math.max(0, row.others - row.read), hasPreChat: row.preChat === true },
    ]),
  );
}

/** Why the viewer cannot send in the room now, or null when they can. */
function sendDisabledReason(access: RoomAccess, viewer: UserRow): string | null {
  try {
    checkMaySend(access, viewer);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Rooms of a project the viewer may see: all of them for the customer and staff, their own for a pro.
 * Each room as accessOf sees it, from one read of the project, its invitations, the pros and the counts
 * (a handful of statements for the whole list, not a handful per room).
 */
async function listRooms(db: Db, viewer: UserRow, projectId: string) {
  if (!isUuid(projectId)) throw notFound('Project');
  const found = await projectWithStatus(db, projectId);
  if (!found) throw notFound('Project');
  const { project, status } = found;
  const rooms = await ensureRooms(db, projectId);
  const visible = rooms.filter(
    (r) =>
      viewer.role === 'staff' ||
      (viewer.role === 'customer' && viewer.id === project.customerId) ||
      r.proId === viewer.id,
  );
  if (visible.length === 0 && viewer.role !== 'staff' && viewer.id !== project.customerId)
    throw notFound('Project');
  const members = visible.filter((r) => isMemberOf(viewer, r));
  if (members.length === 0) return [];
  const invitationOfPro = new Map((await invitationsOfProject(db, projectId)).map((i) => [i.proId, i]));
  const pros = new Map(
    (
      await peopleByIds(
        db,
        members.map((r) => r.proId),
      )
    ).map((p) => [p.id, p]),
  );
  const counts = await roomCounts(
    db,
    viewer,
    members.map((r) => r.id),
  );
  const out = [];
  for (let room of members) {
    const invitation = invitationOfPro.get(room.proId);
    const invitationStatus = invitation?.status ?? null;
    // a pro may chat only on their own projects: invited (or chosen)
    if (viewer.role !== 'staff' && viewer.role !== 'customer' && invitationStatus === null) continue;
    if (invitationStatus === 'accepted' && room.preQuote) {
      await db.update(chatRooms).set({ preQuote: false }).where(eq(chatRooms.id, room.id));
      room = { ...room, preQuote: false };
    }
    const access: RoomAccess = {
      room,
      project,
      status,
      invitationStatus,
      refusedAt: invitation?.status === 'refused' ? (invitation.answeredAt ?? null) : null,
      pro: pros.get(room.proId) ?? null,
      type: typeOf(viewer),
    };
    const { unreadCount, hasPreChat } = counts.get(room.id) ?? { unreadCount: 0, hasPreChat: false };
    out.push({
      id: room.id,
      projectId: room.projectId,
      customerId: room.customerId,
      proId: room.proId,
      preQuote: room.preQuote,
      invitationStatus,
      lastSeq: room.lastSeq,
      unreadCount,
      hasPreChat,
      /** Why the viewer cannot send now (null: they can). */
      sendDisabledReason: sendDisabledReason(access, viewer),
    });
  }
  return out;
}

/** Chat rooms: membership, access and the list of a project's rooms. */
export function chatRoomsPart({ db }: ChatContext) {
  return {
    accessOf: (user: UserRow, roomId: string) => accessOf(db, user, roomId),
    async requireAccess(user: UserRow, roomId: string) {
      const access = await accessOf(db, user, roomId);
      if (!access) throw notFound('Chat room');
      return access;
    },
    listRooms: (viewer: UserRow, projectId: string) => listRooms(db, viewer, projectId),
  };
}

export type ChatRoomsPart = ReturnType<typeof chatRoomsPart>;
