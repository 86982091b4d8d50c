import { z } from 'zod';
import { CHAT_MESSAGE_TYPES, type ChatMessage } from '@facet/domain/chat';

/**
 * Response shapes of the chat calls for the OpenAPI document. Loose objects: the fields listed are
 * described and checked, and any newer field of a message or room still reaches the client.
 */
export const chatRoomReply = z
  .looseObject({
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

const chatMessageShape = z
  .looseObject({
    id: z.string(),
    clientId: z.string(),
    seq: z.number().int(),
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
      .looseObject({
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
    pinned: z.boolean(),
    preChat: z.boolean(),
    payload: z.record(z.string(), z.unknown()).optional(),
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

/** Typed as the domain's message (its interface has no index signature; the loose object keeps newer fields). */
export const chatMessageReply = chatMessageShape as unknown as z.ZodType<ChatMessage>;
