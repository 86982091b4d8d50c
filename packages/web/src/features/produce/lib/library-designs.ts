import { generateCube, generateTorus, generateUvSphere, writeStlBinary } from '@facet/domain/mesh';

/**
 * The design library (/produce/design).
 *
 * There is no library API yet: the server has no library products table. Until it has, the library is this
 * small typed list in the web feature. Each design's geometry is generated in the browser with the domain's
 * exact mesh generators and uploaded as the customer's own model through the normal upload path, so it is
 * measured, priced and ordered exactly like an uploaded file. Replace this list with a `GET /api/library`
 * call when library products are stored on the server.
 */

export type MembershipName = 'Standard' | 'Pro' | 'Business';

const MEMBERSHIP_RANK: Record<MembershipName, number> = { Standard: 0, Pro: 1, Business: 2 };

export type LibraryDesign = {
  id: string;
  name: string;
  itemType: 'Ring' | 'Pendant' | 'Charm' | 'Earring';
  description: string;
  /** The least membership that may use the design. */
  membership: MembershipName;
  /** Least pieces per order, by membership (spec section 5: 'To access {item} you must order at least {n} pieces'). */
  minPieces: Record<MembershipName, number>;
  /** Millimetres, for the card. */
  sizeLabel: string;
  /** The triangle soup in millimetres. */
  mesh: () => Float32Array;
};

export const LIBRARY_DESIGNS: readonly LibraryDesign[] = [
  {
    id: 'classic-band',
    name: 'Classic Band',
    itemType: 'Ring',
    description: 'A comfort band with a round 2 mm profile; inner diameter 17 mm (US size 6½).',
    membership: 'Standard',
    minPieces: { Standard: 1, Pro: 1, Business: 1 },
    sizeLabel: '21 × 21 × 2 mm',
    mesh: () => generateTorus(9.5, 1, [0, 0, 1], 96, 32),
  },
  {
    id: 'pearl-bead',
    name: 'Pearl Bead Charm',
    itemType: 'Charm',
    description: 'A round 8 mm bead for charm bracelets and drop earrings.',
    membership: 'Standard',
    minPieces: { Standard: 10, Pro: 5, Business: 1 },
    sizeLabel: '8 × 8 × 8 mm',
    mesh: () => generateUvSphere(4, [0, 0, 4], 24, 48),
  },
  {
    id: 'wide-band',
    name: 'Wide Statement Band',
    itemType: 'Ring',
    description: 'A bold 3 mm band with an inner diameter of 18 mm (US size 8).',
    membership: 'Pro',
    minPieces: { Standard: 25, Pro: 5, Business: 2 },
    sizeLabel: '24 × 24 × 3 mm',
    mesh: () => generateTorus(10.5, 1.5, [0, 0, 1.5], 96, 32),
  },
  {
    id: 'block-pendant',
    name: 'Block Pendant',
    itemType: 'Pendant',
    description: 'A solid 10 mm cube pendant, ready for a bail and chain.',
    membership: 'Business',
    minPieces: { Standard: 50, Pro: 20, Business: 10 },
    sizeLabel: '10 × 10 × 10 mm',
    mesh: () => generateCube(10, [0, 0, 0], 2),
  },
];

export function findLibraryDesign(id: string | null | undefined): LibraryDesign | undefined {
  return LIBRARY_DESIGNS.find((d) => d.id === id);
}

/** A membership name as the account gives it ('standard plan', 'Pro'…), Standard when unknown. */
export function membershipOf(name: string | undefined): MembershipName {
  const lower = (name ?? '').toLowerCase();
  if (lower.includes('business')) return 'Business';
  if (lower.includes('pro')) return 'Pro';
  return 'Standard';
}

export type DesignAccess =
  { ok: true; minPieces: number; note: string | null } | { ok: false; message: string };

/** Spec section 5: membership texts, word for word. */
export const membershipTexts = {
  upgrade: 'Upgrade your membership to use this design!',
  minimum: (item: string, n: number) => `To access ${item} you must order at least ${n} pieces`,
} as const;

/** Whether a member may use a design, and the least pieces they must order. */
export function designAccess(design: LibraryDesign, membership: MembershipName): DesignAccess {
  if (MEMBERSHIP_RANK[membership] < MEMBERSHIP_RANK[design.membership]) {
    return { ok: false, message: membershipTexts.upgrade };
  }
  const minPieces = design.minPieces[membership];
  return {
    ok: true,
    minPieces,
    note: minPieces > 1 ? membershipTexts.minimum(design.name, minPieces) : null,
  };
}

/** The design as an STL file, ready for the normal model upload. */
export function designFile(design: LibraryDesign): File {
  const bytes = writeStlBinary(design.mesh(), `Facet library ${design.id}`);
  return new File([bytes.slice().buffer], `${design.id}.stl`, { type: 'model/stl' });
}
