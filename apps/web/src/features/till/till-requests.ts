import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import type { ApiError } from '../../api/api-error';
import { sessionBaseQuery } from '../../api/base-api';
import type { Service } from '../../api/service-urls';

/** Fills the `:name` segments of a contracts path. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** A refused call with the server's `details` kept: which line (`index`, `lineNo`) it names. */
export type TillApiError = ApiError & { details: Record<string, unknown> | null };

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

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!(response.headers.get('Content-Type') ?? '').includes('json') || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends a call through the base API and keeps the `details` of a refusal, which the base API's
 * error leaves out (it keeps only the field errors): the response handler sees the body first.
 */
export async function sendKeepingDetails(
  api: BaseQueryApi,
  args: FetchArgs,
  options: { service: Service; fallbackMessage: string },
) {
  let refused: unknown = null;
  const result = await sessionBaseQuery(
    {
      ...args,
      responseHandler: async (response) => {
        const body = await readBody(response);
        if (!response.ok) refused = body;
        return body;
      },
    },
    api,
    options,
  );
  if (result.error) {
    const details =
      typeof refused === 'object' && refused !== null && 'details' in refused ? refused.details : null;
    const error: TillApiError = {
      ...result.error,
      details: typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : null,
    };
    return { error };
  }
  return { data: result.data };
}

/** The header of DESIGN 13 that makes a retried sale or refund safe. */
export function withKey(idempotencyKey: string): Record<string, string> {
  return { 'Idempotency-Key': idempotencyKey };
}
