/** The Communications screen's texts (001 section 8 names no fallback for the inbox's calls). */
export const COMMUNICATIONS_TEXT = {
  empty: 'No alerts. You are all caught up.',
  noMatch: 'No alerts match the filters.',
  subtitle:
    'Broadcasts from your team, and what the product noticed: low stock, waiting movements, renewals.',
} as const;

/** Alert toasts stay 3000 ms (001 section 9). */
export const ALERT_TOAST_MS = 3000;

export function allMarkedRead(marked: number): string {
  if (marked === 0) return 'Nothing left to mark read';
  return marked === 1 ? '1 alert marked read' : `${marked} alerts marked read`;
}
