import { describe, expect, test } from 'vitest';
import type { ChatMessage } from '@facet/domain/chat';
import { chatMessage as msg } from '../../../testing';
import {
  contiguousSeq,
  hasGap,
  mergeMessages,
  newClientId,
  newMessagesIndex,
  preChatMessages,
} from './messages';

const seqs = (list: ChatMessage[]) => list.map((m) => m.seq);

describe('merging messages of a room', () => {
  test('orders by seq whatever order they arrive in', () => {
    expect(seqs(mergeMessages([msg(3), msg(1)], [msg(2), msg(5), msg(4)]))).toEqual([1, 2, 3, 4, 5]);
  });

  test('a message seen by REST and by the socket (or acked and broadcast) is kept once, the later copy winning', () => {
    const merged = mergeMessages([msg(1), msg(2)], [msg(2, { read: true }), msg(2)]);
    expect(seqs(merged)).toEqual([1, 2]);
    const again = mergeMessages(merged, [msg(2, { read: true })]);
    expect(again.find((m) => m.seq === 2)?.read).toBe(true);
  });

  test('the same client id is one message even if the ids differ in flight', () => {
    const merged = mergeMessages(
      [msg(4, { id: 'x', clientId: 'same' })],
      [msg(4, { id: 'x', clientId: 'same' })],
    );
    expect(merged).toHaveLength(1);
  });

  test('nothing new leaves the list as it was', () => {
    const list = [msg(1)];
    expect(mergeMessages(list, [])).toBe(list);
  });
});

describe('resync by sequence', () => {
  test('contiguousSeq stops at the first gap, so a reconnect asks for what came after it', () => {
    expect(contiguousSeq([])).toBe(0);
    expect(contiguousSeq([msg(1), msg(2), msg(3)])).toBe(3);
    expect(contiguousSeq([msg(1), msg(2), msg(5), msg(6)])).toBe(2);
    expect(contiguousSeq([msg(2), msg(3)])).toBe(0);
  });

  test('a gap filled by the after= page closes it', () => {
    const live = [msg(1), msg(2), msg(6)];
    expect(hasGap(live, 6)).toBe(true);
    const filled = mergeMessages(live, [msg(3), msg(4), msg(5), msg(6)]);
    expect(seqs(filled)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(hasGap(filled, 6)).toBe(false);
  });
});

describe('New Messages divider', () => {
  test('sits before the first of the unread messages from others', () => {
    const list = [msg(1, { from: 'me' }), msg(2), msg(3, { from: 'me' }), msg(4), msg(5)];
    expect(newMessagesIndex(list, 'me', 2)).toBe(3);
    expect(newMessagesIndex(list, 'me', 3)).toBe(1);
    expect(newMessagesIndex(list, 'me', 0)).toBe(-1);
  });
});

test('client ids are unique and pre-chat messages are picked out', () => {
  expect(newClientId()).not.toBe(newClientId());
  expect(newClientId()).toMatch(/^[\w:.-]{1,100}$/);
  expect(seqs(preChatMessages([msg(1, { preChat: true }), msg(2)]))).toEqual([1]);
});
