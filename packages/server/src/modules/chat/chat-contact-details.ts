import { and, eq, gt, sql } from 'drizzle-orm';
import { findContactDetails } from '@facet/domain/chat';
import { chatMessages } from './chat.tables';
import { AppError } from '../../platform/errors';
import { CONTACT_DETAILS_MESSAGE, refuse, type AttachmentRow, type ChatContext } from './chat-shared';

/** Earlier messages of the same sender read together with a new one (a number split over messages). */
const CONTACT_WINDOW_MS = 10 * 60 * 1000;

/** E-mail addresses and phone numbers stay off the chat (the staff's own domain is allowed). */
export function contactDetailsChecks({ db, config }: ChatContext) {
  const details = (text: string | string[]) =>
    findContactDetails(text, { allowedEmailDomains: [config.staffEmailDomain] });
  const found = (text: string | string[]) => details(text).length > 0;
  /**
   * Details the new message brings, alone or completing earlier ones ("my cell is 555" + "0132"); what
   * the earlier messages hold by themselves (stored under older rules) does not block the new one.
   */
  const brings = (earlier: string[], text: string) => {
    const had = earlier.length ? details(earlier).map((m) => `${m.detector} ${m.value}`) : [];
    return details([...earlier, text]).some((m) => !had.includes(`${m.detector} ${m.value}`));
  };

  return {
    /** The name of an uploaded file (an HTTP refusal). */
    checkFileName(name: string) {
      if (found(name)) throw new AppError('contact_details_blocked', CONTACT_DETAILS_MESSAGE, 400);
    },

    /**
     * A new message, read together with the sender's last two in the room from the last 10 minutes (a
     * number split over messages), and its attachment's name.
     */
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
      const texts = earlier.map((e) => e.message).reverse();
      if (brings(texts, text) || (attachment && found(attachment.name))) {
        throw refuse('contact_details_blocked', CONTACT_DETAILS_MESSAGE, 400);
      }
    },
  };
}
