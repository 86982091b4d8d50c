import { describe, expect, test } from 'vitest';
import { bioError } from './own-profile-page';

describe('own profile bio (spec section 5)', () => {
  test("a designer's bio is required, 100 to 250 characters, with the spec's texts", () => {
    expect(bioError('   ', 'designer')).toBe('A short bio is required');
    expect(bioError('Too short.', 'designer')).toBe('Bio must be at least 100 characters');
    expect(bioError('x'.repeat(251), 'designer')).toBe('Bio must be at most 250 characters');
    expect(bioError(` ${'x'.repeat(100)} `, 'designer')).toBeUndefined();
  });
  test("a service provider's bio is optional, at most 250 characters", () => {
    expect(bioError('', 'service')).toBeUndefined();
    expect(bioError('Short is fine.', 'service')).toBeUndefined();
    expect(bioError('x'.repeat(251), 'service')).toBe('Bio must be at most 250 characters');
  });
});
