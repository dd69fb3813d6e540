/**
 * What a `<details>` menu lacks to behave as a menu: Escape closes it (focus back on its button),
 * and so do a click or focus outside it and following one of its links. Framework-free, so the
 * app's header and the static pages (`site/site.ts`) share it. Returns the clean-up.
 */
export function enhanceDisclosureMenu(details: HTMLDetailsElement): () => void {
  const summary = details.querySelector('summary');
  const close = () => {
    details.open = false;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !details.open) return;
    event.preventDefault();
    close();
    summary?.focus();
  };
  const onOutside = (event: Event) => {
    if (details.open && event.target instanceof Node && !details.contains(event.target)) close();
  };
  const onLinkClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) close();
  };
  details.addEventListener('keydown', onKeyDown);
  details.addEventListener('click', onLinkClick);
  document.addEventListener('click', onOutside);
  document.addEventListener('focusin', onOutside);
  return () => {
    details.removeEventListener('keydown', onKeyDown);
    details.removeEventListener('click', onLinkClick);
    document.removeEventListener('click', onOutside);
    document.removeEventListener('focusin', onOutside);
  };
}
