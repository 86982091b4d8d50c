import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import {
  checkChatFile,
  checkChatFileContent,
  FILE_TOO_LARGE_MESSAGE,
  MAX_CHAT_FILE_BYTES,
  SNIFF_BYTES,
} from '@facet/domain/chat';
import { chatAttachments } from './chat.tables';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../accounts/accounts.queries';
import { contactDetailsChecks } from './chat-contact-details';
import { checkMaySend, type ChatRoomsPart } from './chat-rooms';
import { UUID, type ChatContext } from './chat-shared';
import { peek } from './peek-stream';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  docs: 'application/octet-stream',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** Streams a checked file into storage under the chat's size cap (past it nothing is kept). */
async function storeFile({ storage }: ChatContext, key: string, stream: Readable) {
  try {
    return (await storage.putStream(key, stream, { maxBytes: MAX_CHAT_FILE_BYTES })).sizeBytes;
  } catch (error) {
    if (error instanceof AppError && error.code === 'upload_too_large') {
      throw new AppError('file_too_large', FILE_TOO_LARGE_MESSAGE, 413);
    }
    throw error;
  }
}

/** The attachment row of a stored file; the file is removed again when the row cannot be written. */
async function recordAttachment(
  { db, storage }: ChatContext,
  values: Omit<typeof chatAttachments.$inferInsert, 'id' | 'createdAt'>,
) {
  try {
    const [row] = await db.insert(chatAttachments).values(values).returning();
    return {
      id: row!.id,
      name: row!.name,
      sizeBytes: row!.sizeBytes,
      contentType: row!.contentType,
      url: `/api/attachments/${row!.id}`,
    };
  } catch (error) {
    await storage.remove(values.storageKey).catch(() => undefined);
    throw error;
  }
}

/** Chat files: streamed upload with name, content and size checks; download by members. */
export function chatAttachmentsPart(ctx: ChatContext, rooms: ChatRoomsPart) {
  const contact = contactDetailsChecks(ctx);

  return {
    /**
     * Stores a chat file as it arrives: the name is checked before any byte is read, the content by its
     * first bytes, and the size while streaming into storage (past 100 MB the upload is refused and
     * nothing is kept). Memory holds one chunk at a time, never the file.
     */
    async addAttachment(user: UserRow, roomId: string, file: { name: string; stream: Readable }) {
      let discard = (): void => {
        file.stream.resume();
      };
      try {
        const access = await rooms.requireAccess(user, roomId);
        checkMaySend(access, user);
        const byName = checkChatFile({ name: file.name, sizeBytes: 0 });
        if (!byName.ok) throw new AppError('unsupported_file', byName.message, 400);
        contact.checkFileName(file.name);
        const peeked = await peek(file.stream, SNIFF_BYTES);
        discard = peeked.discard;
        const { head } = peeked;
        const check = checkChatFileContent({ name: file.name, sizeBytes: head.byteLength, firstBytes: head });
        if (!check.ok) throw new AppError('unsupported_file', check.message, 400);
        if (head.byteLength === 0) throw new AppError('file_empty', 'The file is empty.', 400);

        const key = `chat/${roomId.slice(-40)}/${randomUUID()}.${check.extension}`;
        const sizeBytes = await storeFile(ctx, key, peeked.rest);
        return await recordAttachment(ctx, {
          roomId,
          storageKey: key,
          name: file.name.slice(0, 255),
          contentType: CONTENT_TYPES[check.extension] ?? 'application/octet-stream',
          sizeBytes,
          uploadedBy: user.id,
        });
      } catch (error) {
        // the rest of the refused file is read and dropped, so the request ends and the answer arrives
        discard();
        throw error;
      }
    },

    async openAttachment(user: UserRow, attachmentId: string) {
      if (!UUID.test(attachmentId)) throw notFound('Attachment');
      const [row] = await ctx.db.select().from(chatAttachments).where(eq(chatAttachments.id, attachmentId));
      if (!row || !(await rooms.accessOf(user, row.roomId))) throw notFound('Attachment');
      const stream = await ctx.storage.get(row.storageKey);
      if (!stream) throw notFound('Attachment');
      return { row, stream };
    },
  };
}
