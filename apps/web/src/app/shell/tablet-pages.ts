import { useMatches } from 'react-router';
import type { RouteHandle } from '../../hooks/use-route-title';

/**
 * What a dashboard route's `handle` may add for the shell: `fitsTablet` marks a page made for a
 * 768 px tablet as well (the count sheet a counter carries down the aisles). DESIGN 10 keeps the
 * shell's 1024 px minimum width for every other page.
 */
export type ShellRouteHandle = RouteHandle & { fitsTablet?: boolean };

/** The route handle of a page made for a tablet as well: `fitsTablet(handle('Cycle Counts'))`. */
export function fitsTablet(handle: RouteHandle): ShellRouteHandle {
  return { ...handle, fitsTablet: true };
}

/** Whether the page shown (the deepest matched route) is made for a tablet as well. */
export function useFitsTablet(): boolean {
  const handle: unknown = useMatches().at(-1)?.handle;
  return typeof handle === 'object' && handle !== null && (handle as ShellRouteHandle).fitsTablet === true;
}
