import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from 'openai';
import { AppError } from '../../../platform/http/app-error.js';

/** Where the language model is and how to reach it: AI_BASE_URL, AI_API_KEY, AI_MODEL. */
export type LanguageModelConfig = { baseUrl: string; apiKey: string; model: string; timeoutMs?: number };

export const DEFAULT_TIMEOUT_MS = 60_000;

/** Configurations come from the environment, so a handful at most; the cap only guards a leak. */
const MAX_CLIENTS = 8;
const clients = new Map<string, OpenAI>();

/**
 * One client per base URL, key and model (the timeout is passed per request). Everything the SDK
 * would read from the environment on its own (OPENAI_ORG_ID, OPENAI_PROJECT_ID, OPENAI_ADMIN_KEY,
 * OPENAI_LOG) is set here, so the only credential sent is AI_API_KEY, as the bearer, to AI_BASE_URL,
 * and the SDK logs nothing: a debug log would print the request. One retry covers a dropped
 * connection or a 5xx without keeping a shop owner waiting through the SDK's default two.
 */
export function openAiClient(config: LanguageModelConfig): OpenAI {
  const key = JSON.stringify([config.baseUrl, config.apiKey, config.model]);
  const cached = clients.get(key);
  if (cached) return cached;
  if (clients.size >= MAX_CLIENTS) clients.clear();
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 1,
    timeout: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    logLevel: 'off',
  });
  clients.set(key, client);
  return client;
}

const UNREACHABLE =
  'The language model could not be reached. Try again, or ask your administrator to check AI_BASE_URL.';

/** What a shop owner is told for each way the provider can fail; never the provider's own words. */
function messageFor(error: unknown): string {
  if (error instanceof APIConnectionTimeoutError)
    return 'The language model took too long to answer. Try again in a moment.';
  if (error instanceof APIConnectionError) return UNREACHABLE;
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError)
    return 'The language model refused the credentials. Ask your administrator to check AI_API_KEY.';
  if (error instanceof RateLimitError) return 'The language model is busy. Try again in a minute.';
  if (error instanceof NotFoundError)
    return 'The language model was not found. Ask your administrator to check AI_MODEL and AI_BASE_URL.';
  if (error instanceof APIError && error.status !== undefined && error.status >= 500)
    return 'The language model failed to answer. Try again in a moment.';
  if (error instanceof APIError) return 'The language model refused the request. Try asking another way.';
  return UNREACHABLE;
}

/**
 * An SDK failure as the PROVIDER_ERROR a shop owner reads. The cause (logged on the server, never
 * answered) keeps the status and the provider's message with the key blanked out: some servers
 * quote the key they refused.
 */
export function providerError(error: unknown, apiKey: string): AppError {
  // instanceof gives APIError<any>; its status is a number or undefined.
  const status = error instanceof APIError ? (error.status as number | undefined) : undefined;
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown failure';
  const detail = apiKey ? raw.replaceAll(apiKey, '[key]') : raw;
  return new AppError(
    'PROVIDER_ERROR',
    messageFor(error),
    undefined,
    {},
    new Error(`${status ?? '-'} ${detail}`),
  );
}

/** The caller gave up (the request was closed): not the provider's failure, so not reported as one. */
export function isCallerAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return error instanceof APIUserAbortError || (signal?.aborted ?? false);
}
