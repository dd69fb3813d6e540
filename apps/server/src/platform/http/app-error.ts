import { DEFAULT_PLAN_VIOLATION_MESSAGE, STATUS_BY_CODE, type ErrorCode } from '@app/contracts';

export type ErrorDetails = Record<string, unknown>;

/** The one error type services throw. The error handler turns it into `{code, message, details}`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    details?: ErrorDetails,
    headers: Record<string, string> = {},
    /** What went wrong underneath; logged on the server, never answered. */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/** A 400 with one field error, for rules the zod schema cannot know (a common password). */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { fieldErrors: { [field]: [message] } });
}

/** A refusal by the subscription plan: 403 with X-Plan-Violation, which opens the upgrade dialog. */
export function planViolation(message: string = DEFAULT_PLAN_VIOLATION_MESSAGE): AppError {
  return new AppError('PLAN_VIOLATION', message, undefined, { 'X-Plan-Violation': '1' });
}

export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} was not found.`);
}
