/** Card formatting rules of spec sections 2 and 9 (designer and service provider cards). */

/** Spec section 9: at most 5 specialty tags on a card. */
export const MAX_CARD_TAGS = 5;
/** Spec section 9: 6 skeleton cards while designers load. */
export const SKELETON_CARDS = 6;

/** First name plus last initial: 'Mara K.'; just the first name when there is no last name. */
export function shortName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = lastName.trim().charAt(0).toUpperCase();
  if (!initial) return first;
  return `${first} ${initial}.`.trim();
}

/** One decimal, or 'Not yet rated' when there is no rating. */
export function formatRating(rating: number | null | undefined): string {
  if (rating === null || rating === undefined || !Number.isFinite(rating) || rating <= 0)
    return 'Not yet rated';
  return rating.toFixed(1);
}

/** Percent with two decimals ('87.50%'), or a dash when unknown. Accepts 0..100. */
export function formatResponseRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '–';
  return `${rate.toFixed(2)}%`;
}

/** Designer skills, software skills and CAD skills joined, without repeats, at most 5. */
export function cardTags(...groups: ReadonlyArray<readonly string[] | null | undefined>): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const group of groups) {
    for (const raw of group ?? []) {
      const tag = raw.trim();
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) continue;
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags.slice(0, MAX_CARD_TAGS);
}
