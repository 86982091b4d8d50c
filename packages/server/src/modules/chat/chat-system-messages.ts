import { randomUUID } from 'node:crypto';
import type { Receive3dModelPayload } from '@facet/domain/chat';
import type { Db, Tx } from '../../db/client';
import {
  claimStatusMove,
  holdProject,
  itemsOfProject,
  projectAudience,
  projectById,
  unannouncedStatusMoves,
} from '../projects/projects.reads';
import { insertMessage, toMessage } from './chat-message-store';
import { openRooms } from './chat-rooms';
import type { ChatContext, ChatEmitter, MessageRow } from './chat-shared';

type Posted = { room: string; message: MessageRow }[];
type ModelFile = { id: string; name: string; kind: string; itemId: string | null };

/** One system message (type ai) in every room of the project, once per key; returns those newly stored. */
async function postToProject(
  tx: Tx,
  projectId: string,
  text: string,
  options: { key: string; actorId: string | null; statusId: string | null; createdAt?: Date },
): Promise<Posted> {
  await holdProject(tx, projectId);
  const posted: Posted = [];
  // a refused pro's conversation is closed: the project's news no longer reaches it
  for (const room of await openRooms(tx, projectId)) {
    const { row, created } = await insertMessage(tx, {
      roomId: room.id,
      projectId,
      clientId: options.key,
      fromId: options.actorId,
      type: 'ai',
      message: text,
      general: true,
      status: options.statusId,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    });
    if (created) posted.push({ room: room.id, message: row });
  }
  return posted;
}

/** Each posted message goes to its room as getMessage and getMoveStatus. */
async function announceMoves(db: Db, emitter: ChatEmitter | null, posted: Posted, projectId: string) {
  if (posted.length === 0 || !emitter) return;
  const project = await projectById(db, projectId);
  for (const { room, message } of posted) {
    const saved = toMessage(message, null, false);
    emitter.message(room, saved);
    emitter.moveStatus(room, {
      projectId,
      completed: project?.completed ?? false,
      error: null,
      modelFiles: [],
      service: project?.service ?? false,
      serviceCompleted: Boolean(project?.service && project.completed),
      savedMessage: saved,
      approved: project?.completed ?? false,
      lastEmailSent: null,
    });
  }
}

/**
 * 3D model files just added to a project: each goes to the project's rooms as receive-3d-model
 * (a delivery to the chosen pro's room only, as only they and the customer may open it).
 */
async function modelFilesAdded(
  { db, emitter }: ChatContext,
  projectId: string,
  files: ModelFile[],
): Promise<Receive3dModelPayload[]> {
  const project = await projectById(db, projectId);
  if (!project || files.length === 0) return [];
  const rooms = await openRooms(db, projectId);
  const [firstItem] = await itemsOfProject(db, projectId);
  const sent: Receive3dModelPayload[] = [];
  for (const file of files) {
    const payload: Receive3dModelPayload = {
      fileName: file.name,
      fileType: file.name.split('.').pop()?.toLowerCase() ?? '',
      fileUrl: `/api/projects/${projectId}/attachments/${file.id}`,
      itemId: file.itemId ?? firstItem?.id ?? '',
    };
    const to = rooms.filter((r) => file.kind !== 'delivery' || r.proId === project.proId);
    for (const room of to) emitter.current?.model(room.id, payload);
    sent.push(payload);
  }
  return sent;
}

/** The status move reaches every party still entitled to the project on their own channel (issue 16). */
async function tellParties({ db, news }: ChatContext, projectId: string) {
  if (!news) return;
  const audience = await projectAudience(db, projectId);
  if (!audience) return;
  news.send(
    { users: [audience.customerId, ...audience.proIds], staff: true },
    { projectId, kind: 'status', offerId: null },
  );
}

/** Project news in the rooms: system messages, the projects module's status moves, 3D model files. */
export function chatSystemMessagesPart(ctx: ChatContext) {
  const { db, emitter } = ctx;
  const announce = (posted: Posted, projectId: string) =>
    announceMoves(db, emitter.current, posted, projectId);

  return {
    modelFilesAdded: (projectId: string, files: ModelFile[]) => modelFilesAdded(ctx, projectId, files),

    /** A system message (type ai) in every room of the project, with getMessage and getMoveStatus. */
    async postSystemMessage(
      projectId: string,
      text: string,
      options: { actorId?: string | null; statusId?: string | null } = {},
    ) {
      const posted = await db.transaction((tx) =>
        postToProject(tx, projectId, text, {
          key: `system:${randomUUID()}`,
          actorId: options.actorId ?? null,
          statusId: options.statusId ?? null,
        }),
      );
      await announce(posted, projectId);
      return posted.map((p) => toMessage(p.message, null, false));
    },

    /**
     * Posts the projects module's status moves not yet in the rooms. Any node may run it at any time:
     * each move is claimed once (projects' `claimStatusMove`) in the same transaction that posts it.
     */
    async syncProjectEvents(limit = 50) {
      const pending = await unannouncedStatusMoves(db, limit);
      let count = 0;
      for (const event of pending) {
        const { claimed, posted } = await db.transaction(async (tx) => {
          await holdProject(tx, event.projectId);
          if (!(await claimStatusMove(tx, event.id))) return { claimed: false, posted: [] };
          const stored = await postToProject(tx, event.projectId, event.message, {
            key: `event:${event.id}`,
            actorId: event.actorId,
            statusId: event.statusId,
          });
          return { claimed: true, posted: stored };
        });
        count += posted.length;
        await announce(posted, event.projectId);
        if (claimed) await tellParties(ctx, event.projectId);
      }
      return count;
    },
  };
}
