import { isGroup, type MenuEntry, type MenuLink, menuFor } from '../app/screens';

export type MenuSelection = { selectedKey: string | null; openKey: string | null };

type Candidate = { link: MenuLink; groupKey: string | null; path: string; query: URLSearchParams };

function candidates(menu: MenuEntry[]): Candidate[] {
  return menu.flatMap((entry) => {
    const links = isGroup(entry) ? entry.children : [entry];
    const groupKey = isGroup(entry) ? entry.key : null;
    return links.map((link) => {
      const [path = '', query = ''] = link.to.split('?');
      return { link, groupKey, path, query: new URLSearchParams(query) };
    });
  });
}

function queryMatches(wanted: URLSearchParams, actual: URLSearchParams): boolean {
  return [...wanted].every(([key, value]) => actual.get(key) === value);
}

/**
 * The menu item for a location: the longest path that is the location or a prefix of it; among items of the
 * same path (the `?status=` views) the one whose query the location carries, else the plain one.
 */
export function selectMenu(pathname: string, search: string, menu: MenuEntry[] = menuFor()): MenuSelection {
  const actual = new URLSearchParams(search);
  let best: { candidate: Candidate; score: number } | null = null;
  for (const candidate of candidates(menu)) {
    const { path, query } = candidate;
    const exact = pathname === path;
    if (!exact && !pathname.startsWith(`${path}/`)) continue;
    if (query.size > 0 && !(exact && queryMatches(query, actual))) continue;
    const score = path.length * 10 + query.size;
    if (!best || score > best.score) best = { candidate, score };
  }
  return best
    ? { selectedKey: best.candidate.link.key, openKey: best.candidate.groupKey }
    : { selectedKey: null, openKey: null };
}
