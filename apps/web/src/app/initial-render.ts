/**
 * Whether the router has rendered the app once. Before that, a dashboard page does not hold up
 * the first render: the shell shows at once and the page loads inside it (lazy-shell-page.tsx).
 */
let hasRendered = false;

export function markInitialRender(): void {
  hasRendered = true;
}

export function hasRenderedOnce(): boolean {
  return hasRendered;
}
