import type {
  ChatMessagePayload,
  ChatMessageType,
  ChatMessage,
  MoveStatusPayload,
  Receive3dModelPayload,
} from '@facet/domain/chat';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { chatAttachments, chatMessages, chatRooms } from './chat.tables';
import type { ProjectRow, StatusRow } from '../projects/projects.reads';
import type { PersonRow } from '../accounts/accounts.reads';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { ProjectNews } from '../../platform/project-news';
import type { Storage } from '../../platform/storage';
import type { UserRow } from '../accounts/accounts.reads';
import type { StoredFileFacts } from '../../platform/files/files.service';

/** What the parts of the chat service share: row types, the refusal, texts, the emitter of the moment. */

export type RoomRow = typeof chatRooms.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
/** A room's link to a stored file, with the file's facts. */
export type AttachmentRow = typeof chatAttachments.$inferSelect & StoredFileFacts;

export const READ_ONLY_MESSAGE = 'Chat is now read-only. Quote has been submitted.';
/** A refused pro's conversation (another offer was chosen, or the invitation was declined). */
export const CLOSED_MESSAGE = 'This conversation is closed.';
export const CONTACT_DETAILS_MESSAGE =
  'Messages with e-mail addresses or phone numbers cannot be sent. Please keep the conversation on Facet.';
export const MAX_MESSAGE_LENGTH = 5000;

/** A refusal carried by a socket acknowledgement (`{ error, code }`) or an HTTP error. */
export class ChatRefusal extends AppError {}
export const refuse = (code: string, message: string, status = 409) => new ChatRefusal(code, message, status);

/** Where real-time events go; set by the socket.io server once it exists. */
export interface ChatEmitter {
  message(room: string, message: ChatMessage): void;
  moveStatus(room: string, payload: MoveStatusPayload): void;
  model(room: string, payload: Receive3dModelPayload): void;
}

export interface ChatDeps {
  db: Db;
  jobs: Jobs;
  storage: Storage;
  config: Pick<Config, 'staffEmailDomain'>;
  /** Where the status moves the chat announces also go to each party's own channel. */
  news?: ProjectNews;
}

/** The chat's dependencies and the emitter of the moment (null until the socket.io server sets one). */
export interface ChatContext extends ChatDeps {
  emitter: { current: ChatEmitter | null };
}

/** Who a member is to a room: the message type they write with. */
export interface RoomAccess {
  room: RoomRow;
  project: ProjectRow;
  status: StatusRow;
  invitationStatus: string | null;
  /** When the room's pro was refused (null while they are not): nothing after it reaches the room. */
  refusedAt: Date | null;
  pro: PersonRow | null;
  type: Exclude<ChatMessageType, 'ai'>;
}

/** What a message row keeps in `payload`: the spec's payload fields, and the quote of a quote card. */
export type StoredPayload = ChatMessagePayload & {
  quote?: { offerId: string; priceCents: number; leadTimeDays: number };
};

/** The message type a user writes with (also their role among a room's participants). */
export const typeOf = (user: Pick<UserRow, 'role'>): RoomAccess['type'] =>
  user.role === 'staff' ? 'product' : user.role === 'customer' ? 'user' : user.role;
