// Public surface of the chat domain: contact-detail detector, room ids, attachment rules, mentions and
// the typed socket.io event map shared by server and web.
export {
  CONTACT_DETECTORS,
  DEFAULT_ALLOWED_EMAIL_DOMAINS,
  NORMALISATION_STEPS,
  findContactDetails,
  isFreeOfContactDetails,
  normaliseForContactDetection,
} from './contact-details';
export type {
  ContactDetectorName,
  ContactKind,
  ContactMatch,
  FindContactDetailsOptions,
} from './contact-details';

export { chatRoomId, creationTimeDigits, parseChatRoomId } from './room-id';
export type { ChatRoomIdInput, ChatRoomIdParts } from './room-id';

export {
  CHAT_FILE_EXTENSIONS,
  FILE_FORMAT_NOT_SUPPORTED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_CHAT_FILE_BYTES,
  checkChatFile,
  chatFileExtension,
  isChatFileExtension,
} from './files';
export type { ChatFileCheck, ChatFileExtension, ChatFileRejection } from './files';

export {
  activeMentionQuery,
  buildMentionList,
  findMentions,
  participantFullName,
  participantInitials,
  insertMention,
} from './mentions';
export type { ChatParticipant, MentionOption, ParticipantRole } from './mentions';

export {
  QUOTE_CARD_STATUSES,
  QUOTE_STATUS_LABELS,
  mayPinMessages,
  quoteCardStatus,
  quoteCardText,
} from './quote';
export type { QuoteCardStatus } from './quote';

export { TYPING_CLEAR_MS, TYPING_REFRESH_MS, TypingTracker } from './typing';

export { CHAT_MESSAGE_TYPES, CLIENT_TO_SERVER_EVENTS, SERVER_TO_CLIENT_EVENTS, isAckError } from './events';
export type {
  AckCallback,
  ProjectUpdatedPayload,
  ChatAck,
  ChatAckError,
  ChatAttachment,
  ChatChange,
  ChatMemberType,
  ChatMessage,
  ChatMessagePayload,
  ChatMessageType,
  ClientToServerEvents,
  GetIsTypingPayload,
  GetMessageReadPayload,
  IsTypingPayload,
  JoinPayload,
  LeavePayload,
  MessageReadPayload,
  ModelFile,
  MoveStatusPayload,
  Receive3dModelPayload,
  RoomUsersPayload,
  SendMessagePayload,
  ServerToClientEvents,
  TypingUser,
} from './events';

export {
  CLIENT_ID_PATTERN,
  isTypingPayloadSchema,
  joinPayloadSchema,
  leavePayloadSchema,
  messageReadPayloadSchema,
  sendMessagePayloadSchema,
} from './socket-payloads';
