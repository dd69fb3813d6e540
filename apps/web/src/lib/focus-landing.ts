import { useCallback, useEffect, useRef, type FocusEvent, type RefObject } from 'react';

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

export type FocusMove = 'always' | 'when-lost';

/**
 * Moves focus to `target` (an element with tabIndex -1 that says what happened: the order's
 * heading with its new status, the notice of the drafts made) after `key` changes, never on the
 * first render nor while `key` is null (still loading). An action that ends by taking its own
 * button away (Send, Cancel, Close, Create draft orders) would otherwise drop focus to the page,
 * and a keyboard user would start again from the top.
 *
 * 'when-lost' leaves focus alone when it still sits on something (a dialog's button it returned
 * to); 'always' is for a key that only the user's own action changes, whose button goes away a
 * moment later when the lists are read again.
 */
export function useFocusAfterChange(
  key: string | null,
  target: RefObject<HTMLElement | null>,
  move: FocusMove = 'when-lost',
): void {
  const shownKey = useRef<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const previous = shownKey.current;
    shownKey.current = key;
    if (previous === null || previous === key) return;
    if (move === 'when-lost' && !isFocusLost()) return;
    target.current?.focus();
  }, [key, target, move]);
}

/**
 * Puts focus back on the control that had it when a busy spell ends. Controls disabled while a
 * call runs lose focus in the browser (it moves to the page), so a keyboard user who pressed Save
 * draft would start again from the top. Returns the container's onFocus, which notes the control.
 */
export function useFocusBackAfterBusy(isBusy: boolean): (event: FocusEvent) => void {
  const lastFocused = useRef<HTMLElement | null>(null);
  const wasBusy = useRef(isBusy);
  useEffect(() => {
    const hasEnded = wasBusy.current && !isBusy;
    wasBusy.current = isBusy;
    const control = lastFocused.current;
    if (hasEnded && control?.isConnected && isFocusLost()) control.focus();
  }, [isBusy]);
  return useCallback((event: FocusEvent) => {
    if (event.target instanceof HTMLElement) lastFocused.current = event.target;
  }, []);
}
