import { describe, expect, test } from 'vitest';
import { MAX_CARD_TAGS, cardTags, formatRating, formatResponseRate, shortName } from './format';

describe('designer card formatting (spec sections 2 and 9)', () => {
  test('name is the first name plus the last initial', () => {
    expect(shortName('Claire', 'Dubois')).toBe('Claire D.');
    expect(shortName(' mara ', 'kowalski')).toBe('mara K.');
    expect(shortName('Solo', '')).toBe('Solo');
  });

  test('rating has one decimal, or reads Not yet rated', () => {
    expect(formatRating(4.66)).toBe('4.7');
    expect(formatRating(5)).toBe('5.0');
    expect(formatRating(null)).toBe('Not yet rated');
    expect(formatRating(undefined)).toBe('Not yet rated');
    expect(formatRating(0)).toBe('Not yet rated');
  });

  test('response rate is a percent with two decimals, or a dash', () => {
    expect(formatResponseRate(87.5)).toBe('87.50%');
    expect(formatResponseRate(100)).toBe('100.00%');
    expect(formatResponseRate(0)).toBe('0.00%');
    expect(formatResponseRate(null)).toBe('–');
  });

  test('tags join skills, software and CAD skills without repeats, at most 5', () => {
    expect(MAX_CARD_TAGS).toBe(5);
    expect(
      cardTags(['Rings', 'Pendants'], ['Rhino', 'rings'], ['Stone setting', 'Pavé', 'Filigree']),
    ).toEqual(['Rings', 'Pendants', 'Rhino', 'Stone setting', 'Pavé']);
    expect(cardTags([], null, undefined)).toEqual([]);
  });
});
