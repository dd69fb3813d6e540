import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TenantScope } from '../db/tenancy.js';
import { AppError } from '../http/app-error.js';
import { claimKey, readKey, renewKey, saveAnswer } from './idempotency.repository.js';

/**
 * Retries of calls that change stock or money (DESIGN 13): a repeat with the same
 * `Idempotency-Key` and the same request within 24 hours answers the first answer and changes
 * nothing; the same key with another request answers 422.
 *
 * The key is claimed, the work done and the answer saved in one transaction: a key exists exactly
 * when its change was committed, and a failed attempt (an error, a crash) leaves the key free
 * for the retry. Keys belong to one user of one business.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** What every route that honours the header says of it in the API description. */
export const IDEMPOTENCY_DESCRIPTION =
  ' Send an `Idempotency-Key` header (1 to 255 visible ASCII characters) to retry safely: the same ' +
  'key and request within 24 hours answers the first answer and changes nothing; the same key with ' +
  'another request answers 422.';

const KEY = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyClaim = { userId: string; key: string; fingerprint: string };

export type Answer<T> = { statusCode: number; body: T };

/**
 * The claim a request makes, or null without the header. `content` is what identifies the
 * request beyond its method and route: the parsed body and query by default, the bytes of an
 * uploaded file when there is one.
 */
export function idempotencyClaim(
  request: FastifyRequest,
  userId: string,
  content: unknown = { params: request.params, query: request.query, body: request.body },
): IdempotencyClaim | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !KEY.test(key))
    throw new AppError(
      'VALIDATION_ERROR',
      'The Idempotency-Key header has 1 to 255 visible ASCII characters.',
      { fieldErrors: { 'Idempotency-Key': ['1 to 255 visible ASCII characters.'] } },
    );
  const hash = createHash('sha256');
  hash.update(`${request.method} ${request.routeOptions.url ?? request.url}\n`);
  if (Buffer.isBuffer(content)) hash.update(content);
  else hash.update(stableJson(content));
  return { userId, key, fingerprint: hash.digest('hex') };
}

/**
 * Runs `work` once per key: inside the caller's tenant transaction, before anything else of
 * the request is written.
 */
export async function once<T>(
  scope: TenantScope,
  claim: IdempotencyClaim | null,
  work: () => Promise<Answer<T>>,
): Promise<Answer<T>> {
  if (!claim) return work();
  if (!(await claimKey(scope, claim))) {
    const stored = await readKey(scope, claim, IDEMPOTENCY_TTL_SECONDS);
    if (stored && !stored.isExpired) {
      if (stored.fingerprint !== claim.fingerprint)
        throw new AppError(
          'UNPROCESSABLE',
          'This Idempotency-Key was used for another request. Use a new key for a new request.',
        );
      if (stored.statusCode !== null) return { statusCode: stored.statusCode, body: stored.response as T };
    }
    await renewKey(scope, claim);
  }
  const answer = await work();
  await saveAnswer(scope, claim, answer.statusCode, answer.body);
  return answer;
}

/** JSON with object keys sorted, so the same request always has the same fingerprint. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
