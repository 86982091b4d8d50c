import { describe, expect, test } from 'vitest';
import {
  MEMBERSHIPS,
  checkLibraryOrder,
  libraryAccess,
  libraryTexts,
  membershipMatches,
  membershipOf,
  type LibraryTerms,
} from './library';

const bead: LibraryTerms = {
  name: 'Pearl Bead Charm',
  membership: 'Standard',
  minPieces: { Standard: 10, Pro: 5, Business: 1 },
};
const pendant: LibraryTerms = {
  name: 'Block Pendant',
  membership: 'Business',
  minPieces: { Standard: 50, Pro: 20, Business: 10 },
};
const band: LibraryTerms = {
  name: 'Wide Statement Band',
  membership: 'Pro',
  minPieces: { Standard: 25, Pro: 5, Business: 2 },
};

describe('membership', () => {
  test('an account names its plan loosely; unknown or missing is Standard', () => {
    expect(membershipOf('Pro')).toBe('Pro');
    expect(membershipOf('business plan')).toBe('Business');
    expect(membershipOf('STANDARD')).toBe('Standard');
    expect(membershipOf('')).toBe('Standard');
    expect(membershipOf(null)).toBe('Standard');
    expect(membershipOf(undefined)).toBe('Standard');
    expect(membershipOf('Gold')).toBe('Standard');
  });

  test('plans rank Standard < Pro < Business', () => {
    expect(MEMBERSHIPS).toEqual(['Standard', 'Pro', 'Business']);
    expect(membershipMatches('Standard', 'Standard')).toBe(true);
    expect(membershipMatches('Standard', 'Pro')).toBe(false);
    expect(membershipMatches('Pro', 'Standard')).toBe(true);
    expect(membershipMatches('Pro', 'Business')).toBe(false);
    expect(membershipMatches('Business', 'Pro')).toBe(true);
  });
});

describe('library access', () => {
  test('the texts are the spec words', () => {
    expect(libraryTexts.upgrade).toBe('Upgrade your membership to use this design!');
    expect(libraryTexts.minimum('Block Pendant', 10)).toBe(
      'To access Block Pendant you must order at least 10 pieces',
    );
  });

  test('a membership below the design gets the upgrade message', () => {
    expect(libraryAccess(pendant, 'Pro')).toEqual({
      allowed: false,
      message: 'Upgrade your membership to use this design!',
      minPieces: 20,
      minimumText: 'To access Block Pendant you must order at least 20 pieces',
    });
    expect(libraryAccess(band, 'Standard').allowed).toBe(false);
  });

  test('the minimum depends on the membership; one piece needs no text', () => {
    expect(libraryAccess(bead, 'Standard')).toEqual({
      allowed: true,
      message: null,
      minPieces: 10,
      minimumText: 'To access Pearl Bead Charm you must order at least 10 pieces',
    });
    expect(libraryAccess(bead, 'Pro').minimumText).toBe(
      'To access Pearl Bead Charm you must order at least 5 pieces',
    );
    expect(libraryAccess(bead, 'Business')).toEqual({
      allowed: true,
      message: null,
      minPieces: 1,
      minimumText: null,
    });
    expect(libraryAccess(pendant, 'Business').minPieces).toBe(10);
  });

  test('a minimum below one counts as one piece', () => {
    expect(libraryAccess({ ...bead, minPieces: { Standard: 0, Pro: 0, Business: 0 } }, 'Pro')).toMatchObject({
      minPieces: 1,
      minimumText: null,
    });
  });
});

describe('ordering a library design', () => {
  test('the membership is checked before the quantity', () => {
    expect(checkLibraryOrder(pendant, 'Pro', 1000)).toEqual({
      ok: false,
      reason: 'upgrade',
      message: 'Upgrade your membership to use this design!',
    });
  });

  test('fewer pieces than the minimum are refused with the minimum text; the minimum itself is fine', () => {
    expect(checkLibraryOrder(bead, 'Standard', 9)).toEqual({
      ok: false,
      reason: 'minimum',
      message: 'To access Pearl Bead Charm you must order at least 10 pieces',
    });
    expect(checkLibraryOrder(bead, 'Standard', 10)).toEqual({ ok: true });
    expect(checkLibraryOrder(bead, 'Pro', 5)).toEqual({ ok: true });
    expect(checkLibraryOrder(bead, 'Pro', 4)).toMatchObject({ ok: false, reason: 'minimum' });
    expect(checkLibraryOrder(bead, 'Business', 1)).toEqual({ ok: true });
    expect(checkLibraryOrder(pendant, 'Business', 9)).toEqual({
      ok: false,
      reason: 'minimum',
      message: 'To access Block Pendant you must order at least 10 pieces',
    });
  });
});
