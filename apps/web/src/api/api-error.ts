import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The default fallback of 000 section 8 when a call names none. */
export const DEFAULT_ERROR_MESSAGE = 'An error occurred';

/** What an unreachable server (no answer at all: offline, DNS, refused, CORS) reads as. */
export const UNREACHABLE_SERVER_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

export type FieldErrors = Record<string, string[]>;

/** What every failed call of the base API resolves to. */
export type ApiError = {
  status: FetchBaseQueryError['status'];
  code: string | null;
  /** The server's message, else its error field, else the call's fallback text. */
  message: string;
  fieldErrors: FieldErrors;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim().length > 0 ? value : null;
}

function readFieldErrors(details: unknown): FieldErrors {
  if (!isRecord(details) || !isRecord(details.fieldErrors)) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(details.fieldErrors)) {
    if (Array.isArray(messages)) {
      const texts = messages.filter((message): message is string => typeof message === 'string');
      if (texts.length > 0) result[field] = texts;
    }
  }
  return result;
}

/** Maps a fetchBaseQuery error to the product's error: `message`, then `error`, then fallback. */
export function toApiError(error: FetchBaseQueryError, fallback: string = DEFAULT_ERROR_MESSAGE): ApiError {
  if (error.status === 'FETCH_ERROR') {
    return { status: error.status, code: null, message: UNREACHABLE_SERVER_MESSAGE, fieldErrors: {} };
  }
  const data: unknown = 'data' in error ? error.data : undefined;
  const body = isRecord(data) ? data : {};
  return {
    status: error.status,
    code: nonEmptyString(body.code),
    message: nonEmptyString(body.message) ?? nonEmptyString(body.error) ?? fallback,
    fieldErrors: readFieldErrors(body.details),
  };
}

export function isApiError(error: unknown): error is ApiError {
  return isRecord(error) && typeof error.message === 'string' && 'status' in error && 'fieldErrors' in error;
}

/** The text to show for any error a hook or an unwrapped mutation hands back. */
export function getErrorMessage(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  if (isApiError(error)) return error.message;
  return fallback;
}

export function getFieldErrors(error: unknown): FieldErrors {
  return isApiError(error) ? error.fieldErrors : {};
}
