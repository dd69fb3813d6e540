import { DEFAULT_ERROR_MESSAGE } from '../../api/api-error';

/** 000 section 8, Audit: every failure of this screen reads "Logs error: {reason}". */
export function logsErrorText(reason: string): string {
  return `Logs error: ${reason}`;
}

/** The reason when the server gives neither `message` nor `error`. */
export const AUDIT_FALLBACK_REASON = DEFAULT_ERROR_MESSAGE;

export const AUDIT_SUCCESS = { export: 'Export downloaded' } as const;

export const LOCKED_TEXT = 'The audit log is part of the Basic plan and above.';
export const PICK_USER_HINT = 'Pick a user from the suggestions to search.';
