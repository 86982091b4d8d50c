/**
 * The one typed socket.io event map of the chat, shared by server and web (spec section 7, "Real-time
 * events"). Event names are the spec's, including its spelling of `forceDisconnectedFiltredUsers`.
 *
 *   server: new Server<ClientToServerEvents, ServerToClientEvents>()
 *   web:    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(...)
 *
 * Every client event whose outcome the sender must know takes an acknowledgement callback as its last
 * argument; an acknowledgement is `{ error: string }` on failure (shown as a toast titled 'Error') or the
 * data with no error. Money is integer cents, times are ISO-8601 UTC strings.
 */

/** Who wrote a message: customer, designer, service provider, production team, or the system. */
export const CHAT_MESSAGE_TYPES = ['user', 'designer', 'service', 'product', 'ai'] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/** The role a socket joins as (spec: join {chatRoom, id, type}). */
export type ChatMemberType = Exclude<ChatMessageType, 'ai'>;

export interface ChatAttachment {
  name: string;
  sizeBytes: number;
  /** The uploaded file (POST /api/rooms/:roomId/attachments) a message refers to. */
  id?: string;
  /** Where members download it (set by the server). */
  url?: string;
}

/** A 3D model file delivered on a project item (receive-3d-model, getMoveStatus.modelFiles, message models). */
export interface ModelFile {
  fileName: string;
  fileType: string;
  fileUrl: string;
  itemId: string;
}

/** One requested change on a delivered design, carried by change-request messages. */
export interface ChatChange {
  description: string;
  priceCents: number;
  status: 'pending' | 'approved' | 'refused';
}

/**
 * Spec section 3 "Message", camelCase. The server gives `id`, `seq`, `from`, `type` and `createdAt`;
 * `clientId` is made by the sending client so a retried send is recognised and never stored twice;
 * `seq` counts up by one per room so a reconnecting client asks for what came after its last seq.
 */
export interface ChatMessage {
  id: string;
  clientId: string;
  /** Position in the room, 1, 2, 3, … with no gaps. */
  seq: number;
  chatRoom: string;
  projectId: string;
  /** Sender user id; the system ('ai') messages carry the id of the acting user or null. */
  from: string | null;
  to: string | null;
  type: ChatMessageType;
  message: string;
  read: boolean;
  createdAt: string;
  isFile: boolean;
  fileName: string | null;
  attachment: ChatAttachment | null;
  /** Visible to every party of the project rather than one conversation. */
  general: boolean;
  /** A quote card: the offer a pro sent (price and lead time), its `status` following the offer. */
  isQuote: boolean;
  /** The quote's price (spec `price`, in dollars there). */
  priceCents: number | null;
  /** The quote's lead time (spec `lead_time`). */
  leadTimeDays: number | null;
  /** The offer (invitation) a quote card stands for; null on other messages. */
  offerId: string | null;
  /** Quote cards: pending, accepted, refused or replaced; system messages: the project status id. */
  status: string | null;
  /** Pinned by the production team (the Pinned tab). */
  pinned: boolean;
  /** Said in the pre-quote chat (read-only once the quote is submitted). */
  preChat: boolean;
  /** Quote, change, payment and status payload fields of the spec; present only on such messages. */
  payload?: ChatMessagePayload;
}

export interface ChatMessagePayload {
  totalPriceCents?: number;
  changes?: ChatChange[];
  changesTotalPriceCents?: number;
  stripeId?: string;
  designersProfitCents?: number;
  designersChangesProfitCents?: number;
  initialPaymentId?: string;
  changesPaymentId?: string;
  earnedPercentage?: number;
  allChanges?: ChatChange[];
  models?: ModelFile[];
  meshId?: string;
  completed?: boolean;
  approved?: boolean;
  serviceCompleted?: boolean;
  sendEmail?: boolean;
  responseRate?: number;
  updateRate?: number;
  tag?: string;
  projectChatRoom?: string;
  sendPreChatEmail?: boolean;
}

/** What a client sends: the message it wants stored, with its own id for idempotent retries. */
export interface SendMessagePayload {
  clientId: string;
  chatRoom: string;
  projectId: string;
  message: string;
  to?: string | null;
  isFile?: boolean;
  fileName?: string | null;
  attachment?: ChatAttachment | null;
  general?: boolean;
  preChat?: boolean;
  /** Mentioned participants; the server also reads "@Full Name" from the text. */
  mentions?: string[];
}

export interface TypingUser {
  id: string;
  fullName: string;
}

/** Failure of an acknowledged event; `code` is a lowercase snake error code (e.g. `contact_details_blocked`). */
export interface ChatAckError {
  error: string;
  code?: string;
  /** The field refused, by dotted path, with its message (`validation_failed`). */
  fields?: Record<string, string>;
  /** An unexpected failure: the id it was logged under, for a support request to quote. */
  requestId?: string;
}
/** An acknowledgement: the data on success, `{ error }` on failure. */
export type ChatAck<T extends object = Record<never, never>> = (T & { error?: undefined }) | ChatAckError;
export type AckCallback<T extends object = Record<never, never>> = (ack: ChatAck<T>) => void;

/** Narrows an acknowledgement (an empty error string still counts as an error). */
export function isAckError<T extends object>(ack: ChatAck<T>): ack is ChatAckError {
  return typeof ack.error === 'string';
}

export interface JoinPayload {
  chatRoom: string;
  /** The joining user's id. */
  id: string;
  type: ChatMemberType;
}
export interface LeavePayload {
  chatRoom: string;
  id: string;
}
export interface IsTypingPayload {
  chatRoom: string;
  /**
   * The sender while typing (repeated every second while the keys keep going), [] to clear. Only the
   * sender's own entry is relayed.
   */
  users: TypingUser[];
}
export interface MessageReadPayload {
  chatRoom: string;
  /** Ids of the messages just read. */
  messages: string[];
  /** True when the reader has read every message of the room. */
  allMessages: boolean;
  projectId: string;
}

export interface ClientToServerEvents {
  /** Join a room one is a member of; refused (error) otherwise. Ack gives the room's last seq for resync. */
  join: (payload: JoinPayload, ack: AckCallback<{ chatRoom: string; lastSeq: number }>) => void;
  leave: (payload: LeavePayload, ack?: AckCallback) => void;
  isTyping: (payload: IsTypingPayload) => void;
  /** Stored (idempotently by clientId) before it is acknowledged and broadcast as getMessage. */
  sendMessage: (payload: SendMessagePayload, ack: AckCallback<{ message: ChatMessage }>) => void;
  messageRead: (payload: MessageReadPayload, ack?: AckCallback) => void;
}

export interface RoomUsersPayload {
  chatRoom: string;
  /** User ids. */
  users: string[];
}

export type Receive3dModelPayload = ModelFile;

export interface MoveStatusPayload {
  projectId: string;
  completed: boolean;
  /** Set when the move failed ('Error!' is shown to designers). */
  error: string | null;
  modelFiles: ModelFile[];
  service: boolean;
  serviceCompleted: boolean;
  /** The system message 'Project has been moved to {status}' stored for the move. */
  savedMessage: ChatMessage | null;
  approved: boolean;
  lastEmailSent: string | null;
}

export interface GetIsTypingPayload {
  chatRoom: string;
  /** The typist this news is about (set by the server from the sender's session). */
  from: string;
  /** The typist while typing, [] when they stopped. */
  users: TypingUser[];
  /** How long the news holds without a repeat (2.5 s): receivers clear the typist after it. */
  expiresInMs: number;
}

export interface GetMessageReadPayload {
  chatRoom: string;
  /** Who read them. */
  readerId: string;
  messages: string[];
  allMessages: boolean;
}

/**
 * Something a party of a project waits for changed (not in the spec; issue 16): an invitation or offer
 * (invited, quoted, accepted, refused, declined) or the project's status. Sent to each party entitled to
 * see it, on their own channel (not a chat room), never to a pro whose invitation was refused after that
 * refusal. It carries no more than what changed: the receiver fetches the project again.
 */
export interface ProjectUpdatedPayload {
  projectId: string;
  kind: 'offer' | 'status' | 'lead-time';
  /** The invitation that changed (`offer`): for a pro always their own; null for `status`. */
  offerId: string | null;
}

export interface ServerToClientEvents {
  /** Members of a room currently connected. */
  usersOnline: (payload: RoomUsersPayload) => void;
  /** The room's online members after someone joined or left. */
  filteredUsers: (payload: RoomUsersPayload) => void;
  /** Members dropped without a clean leave (lost connection, node gone). */
  forceDisconnectedFiltredUsers: (payload: RoomUsersPayload) => void;
  'receive-3d-model': (payload: Receive3dModelPayload) => void;
  /**
   * A new message, or a stored one changed (a quote card's status, pinned): the receiver replaces the
   * message with the same id (seq and clientId stay the same).
   */
  getMessage: (message: ChatMessage) => void;
  getMoveStatus: (payload: MoveStatusPayload) => void;
  getIsTyping: (payload: GetIsTypingPayload) => void;
  getMessageRead: (payload: GetMessageReadPayload) => void;
  projectUpdated: (payload: ProjectUpdatedPayload) => void;
}

export const CLIENT_TO_SERVER_EVENTS = [
  'join',
  'leave',
  'isTyping',
  'sendMessage',
  'messageRead',
] as const satisfies readonly (keyof ClientToServerEvents)[];

export const SERVER_TO_CLIENT_EVENTS = [
  'usersOnline',
  'filteredUsers',
  'forceDisconnectedFiltredUsers',
  'receive-3d-model',
  'getMessage',
  'getMoveStatus',
  'getIsTyping',
  'getMessageRead',
  'projectUpdated',
] as const satisfies readonly (keyof ServerToClientEvents)[];

// Compile-time proof that the lists name every event of the maps (and nothing else).
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _clientListComplete: Exactly<(typeof CLIENT_TO_SERVER_EVENTS)[number], keyof ClientToServerEvents> =
  true;
const _serverListComplete: Exactly<(typeof SERVER_TO_CLIENT_EVENTS)[number], keyof ServerToClientEvents> =
  true;
