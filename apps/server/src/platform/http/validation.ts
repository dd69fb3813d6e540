import type { TFieldErrors } from '@app/contracts';
import type { z } from 'zod';

/** zod issues as `{ 'address.city': ['message'] }`, the shape of `details.fieldErrors`. */
export function zodFieldErrors(error: z.ZodError): TFieldErrors {
  const fieldErrors: TFieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}
