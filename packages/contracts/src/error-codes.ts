// No zod here: the web's first load imports these constants.
/**
 * Every error the API answers with. `STATUS_BY_CODE` is a `Record<ErrorCode, number>`, so a new
 * code without an HTTP status does not compile.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'INVALID_TOKEN',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_DISABLED',
  'FORBIDDEN',
  'PLAN_VIOLATION',
  'NOT_FOUND',
  'CONFLICT',
  'IN_USE',
  'INSUFFICIENT_STOCK',
  'WRONG_VALIDATION_CODE',
  'MOVEMENT_LOCKED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'PROVIDER_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_TOKEN: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_DISABLED: 403,
  FORBIDDEN: 403,
  PLAN_VIOLATION: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IN_USE: 409,
  INSUFFICIENT_STOCK: 409,
  WRONG_VALIDATION_CODE: 400,
  MOVEMENT_LOCKED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  /** The payment provider refused a call the server made (its message is passed on). */
  PROVIDER_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
};

/** Header set on a 403 that the upgrade dialog must handle. */
export const PLAN_VIOLATION_HEADER = 'X-Plan-Violation';

export const DEFAULT_PLAN_VIOLATION_MESSAGE = 'This action requires a higher subscription plan.';
