import { describe, expect, test } from 'vitest';
import type { IsTypingPayload, JoinPayload, MessageReadPayload, SendMessagePayload } from './events';
import {
  isTypingPayloadSchema,
  joinPayloadSchema,
  messageReadPayloadSchema,
  sendMessagePayloadSchema,
} from './socket-payloads';

const room = 'a_b_c_1234';

describe('socket payload shapes', () => {
  test('what the web client sends is accepted as sent', () => {
    const join: JoinPayload = { chatRoom: room, id: 'u1', type: 'designer' };
    expect(joinPayloadSchema.parse(join)).toEqual(join);
    const typing: IsTypingPayload = { chatRoom: room, users: [{ id: 'u1', fullName: 'Ava Designer' }] };
    expect(isTypingPayloadSchema.parse(typing)).toEqual(typing);
    const send: SendMessagePayload = {
      clientId: 'c-1:2.3',
      chatRoom: room,
      projectId: 'p1',
      message: 'Rose gold, please.',
      to: null,
      attachment: { id: 'f1', name: 'ring.png', sizeBytes: 10 },
      general: false,
      mentions: ['u2'],
    };
    expect(sendMessagePayloadSchema.parse(send)).toEqual(send);
    const read: MessageReadPayload = { chatRoom: room, messages: ['m1'], allMessages: true, projectId: 'p1' };
    expect(messageReadPayloadSchema.parse(read)).toEqual(read);
  });

  test('wrong shapes are refused with a message; unknown fields are dropped', () => {
    expect(joinPayloadSchema.safeParse({ chatRoom: 7 }).error?.issues[0]?.message).toBe('Which chat?');
    expect(joinPayloadSchema.safeParse({ chatRoom: '' }).success).toBe(false);
    expect(joinPayloadSchema.safeParse({ chatRoom: room, type: 'ai' }).success).toBe(false);
    expect(
      sendMessagePayloadSchema.safeParse({ clientId: 'has space', chatRoom: room }).error?.issues[0]?.message,
    ).toBe('A message needs a client id.');
    expect(
      sendMessagePayloadSchema.safeParse({ clientId: 'c', chatRoom: room, general: 'yes' }).success,
    ).toBe(false);
    expect(messageReadPayloadSchema.parse({ chatRoom: room })).toEqual({
      chatRoom: room,
      messages: [],
      allMessages: false,
    });
    expect(joinPayloadSchema.parse({ chatRoom: room, extra: { a: 1 } })).toEqual({ chatRoom: room });
  });
});
