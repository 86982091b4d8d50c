import { and, eq, gt, sql } from 'drizzle-orm';
import { findContactDetails } from '@facet/domain/chat';
import { chatMessages } from './chat.tables';
import { AppError } from '../../platform/errors';
import { CONTACT_DETAILS_MESSAGE, refuse, type AttachmentRow, type ChatContext } from './chat-shared';

/** Earlier messages of the same sender read together with a new one (a number split over messages). */
const CONTACT_WINDOW_MS = 10 * 60 * 1000;

/** E-mail addresses and phone numbers stay off the chat (the staff's own domain is allowed). */
export function contactDetailsChecks({ db, config }: ChatContext) {
  const found = (text: string | string[]) =>
    findContactDetails(text, { allowedEmailDomains: [config.staffEmailDomain] }).length > 0;

  return {
    /** The name of an uploaded file (an HTTP refusal). */
    checkFileName(name: string) {
      if (found(name)) throw new AppError('contact_details_blocked', CONTACT_DETAILS_MESSAGE, 400);
    },

    /** A new message, read together with the sender's last two in the room, and its attachment's name. */
    async checkMessage(roomId: string, fromId: string, text: string, attachment: AttachmentRow | null) {
      const earlier = await db
        .select({ message: chatMessages.message })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.roomId, roomId),
            eq(chatMessages.fromId, fromId),
            gt(chatMessages.createdAt, new Date(Date.now() - CONTACT_WINDOW_MS)),
          ),
        )
        .orderBy(sql`${chatMessages.seq} desc`)
        .limit(2);
      const texts = [...earlier.map((e) => e.message).reverse(), text];
      if (found(texts) || (attachment && found(attachment.name))) {
        throw refuse('contact_details_blocked', CONTACT_DETAILS_MESSAGE, 400);
      }
    },
  };
}
