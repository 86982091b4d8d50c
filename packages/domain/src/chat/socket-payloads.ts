import { z } from 'zod';
import type { ChatMemberType } from './events';

/**
 * The shapes of what clients send on the chat socket (events.ts), checked by the server before it acts.
 * Unknown fields are dropped; a wrong type or an over-long value is refused with the message given here.
 * Rules the server owns (a message's length, contact details, who may send) stay in the chat service.
 */
const chatRoom = z.string({ error: 'Which chat?' }).min(1, 'Which chat?').max(200, 'Which chat?');
const MEMBER_TYPES = ['user', 'designer', 'service', 'product'] as const satisfies readonly ChatMemberType[];
const id = (what: string) => z.string({ error: `Give the ${what} id.` }).max(64, `Unknown ${what}.`);

export const joinPayloadSchema = z.object({
  chatRoom,
  id: id('user').optional(),
  type: z.enum(MEMBER_TYPES, { error: 'Join as a user, designer, service or product member.' }).optional(),
});

export const leavePayloadSchema = z.object({ chatRoom, id: id('user').optional() });

export const isTypingPayloadSchema = z.object({
  chatRoom,
  users: z
    .array(z.object({ id: id('user'), fullName: z.string().max(200) }), { error: 'Say who is typing.' })
    .max(20, 'Say who is typing.')
    .default([]),
});

export const CLIENT_ID_PATTERN = /^[\w:.-]{1,100}$/;

export const sendMessagePayloadSchema = z.object({
  clientId: z
    .string({ error: 'A message needs a client id.' })
    .regex(CLIENT_ID_PATTERN, 'A message needs a client id.'),
  chatRoom,
  projectId: id('project').optional(),
  // the length rule (and its own error code) is the chat service's
  message: z.string({ error: 'A message is text.' }).optional(),
  to: id('recipient').nullable().optional(),
  isFile: z.boolean().optional(),
  fileName: z.string().max(255, 'The file name is at most 255 characters.').nullable().optional(),
  attachment: z
    .object({
      id: id('attachment').optional(),
      name: z.string().max(255, 'The file name is at most 255 characters.').optional(),
      sizeBytes: z.number().optional(),
      url: z.string().max(2000).optional(),
    })
    .nullable()
    .optional(),
  general: z.boolean({ error: 'Say whether the message is for everyone.' }).optional(),
  preChat: z.boolean().optional(),
  mentions: z
    .array(id('user'), { error: 'Mentions are user ids.' })
    .max(100, 'Too many mentions.')
    .optional(),
});

export const messageReadPayloadSchema = z.object({
  chatRoom,
  messages: z.array(id('message'), { error: 'Say which messages were read.' }).default([]),
  allMessages: z.boolean({ error: 'Say whether every message was read.' }).default(false),
  projectId: id('project').optional(),
});
