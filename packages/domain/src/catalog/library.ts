/**
 * The design library's membership rule (spec section 5): a library design names the least membership
 * that may use it and, per membership, the least pieces an order must have. The server decides with
 * these functions; the web shows what the server sent.
 */

/** Membership plans from the lowest to the highest. */
export const MEMBERSHIPS = ['Standard', 'Pro', 'Business'] as const;
export type Membership = (typeof MEMBERSHIPS)[number];

/** Least pieces per order, by the customer's membership. */
export type MinPieces = Record<Membership, number>;

/** What the rule needs of a library design. */
export interface LibraryTerms {
  /** The design's name, the {item} of the minimum text. */
  name: string;
  /** The least membership that may use the design. */
  membership: Membership;
  minPieces: MinPieces;
}

/** Spec section 5, word for word. */
export const libraryTexts = {
  upgrade: 'Upgrade your membership to use this design!',
  minimum: (item: string, n: number) => `To access ${item} you must order at least ${n} pieces`,
} as const;

/** A membership as an account names it ('Pro', 'business plan', …); Standard when unknown or missing. */
export function membershipOf(name: string | null | undefined): Membership {
  const lower = (name ?? '').toLowerCase();
  if (lower.includes('business')) return 'Business';
  if (lower.includes('pro')) return 'Pro';
  return 'Standard';
}

/** Whether `membership` is at least `least`. */
export function membershipMatches(membership: Membership, least: Membership): boolean {
  return MEMBERSHIPS.indexOf(membership) >= MEMBERSHIPS.indexOf(least);
}

export interface LibraryAccess {
  /** The member may use the design. */
  allowed: boolean;
  /** Why not ('Upgrade your membership to use this design!'); null when allowed. */
  message: string | null;
  /** Least pieces per order for this membership. */
  minPieces: number;
  /** 'To access {item} you must order at least {n} pieces' when more than one piece is needed, else null. */
  minimumText: string | null;
}

/** A member's access to a design and the least pieces they must order. */
export function libraryAccess(terms: LibraryTerms, membership: Membership): LibraryAccess {
  const minPieces = Math.max(1, terms.minPieces[membership]);
  const allowed = membershipMatches(membership, terms.membership);
  return {
    allowed,
    message: allowed ? null : libraryTexts.upgrade,
    minPieces,
    minimumText: minPieces > 1 ? libraryTexts.minimum(terms.name, minPieces) : null,
  };
}

export type LibraryOrderCheck = { ok: true } | { ok: false; reason: 'upgrade' | 'minimum'; message: string };

/** Whether a member may order `quantity` pieces of a design: the membership first, then the minimum. */
export function checkLibraryOrder(
  terms: LibraryTerms,
  membership: Membership,
  quantity: number,
): LibraryOrderCheck {
  const access = libraryAccess(terms, membership);
  if (!access.allowed) return { ok: false, reason: 'upgrade', message: libraryTexts.upgrade };
  if (quantity < access.minPieces) {
    return { ok: false, reason: 'minimum', message: libraryTexts.minimum(terms.name, access.minPieces) };
  }
  return { ok: true };
}
