import { describe, expect, expectTypeOf, test } from 'vitest';
import type { ChatAck, ChatMessage, ClientToServerEvents, ServerToClientEvents } from './events';
import { CHAT_MESSAGE_TYPES, CLIENT_TO_SERVER_EVENTS, SERVER_TO_CLIENT_EVENTS, isAckError } from './events';

describe('the chat event map', () => {
  test('names exactly the spec events, spelling included, and our one addition', () => {
    expect(CLIENT_TO_SERVER_EVENTS).toEqual(['join', 'leave', 'isTyping', 'sendMessage', 'messageRead']);
    expect(SERVER_TO_CLIENT_EVENTS).toEqual([
      'usersOnline',
      'filteredUsers',
      'forceDisconnectedFiltredUsers',
      'receive-3d-model',
      'getMessage',
      'getMoveStatus',
      'getIsTyping',
      'getMessageRead',
      // ours (issue 16): project news on each party's own channel
      'projectUpdated',
    ]);
    expect(CHAT_MESSAGE_TYPES).toEqual(['user', 'designer', 'service', 'product', 'ai']);
  });

  test('payloads carry the spec fields', () => {
    expectTypeOf<Parameters<ClientToServerEvents['join']>[0]>().toEqualTypeOf<{
      chatRoom: string;
      id: string;
      type: 'user' | 'designer' | 'service' | 'product';
    }>();
    expectTypeOf<Parameters<ClientToServerEvents['messageRead']>[0]>().toMatchTypeOf<{
      chatRoom: string;
      messages: string[];
      allMessages: boolean;
      projectId: string;
    }>();
    expectTypeOf<Parameters<ServerToClientEvents['receive-3d-model']>[0]>().toEqualTypeOf<{
      fileName: string;
      fileType: string;
      fileUrl: string;
      itemId: string;
    }>();
    expectTypeOf<Parameters<ServerToClientEvents['getMessage']>[0]>().toEqualTypeOf<ChatMessage>();
    expectTypeOf<ChatMessage['clientId']>().toEqualTypeOf<string>();
    expectTypeOf<ChatMessage['seq']>().toEqualTypeOf<number>();
  });

  test('an acknowledgement is the data or an error string', () => {
    const ok: ChatAck<{ lastSeq: number }> = { lastSeq: 4 };
    const failed: ChatAck<{ lastSeq: number }> = { error: 'You are not a member of this room.' };
    expect(isAckError(ok)).toBe(false);
    expect(isAckError(failed)).toBe(true);
    expect(isAckError({ error: '' })).toBe(true);
    if (!isAckError(ok)) expectTypeOf(ok.lastSeq).toEqualTypeOf<number>();
  });
});
