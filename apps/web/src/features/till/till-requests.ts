import type { ApiErrorWithDetails } from '../../api/request-details';
import { isApiError } from '../../api/api-error';

/** A refused call with the server's `details` kept: which line (`index`, `lineNo`) it names. */
export type TillApiError = ApiErrorWithDetails;

/**
 * The line a refusal names, or null: `details.index` of a sale (its place in the request's lines,
 * from 0), `details.lineNo` of a refund (the sale's line number).
 */
export function refusedLine(error: unknown, key: 'index' | 'lineNo'): number | null {
  if (typeof error !== 'object' || error === null || !('details' in error)) return null;
  const { details } = error;
  if (typeof details !== 'object' || details === null || !(key in details)) return null;
  const value = (details as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** The header of DESIGN 13 that makes a retried sale or refund safe. */
export function withKey(idempotencyKey: string): Record<string, string> {
  return { 'Idempotency-Key': idempotencyKey };
}

/**
 * The server's refusal of a redemption, to show at the redeem control: a field error of `redeem`
 * (an unknown reward, points of a programme that has no cashback), or a 409 (fewer points than it
 * costs, no programme running). Null when the refusal is about something else.
 */
export function refusedRedemption(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const field = Object.entries(error.fieldErrors).find(
    ([name]) => name === 'redeem' || name.startsWith('redeem.'),
  );
  if (field?.[1][0]) return field[1][0];
  if (error.status !== 409 || refusedLine(error, 'index') !== null) return null;
  return error.message;
}
