import { describe, expect, test } from 'vitest';
import { chatRoomId, creationTimeDigits, parseChatRoomId } from './room-id';

const createdAt = '2025-03-14T10:30:00.123Z'; // 1741948200123 ms

describe('chatRoomId', () => {
  test('joins creator, designer, project and the last 4 digits of the creation time in ms', () => {
    expect(Date.parse(createdAt)).toBe(1741948200123);
    expect(
      chatRoomId({ creatorId: 'u1', designerId: 'd7', projectId: 'p42', projectCreatedAt: createdAt }),
    ).toBe('u1_d7_p42_0123');
  });

  test('is deterministic whatever form the creation time comes in', () => {
    const ids = [createdAt, new Date(createdAt), 1741948200123].map((projectCreatedAt) =>
      chatRoomId({ creatorId: 12, designerId: 3, projectId: 99, projectCreatedAt }),
    );
    expect(new Set(ids)).toEqual(new Set(['12_3_99_0123']));
  });

  test('each designer of a project gets a different room with the same creator', () => {
    const base = { creatorId: 'u1', projectId: 'p1', projectCreatedAt: createdAt };
    expect(chatRoomId({ ...base, designerId: 'd1' })).not.toBe(chatRoomId({ ...base, designerId: 'd2' }));
  });

  test('ids that would run together stay apart', () => {
    const a = chatRoomId({ creatorId: '1', designerId: '23', projectId: '4', projectCreatedAt: 0 });
    const b = chatRoomId({ creatorId: '12', designerId: '3', projectId: '4', projectCreatedAt: 0 });
    expect(a).not.toBe(b);
  });

  test('pads the digits with zeros', () => {
    expect(creationTimeDigits(7)).toBe('0007');
    expect(creationTimeDigits(new Date('2025-01-01T00:00:00.000Z'))).toBe('0000');
  });

  test('refuses ids that cannot be read back and bad times', () => {
    expect(() =>
      chatRoomId({ creatorId: 'a_b', designerId: 'd', projectId: 'p', projectCreatedAt: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      chatRoomId({ creatorId: '', designerId: 'd', projectId: 'p', projectCreatedAt: 0 }),
    ).toThrow();
    expect(() => creationTimeDigits('not a date')).toThrow(RangeError);
  });
});

describe('parseChatRoomId', () => {
  test('reads a room id back into its parts', () => {
    const id = chatRoomId({
      creatorId: 'c0ffee00-0000-4000-8000-000000000001',
      designerId: 'd',
      projectId: 'p',
      projectCreatedAt: createdAt,
    });
    expect(parseChatRoomId(id)).toEqual({
      creatorId: 'c0ffee00-0000-4000-8000-000000000001',
      designerId: 'd',
      projectId: 'p',
      createdAtDigits: '0123',
    });
  });

  test('returns null for anything else', () => {
    for (const bad of ['', 'a_b_c', 'a_b_c_12', 'a_b_c_d_0123', 'a__c_0123', 'a_b_c_12x4']) {
      expect(parseChatRoomId(bad)).toBeNull();
    }
  });
});
