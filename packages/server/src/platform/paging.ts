/**
 * Keyset paging: a list reads one row more than its page (`limit + 1`); that row only says whether there is
 * a next page. `next` is the cursor of the page's last row, or null on the last page.
 */
export function keysetPage<T, C>(rows: T[], limit: number, cursorOf: (row: T) => C) {
  const shown = rows.length > limit ? rows.slice(0, limit) : rows;
  return { shown, next: rows.length > limit ? cursorOf(shown.at(-1)!) : null };
}
