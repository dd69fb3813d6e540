import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { sessionBaseQuery } from '../../api/base-api';
import {
  readBody,
  sendKeepingDetails as sendWithDetails,
  type ApiErrorWithDetails,
} from '../../api/request-details';
import { fileNameFrom, saveBlob } from '../../lib/save-file';

/**
 * How the movement calls reach the base API: the one call's fallback text, the `details` of a
 * refusal kept, files saved as they arrive, and the Idempotency-Key header.
 */

/** A failed call with the server's `details` kept: row errors of an upload, attempts left. */
export type MovementApiError = ApiErrorWithDetails;

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

/** The header of DESIGN 13 that makes a retried stock change safe. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * The base API's query with this feature's service and the fallback text of the one call: a
 * single endpoint serves several calls (source or destination, one or a batch, Excel or CSV).
 */
function send(api: BaseQueryApi, args: FetchArgs, fallbackMessage: string) {
  return sessionBaseQuery(args, api, { service: 'inventory', fallbackMessage });
}

/** Sends a call on this feature's service and keeps the `details` of a refusal. */
export function sendKeepingDetails(api: BaseQueryApi, args: FetchArgs, fallbackMessage: string) {
  return sendWithDetails(api, args, { service: 'inventory', fallbackMessage });
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
