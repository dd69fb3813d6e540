/** What the waiting tab says until its link arrives. */
const WAITING_TEXT = 'Opening…';

/** A tab opened on the user's click and pointed at its link once the server has answered. */
export type PendingTab = {
  /** Sends the tab to the link. */
  show: (url: string) => void;
  close: () => void;
};

/**
 * Opens an empty tab now, inside the click that asked for it: popup blockers refuse
 * `window.open` once an `await` has passed, and the link comes from the server. Null when the
 * browser blocked it all the same.
 */
export function openPendingTab(): PendingTab | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  // The page it shows must not reach back into this one (reverse tabnabbing): no opener.
  tab.opener = null;
  try {
    tab.document.title = WAITING_TEXT;
    tab.document.body.textContent = WAITING_TEXT;
  } catch {
    // Only a courtesy; some browsers do not let the blank page be written to.
  }
  return {
    show: (url) => {
      tab.location.href = url;
    },
    close: () => tab.close(),
  };
}

/** True for an http(s) address: a link from the server never runs script in a tab. */
export function isWebLink(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
