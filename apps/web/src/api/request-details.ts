import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import type { ApiError } from './api-error';
import { sessionBaseQuery } from './base-api';
import type { Service } from './service-urls';

/** Fills the `:name` segments of a contracts path. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * A refused call with the server's `details` kept: the row errors of an upload, the attempts left,
 * the line a sale or refund names.
 */
export type ApiErrorWithDetails = ApiError & { details: Record<string, unknown> | null };

/** The body as the server sent it: JSON when it says so (and parses), else the text. */
export async function readBody(response: Response): Promise<unknown> {
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
    const error: ApiErrorWithDetails = {
      ...result.error,
      details: typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : null,
    };
    return { error };
  }
  return { data: result.data };
}
