import { describe, expect, test } from 'vitest';
import type { ChatParticipant } from './mentions';
import {
  activeMentionQuery,
  buildMentionList,
  findMentions,
  participantFullName,
  participantInitials,
  insertMention,
} from './mentions';

const creator: ChatParticipant = { id: 'u1', role: 'user', firstName: 'Anna', lastName: 'Smith' };
const designer: ChatParticipant = {
  id: 'd1',
  role: 'designer',
  firstName: 'Joan',
  lastName: 'Anders',
  profileImage: 'https://cdn.example/joan.png',
};
const team: ChatParticipant = { id: 'p1', role: 'product', firstName: 'Facet', lastName: 'Team' };
const participants = [creator, designer, team];

describe('names and initials', () => {
  test('full name from first and last name', () => {
    expect(participantFullName(creator)).toBe('Anna Smith');
    expect(participantFullName({ firstName: ' Émile ', lastName: null })).toBe('Émile');
  });

  test('initials from first and last name, default A', () => {
    expect(participantInitials(creator)).toBe('AS');
    expect(participantInitials({ firstName: 'émile', lastName: 'zola' })).toBe('ÉZ');
    expect(participantInitials({ firstName: 'Joan' })).toBe('J');
    expect(participantInitials({ firstName: '', lastName: null })).toBe('A');
    expect(participantInitials({})).toBe('A');
  });
});

describe('buildMentionList', () => {
  test('production team, then the pro, then the creator', () => {
    expect(buildMentionList(participants).map((o) => o.id)).toEqual(['p1', 'd1', 'u1']);
  });

  test('carries initials, full name and the image', () => {
    expect(buildMentionList(participants, '', { excludeId: 'u1' })).toEqual([
      { id: 'p1', role: 'product', fullName: 'Facet Team', initials: 'FT', profileImage: null },
      {
        id: 'd1',
        role: 'designer',
        fullName: 'Joan Anders',
        initials: 'JA',
        profileImage: 'https://cdn.example/joan.png',
      },
    ]);
  });

  test('filters by the start of the name or of any word, ignoring case', () => {
    expect(buildMentionList(participants, 'an').map((o) => o.id)).toEqual(['d1', 'u1']);
    expect(buildMentionList(participants, 'ANNA S').map((o) => o.id)).toEqual(['u1']);
    expect(buildMentionList(participants, 'team').map((o) => o.id)).toEqual(['p1']);
    expect(buildMentionList(participants, 'nn')).toEqual([]);
  });

  test('service providers sort with designers', () => {
    const service: ChatParticipant = { id: 's1', role: 'service', firstName: 'Cast', lastName: 'House' };
    expect(buildMentionList([creator, service, team]).map((o) => o.id)).toEqual(['p1', 's1', 'u1']);
  });
});

describe('findMentions', () => {
  test('finds mentioned participants by full name, once each, in order', () => {
    expect(
      findMentions('@Joan Anders can you check? thanks @anna smith and @Joan Anders', participants),
    ).toEqual(['d1', 'u1']);
  });

  test('the longer name wins and names must end at a word boundary', () => {
    const anna: ChatParticipant = { id: 'a', role: 'product', firstName: 'Anna' };
    expect(findMentions('@Anna Smith hi', [anna, creator])).toEqual(['u1']);
    expect(findMentions('@Anna hi', [anna, creator])).toEqual(['a']);
    expect(findMentions('@Anna Smithson hi', [creator])).toEqual([]);
  });

  test('an @ inside a word or address is not a mention', () => {
    expect(findMentions('mail team@Facet Team.com', participants)).toEqual([]);
    expect(findMentions('no mentions here', participants)).toEqual([]);
  });
});

describe('typing a mention', () => {
  test('the query after @ at the caret', () => {
    expect(activeMentionQuery('hi @Jo', 6)).toEqual({ start: 3, query: 'Jo' });
    expect(activeMentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMentionQuery('mail a@b', 8)).toBeNull();
    expect(activeMentionQuery('hi @Jo\nnext', 11)).toBeNull();
    expect(activeMentionQuery('no at sign', 5)).toBeNull();
  });

  test('inserting replaces the query and moves the caret after the name', () => {
    expect(insertMention('hi @Jo please', 6, { fullName: 'Joan Anders' })).toEqual({
      text: 'hi @Joan Anders please',
      caret: 15,
    });
    expect(insertMention('@an', 3, { fullName: 'Anna Smith' })).toEqual({ text: '@Anna Smith ', caret: 12 });
  });
});
