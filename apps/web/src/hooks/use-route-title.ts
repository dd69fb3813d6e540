import { useEffect } from 'react';
import { useMatches } from 'react-router';

/**
 * What a route puts in its `handle`: the title of its breadcrumb (dashboard pages), or only its
 * document title (public pages). The document title is `documentTitle`, else `title`.
 */
export type RouteHandle = { title?: string; documentTitle?: string };

/** Appended to every document title; the home page's title is this alone. */
export const DOCUMENT_TITLE_SUFFIX = 'Retail Back-Office';

function readString(handle: unknown, key: keyof RouteHandle): string | null {
  if (typeof handle !== 'object' || handle === null || !(key in handle)) return null;
  const value = (handle as RouteHandle)[key];
  return typeof value === 'string' ? value : null;
}

function useDeepest(read: (handle: unknown) => string | null): string | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const value = read(matches[index]?.handle);
    if (value !== null) return value;
  }
  return null;
}

/** The title of the deepest matched route that has one; the dashboard breadcrumb defaults to "Dashboard". */
export function useRouteTitle(fallback = 'Dashboard'): string {
  return useDeepest((handle) => readString(handle, 'title') || null) ?? fallback;
}

/** "Products · Retail Back-Office": the deepest route's title, set as the document title. */
export function useDocumentTitle(): void {
  const title = useDeepest((handle) => readString(handle, 'title') ?? readString(handle, 'documentTitle'));
  useEffect(() => {
    document.title = title ? `${title} · ${DOCUMENT_TITLE_SUFFIX}` : DOCUMENT_TITLE_SUFFIX;
  }, [title]);
}
