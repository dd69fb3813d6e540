/**
 * When the person last used the page. A session renews only while its person is active (DESIGN
 * section 5: 8 hours idle end it), so a tab left open overnight lets its session lapse.
 */
const EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
const THROTTLE_MS = 1000;

let lastActivityAt = Date.now();
const waiting = new Set<() => void>();

function note(): void {
  const now = Date.now();
  if (now - lastActivityAt < THROTTLE_MS && waiting.size === 0) return;
  lastActivityAt = now;
  const callbacks = [...waiting];
  waiting.clear();
  for (const callback of callbacks) callback();
}

/** Starts listening (once per page); answers the function that stops it. */
export function trackActivity(): () => void {
  for (const event of EVENTS) window.addEventListener(event, note, { passive: true, capture: true });
  return () => {
    for (const event of EVENTS) window.removeEventListener(event, note, { capture: true });
  };
}

export function getLastActivityAt(): number {
  return lastActivityAt;
}

/** Calls `callback` at the next sign of the person; answers the function that cancels it. */
export function onNextActivity(callback: () => void): () => void {
  waiting.add(callback);
  return () => waiting.delete(callback);
}

/** For tests. */
export function setLastActivityAt(at: number): void {
  lastActivityAt = at;
}
