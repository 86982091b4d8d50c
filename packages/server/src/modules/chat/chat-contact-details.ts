import { findContactDetails } from '@facet/domain/chat';
import { AppError } from '../../platform/errors';
import { CONTACT_DETAILS_MESSAGE, refuse, type AttachmentRow, type ChatContext } from './chat-shared';

/** Earlier messages of the same sender read together with a new one (a number split over messages). */
export const CONTACT_WINDOW_MS = 10 * 60 * 1000;
/** How many of those earlier messages. */
export const CONTACT_EARLIER_MESSAGES = 2;

/** E-mail addresses and phone numbers stay off the chat (the staff's own domain is allowed). */
export function contactDetailsChecks({ config }: Pick<ChatContext, 'config'>) {
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
     * A new message, read together with the sender's earlier ones in the room (oldest first: their last
     * `CONTACT_EARLIER_MESSAGES` from the last `CONTACT_WINDOW_MS`, a number split over messages), and its
     * attachment's name.
     */
    checkMessage(earlier: string[], text: string, attachment: AttachmentRow | null) {
      if (brings(earlier, text) || (attachment && found(attachment.name))) {
        throw refuse('contact_details_blocked', CONTACT_DETAILS_MESSAGE, 400);
      }
    },
  };
}
