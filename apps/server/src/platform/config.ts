import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseAzureConnectionString } from './blobs/azure-connection-string.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * A login in a postgres:// URL's query (`?user=...&password=...`): node-postgres takes these
 * over the user name and password before the host, so they would log in as someone else.
 */
function hasCredentialParams(url: string): boolean {
  try {
    const { searchParams } = new URL(url);
    return searchParams.has('user') || searchParams.has('password');
  } catch {
    return false;
  }
}

/** An address a browser loads from: http(s) only (no javascript:, data: or file:). */
const httpUrl = z
  .url({ message: 'must be an http(s) URL' })
  .refine((url) => /^https?:\/\//i.test(url), 'must be an http(s) URL');

/** A user name or password in a URL, which every visitor of a public page would read. */
function hasCredentials(url: string): boolean {
  try {
    const { username, password } = new URL(url);
    return username !== '' || password !== '';
  } catch {
    return false;
  }
}

/** A tracker's address: the site configuration hands it to every visitor, so it holds no secret. */
const trackerUrl = httpUrl.refine((url) => !hasCredentials(url), 'must not contain a user name or password');

/**
 * The public address: pages, the sitemap and e-mails put paths after it, so it is an origin (an
 * optional path at most), never a script (javascript:) or a place with credentials, a query or a
 * fragment that the paths would land in.
 */
const appUrl = httpUrl.refine(
  (url) => !hasCredentials(url) && !/[?#]/.test(url),
  'must be an http(s) address without user name, password, query or fragment',
);

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ message: 'must be a postgres:// URL' })
      .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL')
      .optional(),
  ),
  DATABASE_APP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ message: 'must be a postgres:// URL' })
      .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL')
      .optional(),
  ),
  DATABASE_REPLICA_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ message: 'must be a postgres:// URL' })
      .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL')
      .refine(
        (url) => !hasCredentials(url) && !hasCredentialParams(url),
        'must name only host, port and database: the reads log in as the request role',
      )
      .optional(),
  ),
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  APP_URL: z.preprocess(emptyAsUndefined, appUrl.optional()),
  ANALYTICS_SCRIPT_URL: z.preprocess(emptyAsUndefined, trackerUrl.optional()),
  MARKETING_PIXEL_URL: z.preprocess(emptyAsUndefined, trackerUrl.optional()),
  JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must have at least 32 characters').optional(),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must have at least 32 characters').optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ message: 'must be an smtp:// or smtps:// URL' })
      .refine((url) => /^smtps?:\/\//.test(url), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Retail Back-Office <no-reply@localhost>'),
  AZURE_STORAGE_CONNECTION_STRING: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        const parsed = value === undefined ? null : parseAzureConnectionString(value);
        if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
      }),
  ),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9]+$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
  // A Stripe-compatible API to talk to instead of api.stripe.com (a local test server).
  STRIPE_API_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ message: 'must be an http(s) URL' })
      .refine((url) => /^https?:\/\//.test(url), 'must be an http(s) URL')
      .optional(),
  ),
  /** An OpenAI-compatible server for the reports' questions; unset: the built-in analyst. */
  AI_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ message: 'must be an http(s) URL' })
      .refine((url) => /^https?:\/\//.test(url), 'must be an http(s) URL')
      .optional(),
  ),
  AI_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  AI_MODEL: z.preprocess(emptyAsUndefined, z.string().min(1).max(200).optional()),
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(120),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx): TrustProxy => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
  ),
  DEV_MAILBOX: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['1', '0', 'true', 'false'], { message: 'must be 1 or 0' })
      .default('0')
      .transform((value) => value === '1' || value === 'true'),
  ),
  DEMO: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['1', '0', 'true', 'false'], { message: 'must be 1 or 0' })
      .default('0')
      .transform((value) => value === '1' || value === 'true'),
  ),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().optional(),
  // Tests only (not documented): `fast` makes retries immediate and expiry short, so a test sees
  // a killed process's job retried in seconds (platform/jobs/job-queue.ts), and the periodic
  // sweeps run every 2 s (main.ts).
  JOB_TIMING: z.enum(['standard', 'fast']).default('standard'),
  COMPRESSION: z
    .enum(['on', 'off'])
    .default('on')
    .transform((value) => value === 'on'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The login role requests use with DATABASE_URL; unset: provisioned by the owner at start. */
  databaseAppUrl: string | undefined;
  /**
   * A streaming replica of DATABASE_URL's database (DATABASE_REPLICA_URL: host, port, database
   * and options, no credentials) where the sales analytics and the reports read while it lags
   * at most `maxLagMs` (DATABASE_REPLICA_MAX_LAG_SECONDS, 30 by default); they log in with the
   * request role's credentials (platform/db/read-replica.ts). Unset: every read on the primary.
   */
  readReplica: { url: string; maxLagMs: number } | undefined;
  appUrl: string;
  /**
   * The analytics script and marketing pixel of the public pages (ANALYTICS_SCRIPT_URL,
   * MARKETING_PIXEL_URL): none by default; a page loads each only after the matching consent,
   * and the Content-Security-Policy of documents allows their origins and no other.
   */
  siteTrackers: SiteTrackers;
  jwtSecret: string;
  /**
   * GET /api/metrics answers a bearer of this token from anywhere; unset, only a request straight
   * from loopback (no proxy's forwarding header) gets the metrics.
   */
  metricsToken: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Images and files go to Azure Blob Storage through this connection string (checked at start:
   * an account key, a SAS, or UseDevelopmentStorage=true); unset: files in DATA_DIR/blobs.
   */
  azureStorageConnectionString: string | undefined;
  /**
   * Card payments through Stripe (Billing, Checkout, Connect Express) when STRIPE_SECRET_KEY is
   * set, which then needs STRIPE_WEBHOOK_SECRET; unset: the built-in sandbox provider.
   */
  stripe: StripeConfig | undefined;
  /**
   * The language model that answers the reports' questions (AI_BASE_URL with AI_API_KEY and
   * AI_MODEL); unset: the built-in analyst.
   */
  languageModel: { baseUrl: string; apiKey: string; model: string; questionTimeoutMs: number } | null;
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * The proxies in front of the server: none (false), how many (honoured from loopback and
   * private networks only, see toFastifyTrustProxy), or their addresses and CIDRs. Never
   * `true`, which trusts every hop.
   */
  trustProxy: TrustProxy;
  /**
   * /dev/mailbox is served (DEV_MAILBOX=1, set by `npm start` with the embedded database and
   * no SMTP). Always false with SMTP_URL: nothing is written to the mail folder then.
   */
  devMailbox: boolean;
  /**
   * DEMO=1 (set by `npm start` with the embedded database): the first start of an empty database
   * seeds "Demo Market", and `GET /api/demo` gives the login page its sign-in.
   */
  demo: boolean;
  /** Requests per minute and client on login, register and reset request. */
  authRateLimit: number;
  bodyLimitBytes: number;
  webDistDir: string;
  jobTiming: 'standard' | 'fast';
  /** Off: nothing is compressed (a proxy in front compresses, or a benchmark compares). */
  compression: boolean;
};

export type TrustProxy = false | number | string[];

export type SiteTrackers = { analyticsScriptUrl: string | null; marketingPixelUrl: string | null };

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Another Stripe-compatible API than api.stripe.com (a local test server); unset: Stripe's. */
  apiUrl: string | undefined;
};

export class ConfigError extends Error {}

/** Variables whose value is never repeated in an error message: it holds a key. */
const SECRET_VARIABLES = new Set([
  // Refused when it carries a password, which the message must not repeat.
  'DATABASE_REPLICA_URL',
  'METRICS_TOKEN',
  'AZURE_STORAGE_CONNECTION_STRING',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'AI_API_KEY',
]);

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_CHOICES =
  'give the number of proxies in front of the server (TRUST_PROXY=1), or their addresses ' +
  'or CIDRs separated by commas (TRUST_PROXY=127.0.0.1,10.0.0.0/8), or false for none';

/**
 * TRUST_PROXY as Fastify's trustProxy, or the message saying why it is refused. `true` is
 * refused: it believes every X-Forwarded-For entry, so a client picks its own address (and so
 * its own rate-limit key) by sending the header itself. A hop count or a list of proxies makes
 * the client address the one the last trusted proxy saw.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = (value ?? 'false').trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true')
    return `true would trust every hop, so a client could choose its own address: ${TRUST_PROXY_CHOICES}`;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 100 ? hops : `${hops} hops is not plausible: ${TRUST_PROXY_CHOICES}`;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length)
    return `${bad.map((b) => JSON.stringify(b)).join(', ')} is not an address or CIDR: ${TRUST_PROXY_CHOICES}`;
  const wide = entries.filter(isTooWide);
  if (wide.length)
    return `${wide.map((w) => JSON.stringify(w)).join(', ')} would trust much of the internet, so a client could choose its own address: name your proxies (at most a /8 for IPv4, a /7 for IPv6): ${TRUST_PROXY_CHOICES}`;
  return entries;
}

/**
 * A range so wide that clients, not only proxies, connect from it (0.0.0.0/1 and 128.0.0.0/1
 * together are `true` in disguise). Proxies sit on a host or a private network.
 */
function isTooWide(entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  if (prefix === undefined || PROXY_NAMES.has(entry)) return false;
  return Number(prefix) < (isIP(address) === 4 ? 8 : 7);
}

/** An IP address, a CIDR, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Reads and validates the environment. A bad variable throws a ConfigError whose message names
 * it; main() prints that and exits with code 1.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const got = SECRET_VARIABLES.has(name) ? 'value not shown' : `got ${JSON.stringify(env[name])}`;
      return `${issue.path.join('.')}: ${issue.message} (${got})`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY, so that ' +
        "payments Stripe confirms can be checked (the endpoint's signing secret, whsec_…)",
    );
  }
  if (e.AI_BASE_URL && (!e.AI_API_KEY || !e.AI_MODEL)) {
    throw new ConfigError(
      'Invalid configuration:\n  AI_API_KEY and AI_MODEL: are required with AI_BASE_URL (the key of the ' +
        'OpenAI-compatible server and the model to ask, such as gpt-4o-mini)',
    );
  }
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_REPLICA_URL: needs DATABASE_URL (a replica of the embedded ' +
        'database is not supported: give the primary in DATABASE_URL)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    readReplica: e.DATABASE_REPLICA_URL
      ? { url: e.DATABASE_REPLICA_URL, maxLagMs: e.DATABASE_REPLICA_MAX_LAG_SECONDS * 1000 }
      : undefined,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    siteTrackers: {
      analyticsScriptUrl: e.ANALYTICS_SCRIPT_URL ?? null,
      marketingPixelUrl: e.MARKETING_PIXEL_URL ?? null,
    },
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    metricsToken: e.METRICS_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    azureStorageConnectionString: e.AZURE_STORAGE_CONNECTION_STRING,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
    languageModel:
      e.AI_BASE_URL && e.AI_API_KEY && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL,
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            questionTimeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
          }
        : null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    devMailbox: e.DEV_MAILBOX && !e.SMTP_URL,
    demo: e.DEMO,
    authRateLimit: e.AUTH_RATE_LIMIT,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDistDir()),
    jobTiming: e.JOB_TIMING,
    compression: e.COMPRESSION,
  };
}

/** Without JWT_SECRET a random one is generated once and kept, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  return readOrCreateSecretFile(dataDir, 'jwt-secret', 48);
}

/**
 * A random secret kept in DATA_DIR/`name` (0600): made at the first start, read at every later
 * one. Only who can read the data folder has it.
 */
export function readOrCreateSecretFile(dataDir: string, name: string, bytes: number): string {
  const file = path.join(dataDir, name);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: no secret yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** apps/web/dist, found from this file whether it runs from src/ or dist/ (same depth). */
function defaultWebDistDir(): string {
  return path.resolve(import.meta.dirname, '../../../web/dist');
}
