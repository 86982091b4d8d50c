import { describe, expect, test } from 'vitest';
import { isSocialProfile, isWebAddress, normalizeSocialProfile, normalizeWebAddress } from './web-address';

describe('web addresses', () => {
  test('bare domains, www and full links are accepted', () => {
    for (const v of [
      'mystudio.com',
      'www.mystudio.com',
      'https://mystudio.com',
      'http://shop.my-studio.co.uk/rings?x=1',
      'mystudio.myshopify.com',
      'behance.net/jane',
    ])
      expect(isWebAddress(v), v).toBe(true);
  });

  test('words, spaces and other schemes are refused', () => {
    for (const v of [
      'mystudio',
      'my studio.com',
      'ftp://mystudio.com',
      'javascript:alert(1)',
      'https://',
      '.com',
      '',
    ])
      expect(isWebAddress(v), v).toBe(false);
  });

  test('bare domains get https://', () => {
    expect(normalizeWebAddress(' mystudio.com ')).toBe('https://mystudio.com');
    expect(normalizeWebAddress('http://mystudio.com')).toBe('http://mystudio.com');
  });

  test('social fields take handles or links', () => {
    for (const v of ['@jane', 'jane.doe', 'studio_42', 'instagram.com/jane', 'https://x.com/jane'])
      expect(isSocialProfile(v), v).toBe(true);
    for (const v of ['jane doe', '@', 'jane!']) expect(isSocialProfile(v), v).toBe(false);
    expect(normalizeSocialProfile('@jane')).toBe('@jane');
    expect(normalizeSocialProfile('jane.doe')).toBe('jane.doe');
    expect(normalizeSocialProfile('instagram.com/jane')).toBe('https://instagram.com/jane');
    expect(normalizeSocialProfile('www.facebook.com/jane')).toBe('https://www.facebook.com/jane');
  });
});
