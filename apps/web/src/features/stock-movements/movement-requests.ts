import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { sessionBaseQuery } from '../../api/base-api';
import type { ApiError } from '../../api/api-error';
import { fileNameFrom, saveBlob } from '../../lib/save-file';

/**
 * How the movement calls reach the base API: the one call's fallback text, the `details` of a
 * refusal kept, files saved as they arrive, and the Idempotency-Key header.
 */

/** Fills the `:name` segments of a contracts path. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** A failed call with the server's `details` kept: row errors of an upload, attempts left. */
export type MovementApiError = ApiError & { details: Record<string, unknown> | null };

/** The `details` of a failed movement call, or an empty object. */
export function errorDetails(error: unknown): Record<string, unknown> {
  if (typeof error !== 'object' || error === null || !('details' in error)) return {};
  const { details } = error;
  return typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {};
}

export function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error;
  return typeof code === 'string' ? code : null;
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

/** The header of DESIGN 13 that makes a retried stock change safe. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * The base API's query with this feature's service and the fallback text of the one call: a
 * single endpoint serves several calls (source or destination, one or a batch, Excel or CSV).
 */
function send(api: BaseQueryApi, args: FetchArgs, fallbackMessage: string) {
  return sessionBaseQuery(args, api, { service: 'inventory', fallbackMessage });
}

/**
 * Sends a call and keeps the `details` of a refusal, which the base API's error leaves out (it
 * keeps only the field errors): the response handler sees the body before the mapping does.
 */
export async function sendKeepingDetails(api: BaseQueryApi, args: FetchArgs, fallbackMessage: string) {
  let refused: unknown = null;
  const result = await send(
    api,
    {
      ...args,
      responseHandler: async (response) => {
        const body = await readBody(response);
        if (!response.ok) refused = body;
        return body;
      },
    },
    fallbackMessage,
  );
  if (result.error) {
    const details =
      typeof refused === 'object' && refused !== null && 'details' in refused ? refused.details : null;
    const error: MovementApiError = {
      ...result.error,
      details: typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : null,
    };
    return { error };
  }
  return { data: result.data };
}

/** A file download: the body as a Blob when it succeeds, the error body (JSON or text) when not. */
export async function download(
  api: BaseQueryApi,
  args: FetchArgs,
  names: { file: string; fallbackMessage: string },
) {
  const result = await send(
    api,
    { ...args, responseHandler: (response) => (response.ok ? response.blob() : readBody(response)) },
    names.fallbackMessage,
  );
  if (result.error) return { error: result.error };
  const fileName = fileNameFrom(result.meta?.response?.headers.get('Content-Disposition'), names.file);
  // Saved here, so the Blob never enters the store (it holds serialisable data only).
  saveBlob(result.data as Blob, fileName);
  return { data: { fileName } };
}

export function withKey(idempotencyKey: string): Record<string, string> {
  return { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
}
