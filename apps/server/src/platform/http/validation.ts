import type { TFieldErrors } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/** zod issues as `{ 'address.city': ['message'] }`, the shape of `details.fieldErrors`. */
export function zodFieldErrors(error: z.ZodError): TFieldErrors {
  const fieldErrors: TFieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** The 400 for field errors: its message names the first field, details carry them all. */
export function validationError(fieldErrors: TFieldErrors): AppError {
  const [field, messages] = Object.entries(fieldErrors)[0] ?? ['body', []];
  return new AppError('VALIDATION_ERROR', `${field}: ${messages[0] ?? 'is not valid'}`, { fieldErrors });
}
