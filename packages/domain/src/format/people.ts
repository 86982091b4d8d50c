/** How people and pros are shown on cards (spec §2 Designer card, sub header avatar). */
export function shortName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

export function initials(firstName: string, lastName: string): string {
  const value = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return value || 'A';
}

/** Rating with one decimal, or 'Not yet rated'. */
export function formatRating(average: number | null): string {
  return average === null ? 'Not yet rated' : average.toFixed(1);
}

/** Response rate as a percent with two decimals, or a dash. */
export function formatResponseRate(percent: number | null): string {
  return percent === null ? '-' : `${percent.toFixed(2)}%`;
}

/** A measured typical response time (median milliseconds) as words. */
export function responseTimeText(medianMs: number | null): string {
  if (medianMs === null) return 'No data yet';
  const hours = medianMs / 3_600_000;
  if (hours <= 1) return 'Within an hour';
  if (hours < 24) return `Within ${Math.ceil(hours)} hours`;
  const days = Math.ceil(hours / 24);
  return days === 1 ? 'Within a day' : `Within ${days} days`;
}

/** Up to 5 card tags: designer skills, software skills and CAD skills joined, without repeats. */
export function cardTags(...lists: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of lists.flat()) {
    const key = tag.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag.trim());
  }
  return tags.slice(0, 5);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
