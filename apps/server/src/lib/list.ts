/** Helpers for the list endpoints (DESIGN §2): page window, LIKE patterns, search terms. */

export function pageWindow(query: { page: number; pageSize: number }) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** `%term%` for (I)LIKE, with the pattern characters of the input taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The digits of a search box that holds only digits, dashes and spaces (a phone or an id); else null. */
export function digitTerm(q: string): string | null {
  if (!/^[\d\s-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  return digits.length > 0 ? digits : null;
}
