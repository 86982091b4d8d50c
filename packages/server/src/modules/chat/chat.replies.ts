import { z } from 'zod';
import { CHAT_MESSAGE_TYPES, type ChatMessage } from '@facet/domain/chat';

/**
 * Response shapes of the chat calls for the OpenAPI document: every field the server sends, so the web
 * types its replies from the contract (decision 018). A field sent but not listed here fails outside
 * production; add it here first.
 */
export const chatRoomReply = z
  .object({
    id: z.string(),
    projectId: z.string(),
    customerId: z.string(),
    proId: z.string(),
    preQuote: z.boolean(),
    invitationStatus: z.string().nullable(),
    lastSeq: z.number().int(),
    unreadCount: z.number().int(),
    hasPreChat: z.boolean(),
    sendDisabledReason: z
      .string()
      .nullable()
      .meta({ description: 'Why the viewer cannot send now (null: they can)' }),
  })
  .meta({ id: 'ChatRoom' });

const modelFileShape = z.object({
  fileName: z.string(),
  fileType: z.string(),
  fileUrl: z.string(),
  itemId: z.string(),
});

const chatChangeShape = z.object({
  description: z.string(),
  priceCents: z.number().int(),
  status: z.enum(['pending', 'approved', 'refused']),
});

/** The domain's `ChatMessagePayload`: quote, change, payment and status fields, only on such messages. */
const chatMessagePayloadShape = z
  .object({
    totalPriceCents: z.number().int(),
    changes: z.array(chatChangeShape),
    changesTotalPriceCents: z.number().int(),
    stripeId: z.string(),
    designersProfitCents: z.number().int(),
    designersChangesProfitCents: z.number().int(),
    initialPaymentId: z.string(),
    changesPaymentId: z.string(),
    earnedPercentage: z.number(),
    allChanges: z.array(chatChangeShape),
    models: z.array(modelFileShape),
    meshId: z.string(),
    completed: z.boolean(),
    approved: z.boolean(),
    serviceCompleted: z.boolean(),
    sendEmail: z.boolean(),
    responseRate: z.number(),
    updateRate: z.number(),
    tag: z.string(),
    projectChatRoom: z.string(),
    sendPreChatEmail: z.boolean(),
  })
  .partial();

/** A stored message as members see it (`toMessage` in chat-message-store.ts; also the socket's getMessage). */
const chatMessageShape = z
  .object({
    id: z.string(),
    clientId: z.string(),
    seq: z.number().int().meta({ description: 'Position in the room, 1, 2, 3, … with no gaps' }),
    chatRoom: z.string(),
    projectId: z.string(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    type: z.enum(CHAT_MESSAGE_TYPES),
    message: z.string(),
    read: z.boolean(),
    createdAt: z.string(),
    isFile: z.boolean(),
    fileName: z.string().nullable(),
    attachment: z
      .object({
        name: z.string(),
        sizeBytes: z.number().int(),
        id: z.string().optional(),
        url: z.string().optional(),
      })
      .nullable(),
    general: z.boolean(),
    isQuote: z.boolean(),
    priceCents: z.number().int().nullable(),
    leadTimeDays: z.number().int().nullable(),
    offerId: z
      .string()
      .nullable()
      .meta({ description: 'The offer (invitation) a quote card stands for; null on other messages' }),
    status: z.string().nullable().meta({
      description:
        'Quote cards: pending, accepted, refused or replaced; system messages: the project status id',
    }),
    pinned: z.boolean(),
    preChat: z.boolean(),
    payload: chatMessagePayloadShape.optional(),
  })
  .meta({ id: 'ChatMessage' });

export const chatAttachmentReply = z
  .object({
    id: z.string(),
    name: z.string(),
    sizeBytes: z.number().int(),
    contentType: z.string(),
    url: z.string(),
  })
  .meta({ id: 'ChatAttachment' });

export const chatMessageReply = chatMessageShape;

/** The reply schema and the domain's message (the socket events' shape) must stay one shape. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.output<typeof chatMessageShape>, ChatMessage> = true;
void sameShape;
