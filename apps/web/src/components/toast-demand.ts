/**
 * Whether anything has asked for a toast yet. The toast container (react-toastify, the largest
 * chunk a first visit would otherwise fetch for nothing) is mounted on the first request; a toast
 * sent before it mounts waits in react-toastify's queue and shows as soon as it does.
 */
let isDemanded = false;
const listeners = new Set<() => void>();

export function demandToasts(): void {
  if (isDemanded) return;
  isDemanded = true;
  for (const listener of listeners) listener();
}

export function subscribeToToastDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasToastDemand(): boolean {
  return isDemanded;
}
