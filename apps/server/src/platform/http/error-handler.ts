import type { TErrorBody, TFieldErrors } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionFailure } from '../db/pg-errors.js';
import { AppError } from './app-error.js';
import { validationError } from './validation.js';

/**
 * The one error handler. Known errors keep their code and message; everything else is a 500
 * without details, logged with its stack on the server only.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body, headers } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request refused');
    return reply.code(status).headers(headers).send(body);
  });
}

type ErrorResponse = { status: number; body: TErrorBody; headers: Record<string, string> };

function toErrorResponse(error: FastifyError | AppError): ErrorResponse {
  if (error instanceof AppError) {
    const body: TErrorBody = { code: error.code, message: error.message };
    if (error.details) body.details = error.details;
    return { status: error.statusCode, body, headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: TFieldErrors = {};
    for (const issue of error.validation) {
      const at = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
      for (const found of unionBranchIssues({
        code: issue.keyword,
        path: at,
        message: issue.message,
        ...issue.params,
      })) {
        const where = found.path.join('.') || 'body';
        (fieldErrors[where] ??= []).push(found.message ?? 'is not valid');
      }
    }
    return toErrorResponse(validationError(fieldErrors));
  }
  // Text PostgreSQL cannot store (a NUL character, invalid encoding) is the client's input, on any
  // route: a 400, not a 500. The catalogue refuses NUL before the database; this covers the rest.
  if (hasPgCode(error, UNSTORABLE_TEXT_CODES)) {
    return {
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message: 'The request holds a character that cannot be stored (such as NUL).',
      },
      headers: {},
    };
  }
  const provider = providerFailure(error);
  if (provider) return provider;
  // The database is down or restarting (a crash, a failover, a restart for an upgrade): the
  // request did nothing (its transaction never committed), so "try again" is the true answer.
  if (isDatabaseUnreachable(error)) {
    return {
      status: 503,
      body: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database cannot be reached right now. Try again in a moment.',
      },
      headers: { 'retry-after': '5' },
    };
  }
  const known = KNOWN_FASTIFY_ERRORS[error.code];
  if (known) return { status: known.status, body: { code: known.code, message: known.message }, headers: {} };
  if (error.statusCode === 429) {
    return {
      status: 429,
      body: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' },
      headers: {},
    };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      status: error.statusCode,
      body: { code: 'BAD_REQUEST', message: 'The request is not valid.' },
      headers: {},
    };
  }
  return {
    status: 500,
    body: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' },
    headers: {},
  };
}

const KNOWN_FASTIFY_ERRORS: Record<string, { status: number; code: TErrorBody['code']; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body is empty; JSON was expected.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted here; send JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body does not match its Content-Length.',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The file is too large.',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This call expects multipart/form-data.',
  },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION_ERROR', message: 'The request is not valid.' },
};

/** character_not_in_repertoire, untranslatable_character, invalid byte sequence. */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/**
 * Keys as Stripe's messages quote them, masked or not ("The provided key 'sk_live_****1234' does
 * not have access to account …", "Invalid API Key provided: sk_test_****abcd"): the server's
 * credentials, no business of the person reading the answer.
 */
const PROVIDER_KEY = /\b(?:sk|rk|pk)_(?:test|live)_[\w*]*|\bwhsec_[\w*]*/g;

/**
 * An error of the payment provider's SDK (Stripe's errors carry `type: 'Stripe…Error'`): not
 * reached or overloaded is 503, "try again"; a refusal is 502 with Stripe's message, which is
 * written for people (such as "Your platform is not enabled for Connect"), less any key it quotes.
 */
function providerFailure(error: unknown): ErrorResponse | null {
  const type = (error as { type?: unknown }).type;
  if (typeof type !== 'string' || !/^Stripe\w*Error$/.test(type)) return null;
  if (type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError') {
    return {
      status: 503,
      body: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The payment provider could not be reached. Try again in a moment.',
      },
      headers: { 'retry-after': '30' },
    };
  }
  const raw = (error as { message?: unknown }).message;
  const message = typeof raw === 'string' ? raw.replace(PROVIDER_KEY, '[key]') : raw;
  return {
    status: 502,
    body: {
      code: 'PROVIDER_ERROR',
      message: `The payment provider refused the request${typeof message === 'string' && message ? `: ${message}` : '.'}`,
    },
    headers: {},
  };
}

function isDatabaseUnreachable(error: unknown): boolean {
  // An error Fastify gives a 4xx status is one of reading the client's request: a client that
  // drops the connection half-way through its body raises ECONNRESET ("aborted") there. Answered
  // as 503, any client could fill the metrics with "database down" at will and bury a real outage.
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return isConnectionFailure(error);
}

function hasPgCode(error: unknown, codes: ReadonlySet<string>): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type Issue = { code?: unknown; path: Array<string | number>; message?: string; errors?: unknown };

/**
 * A value that fits no branch of a union (a single stock movement or a batch) fails with one
 * "Invalid input" at its root; the branch closest to what was sent (fewest issues, the first on
 * a tie) says what to fix, field by field.
 */
function unionBranchIssues(issue: Issue): Issue[] {
  const branches = Array.isArray(issue.errors) ? (issue.errors as Issue[][]) : [];
  if (issue.code !== 'invalid_union' || branches.length === 0) return [issue];
  const closest = branches.reduce((best, branch) => (branch.length < best.length ? branch : best));
  return closest.flatMap((nested) =>
    unionBranchIssues({
      ...nested,
      path: [...issue.path, ...(Array.isArray(nested.path) ? nested.path : [])],
    }),
  );
}
