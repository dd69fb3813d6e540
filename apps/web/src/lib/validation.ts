import type { FieldErrors } from '../api/api-error';

type Issue = { path: readonly PropertyKey[]; message: string };
type SafeParseResult<Output> =
  { success: true; data: Output } | { success: false; error: { issues: Issue[] } };

export type ValidationResult<Output> =
  { data: Output; errors: null } | { data: null; errors: Record<string, string> };

/** Runs a contracts schema and returns the first message per dotted field path. */
export function validate<Output>(
  schema: { safeParse: (input: unknown) => SafeParseResult<Output> },
  input: unknown,
): ValidationResult<Output> {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return { data: null, errors };
}

/** The first server message per field, for showing at the fields. */
export function firstFieldErrors(fieldErrors: FieldErrors): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (messages[0]) result[field] = messages[0];
  }
  return result;
}

/** Empty strings become undefined, so optional fields left blank are not sent. */
export function withoutEmptyStrings<T extends Record<string, string>>(values: T): Partial<T> {
  const result: Partial<T> = {};
  for (const [key, value] of Object.entries(values) as [keyof T, string][]) {
    if (value.trim() !== '') result[key] = value as T[keyof T];
  }
  return result;
}
