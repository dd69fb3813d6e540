/**
 * Pure rules every paged list shares: the LIKE pattern of a search and the total a page already
 * tells. Kept apart from the repositories so they are tested without a database.
 */

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A "contains" pattern for LIKE / ILIKE: the search's own %, _ and \ match themselves. */
export function toContainsPattern(search: string): string {
  return `%${escapeLike(search)}%`;
}

/**
 * The total when one page shows it: a page that is not full and not empty is the last one, and
 * an empty first page means there is nothing. Otherwise (a full page, or an empty page past the
 * first) only a count knows.
 */
export function totalShownByPage(rowCount: number, query: { page: number; size: number }): number | null {
  if (rowCount > 0 && rowCount < query.size) return query.page * query.size + rowCount;
  if (rowCount === 0 && query.page === 0) return 0;
  return null;
}
