import type { ApiErrorWithDetails } from '../../api/request-details';

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
