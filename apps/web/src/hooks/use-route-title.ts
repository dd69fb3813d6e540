import { useMatches } from 'react-router';

/** What a route puts in its `handle`: the title of its breadcrumb. */
export type RouteHandle = { title?: string };

function readTitle(handle: unknown): string | null {
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return null;
  const { title } = handle as RouteHandle;
  return typeof title === 'string' ? title : null;
}

/** The title of the deepest matched route that has one; the dashboard breadcrumb defaults to "Dashboard". */
export function useRouteTitle(fallback = 'Dashboard'): string {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const title = readTitle(matches[index]?.handle);
    if (title) return title;
  }
  return fallback;
}
