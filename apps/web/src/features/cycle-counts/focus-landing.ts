/**
 * Where the keyboard's focus lands when the control that had it goes away: the button of a dialog
 * whose page is replaced by the one it opened, a Save or Accept button disabled by its own success,
 * a Complete button that a completed sheet no longer has. The browser drops the focus to <body>
 * then, and the next Tab starts again from the top of the page; these put it where the work goes on.
 */

/** Whether the focus is nowhere useful: on <body>, on an element gone from the page, or on a disabled one. */
export function isFocusLost(): boolean {
  const active = document.activeElement;
  return (
    !(active instanceof HTMLElement) ||
    active === document.body ||
    !active.isConnected ||
    active.matches(':disabled')
  );
}

/**
 * Focuses an element that is not a control (a heading, a summary, a line) from script only: a
 * screen reader reads it, and the next Tab goes on from there.
 */
export function focusLanding(target: Element | null | undefined): void {
  if (!(target instanceof HTMLElement)) return;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  target.scrollIntoView?.({ block: 'nearest' });
}
