import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

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
  APP_URL: z.preprocess(emptyAsUndefined, z.url({ message: 'must be an http(s) URL' }).optional()),
  JWT_SECRET: z.preprocess(
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
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().optional(),
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
  appUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean;
  /** Requests per minute and client on login, register and reset request. */
  authRateLimit: number;
  bodyLimitBytes: number;
  webDistDir: string;
  /** Off: nothing is compressed (a proxy in front compresses, or a benchmark compares). */
  compression: boolean;
};

export class ConfigError extends Error {}

/**
 * Reads and validates the environment. A bad variable throws a ConfigError whose message names
 * it; main() prints that and exits with code 1.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDistDir()),
    compression: e.COMPRESSION,
  };
}

/** Without JWT_SECRET a random one is generated once and kept, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: no secret yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** apps/web/dist, found from this file whether it runs from src/ or dist/ (same depth). */
function defaultWebDistDir(): string {
  return path.resolve(import.meta.dirname, '../../../web/dist');
}
