import type { Readable } from 'node:stream';
import { isUuid } from '@facet/domain/rules';
import { eq } from 'drizzle-orm';
import {
  CHAT_FILE_EXTENSIONS,
  FILE_FORMAT_NOT_SUPPORTED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_CHAT_FILE_BYTES,
} from '@facet/domain/chat';
import type { Db, Tx } from '../../db/client';
import { chatAttachments } from './chat.tables';
import { AppError, notFound } from '../../platform/errors';
import {
  withStoredFiles,
  filesService,
  recordFileRows,
  type ReceivedFile,
} from '../../platform/files/files.service';
import type { UserRow } from '../accounts/accounts.reads';
import { contactDetailsChecks } from './chat-contact-details';
import { checkMaySend, type ChatRoomsPart } from './chat-rooms';
import { type AttachmentRow, type ChatContext } from './chat-shared';

const unsupported = () => new AppError('unsupported_file', FILE_FORMAT_NOT_SUPPORTED_MESSAGE, 400);

/** The links with their stored files (a link whose file is gone is left out). */
export const withFiles = (
  tx: Db | Tx,
  links: (typeof chatAttachments.$inferSelect)[],
): Promise<AttachmentRow[]> => withStoredFiles(tx, links);

/** The attachment of a received file; the file is removed again when its rows cannot be written. */
async function recordAttachment(
  { db, storage }: ChatContext,
  roomId: string,
  received: ReceivedFile,
  uploadedBy: string,
) {
  try {
    const link = await db.transaction(async (tx) => {
      const [file] = await recordFileRows(tx, [received], {
        purpose: 'chat',
        ownerId: uploadedBy,
        nameLength: 255,
      });
      const [row] = await tx.insert(chatAttachments).values({ roomId, fileId: file!.id }).returning();
      return { id: row!.id, file: file! };
    });
    return {
      id: link.id,
      name: link.file.name,
      sizeBytes: link.file.sizeBytes,
      contentType: link.file.contentType,
      url: `/api/attachments/${link.id}`,
    };
  } catch (error) {
    await storage.remove(received.key).catch(() => undefined);
    throw error;
  }
}

/** Chat files: streamed upload with name, content and size checks; download by members. */
export function chatAttachmentsPart(ctx: ChatContext, rooms: ChatRoomsPart) {
  const contact = contactDetailsChecks(ctx);
  const stored = filesService(ctx);

  return {
    /**
     * Stores a chat file as it arrives: the name is checked before any byte is read, the content by its
     * first bytes, and the size while streaming into storage (past 100 MB the upload is refused and
     * nothing is kept). Memory holds one chunk at a time, never the file.
     */
    async addAttachment(user: UserRow, roomId: string, file: { name: string; stream: Readable }) {
      try {
        checkMaySend(await rooms.requireAccess(user, roomId), user);
      } catch (error) {
        // the rest of the refused file is read and dropped, so the request ends and the answer arrives
        file.stream.resume();
        throw error;
      }
      const received = await stored.receive(file, {
        folder: `chat/${roomId.slice(-40)}`,
        checked: CHAT_FILE_EXTENSIONS,
        maxBytes: MAX_CHAT_FILE_BYTES,
        unsupported,
        tooLarge: () => new AppError('file_too_large', FILE_TOO_LARGE_MESSAGE, 413),
        checkName: (name) => contact.checkFileName(name),
      });
      return recordAttachment(ctx, roomId, received, user.id);
    },

    async openAttachment(user: UserRow, attachmentId: string) {
      if (!isUuid(attachmentId)) throw notFound('Attachment');
      const [row] = await withFiles(
        ctx.db,
        await ctx.db.select().from(chatAttachments).where(eq(chatAttachments.id, attachmentId)),
      );
      if (!row || !(await rooms.accessOf(user, row.roomId))) throw notFound('Attachment');
      const stream = await ctx.storage.get(row.storageKey);
      if (!stream) throw notFound('Attachment');
      return { row, stream };
    },
  };
}
