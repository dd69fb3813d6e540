/** The broadcast calls' texts: 001 section 8 gives 'Failed to send broadcast: {reason}'. */
export const BROADCAST_ERRORS = {
  send: 'Failed to send broadcast',
  update: 'Failed to update broadcast',
  delete: 'Failed to delete broadcast',
  list: 'Failed to fetch broadcasts',
} as const;

/** The reason is the server's message, else its error, else the base API's 'An error occurred'. */
export function sendFailed(reason: string): string {
  return `${BROADCAST_ERRORS.send}: ${reason}`;
}

export function updateFailed(reason: string): string {
  return `${BROADCAST_ERRORS.update}: ${reason}`;
}

export const BROADCAST_SUCCESS = {
  send: 'Broadcast sent',
  update: 'Broadcast updated',
  delete: 'Broadcast deleted',
} as const;

/** Alert toasts stay 3000 ms (001 section 9). */
export const ALERT_TOAST_MS = 3000;

export const BROADCAST_TEXT = {
  subtitle: 'Tell your staff what they need to know: the whole business or one store, the roles you choose.',
  emptyWriter: 'No broadcasts yet. Write your first one above.',
  emptyReader: 'No broadcasts yet.',
} as const;
