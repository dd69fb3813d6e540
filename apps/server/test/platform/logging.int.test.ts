import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import { connectDatabase, type Database } from '../../src/platform/db/database.js';
import { createJobQueue, type JobQueue } from '../../src/platform/jobs/job-queue.js';
import { uniqueEmail } from '../factories/accounts.js';
import { plainText } from '../factories/mail.js';
import { withDatabase } from '../global-setup.js';

type LogLine = Record<string, unknown> & { reqId?: string; msg?: string; req?: { url?: string } };

const PASSWORD = 'quartz-Meadow-93-harbour';
const NEW_PASSWORD = 'velvet-Canyon-58-compass';

let app: FastifyInstance;
let database: Database;
let owner: Database;
let jobs: JobQueue;
let admin: pg.Client;
let dbName: string;
let dataDir: string;
let logText = '';
const responses: LightMyRequestResponse[] = [];
const secrets: Record<string, string> = {};

/**
 * Like test/build-app.ts, but with the production logger (level info) writing into `logText`,
 * and every response kept to compare its X-Request-Id with the log.
 */
async function buildLoggingApp(): Promise<void> {
  dbName = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  admin = new pg.Client({ connectionString: inject('dbAdminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('dbTemplate')}`);
  dataDir = await mkdtemp(path.join(tmpdir(), 'backoffice-logging-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_URL: 'http://app.test',
    JWT_SECRET: 'logging-secret-logging-secret-0123456789',
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT: '1000',
    // Logging is under test here, not the web app: whether apps/web is built must not matter.
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  database = connectDatabase(withDatabase(inject('dbRequestUrl'), dbName), { max: 5 });
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logText += chunk.toString('utf8');
      done();
    },
  });
  // As in main.ts: the workers poll, and their log lines land in the same log.
  jobs = createJobQueue({
    url: withDatabase(inject('dbAdminUrl'), dbName),
    log: pino({ level: 'info' }, logStream),
    timing: 'fast',
  });
  owner = connectDatabase(withDatabase(inject('dbAdminUrl'), dbName), { max: 2 });
  app = await buildApp({ config, db: database.db, ownerDb: owner.db, jobs, logStream });
  await app.ready();
  await jobs.start();
}

async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await app.inject(options);
  responses.push(res);
  return res;
}

function logLines(): LogLine[] {
  return logText
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
}

async function waitForMailLink(to: string, prefix: string): Promise<string> {
  const mailDir = path.join(dataDir, 'mail');
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = (await readdir(mailDir).catch(() => [])).filter((file) => file.endsWith('.eml'));
    for (const file of files.sort().reverse()) {
      const mail = await readFile(path.join(mailDir, file), 'utf8');
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(mail)) continue;
      const link = new RegExp(`${prefix.replace(/[.?]/g, '\\$&')}[^\\s"<>]*`).exec(plainText(mail))?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to} with ${prefix}`);
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

beforeAll(async () => {
  await buildLoggingApp();
  const email = uniqueEmail('logging');
  secrets.password = PASSWORD;
  secrets.newPassword = NEW_PASSWORD;

  const registered = await call({
    method: 'POST',
    url: '/api/auth/register',
    payload: { fullName: 'Lou Logging', email, password: PASSWORD },
  });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const verifyLink = await waitForMailLink(email, 'http://app.test/api/auth/verify-email?token=');
  secrets.verifyToken = tokenOf(verifyLink);
  const verified = await call({ method: 'GET', url: `/api/auth/verify-email?token=${secrets.verifyToken}` });
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.body}`);

  const login = await call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  const { token, user } = login.json<{ token: string; user: { id: string } }>();
  secrets.jwt = token;
  const me = await call({
    method: 'GET',
    url: `/api/users/${user.id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (me.statusCode !== 200) throw new Error(`me: ${me.body}`);
  // A wrong token too: refusals are logged as well.
  await call({ method: 'GET', url: `/api/users/${user.id}`, headers: { authorization: `Bearer ${token}x` } });

  const reset = await call({ method: 'POST', url: '/api/auth/reset-password/request', payload: { email } });
  if (reset.statusCode !== 200) throw new Error(`reset request: ${reset.body}`);
  const resetLink = await waitForMailLink(email, 'http://app.test/api/auth/reset-password/confirm?token=');
  secrets.resetToken = tokenOf(resetLink);
  // The browser opens the link (the reset page), then the page posts the new password.
  await call({ method: 'GET', url: `/api/auth/reset-password/confirm?token=${secrets.resetToken}` });
  const confirmed = await call({
    method: 'POST',
    url: `/api/auth/reset-password/confirm?token=${secrets.resetToken}`,
    payload: { newPassword: NEW_PASSWORD },
  });
  if (confirmed.statusCode !== 200) throw new Error(`reset confirm: ${confirmed.body}`);
  // Given request ids are kept; unusable ones are replaced.
  await call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-from-the-proxy-42' } });
  await call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'not usable; has spaces' } });
});

afterAll(async () => {
  await app.close();
  await jobs.stop();
  await database.close();
  await owner.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
});

describe('request logging', () => {
  describe('request ids', () => {
    it('logs every request with a request id', () => {
      const requestLines = logLines().filter((line) => line.req !== undefined || line.res !== undefined);
      expect(requestLines.length).toBeGreaterThanOrEqual(2 * responses.length);
      for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
    });

    it('answers each request with X-Request-Id equal to the id of its log lines', () => {
      const lines = logLines();
      for (const res of responses) {
        const id = res.headers['x-request-id'];
        expect(id).toEqual(expect.any(String));
        const own = lines.filter((line) => line.reqId === id);
        expect(own.map((line) => line.msg)).toEqual(
          expect.arrayContaining(['incoming request', 'request completed']),
        );
      }
      const ids = responses.map((res) => res.headers['x-request-id']);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('keeps a usable X-Request-Id given by the client and replaces an unusable one', () => {
      const [given, unusable] = responses.slice(-2);
      expect(given?.headers['x-request-id']).toBe('trace-from-the-proxy-42');
      expect(unusable?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(logText).not.toContain('not usable; has spaces');
    });

    it('logs the URL of the e-mailed links with their token cut out', () => {
      const urls = logLines()
        .map((line) => line.req?.url)
        .filter((url): url is string => typeof url === 'string');
      expect(urls).toContain('/api/auth/verify-email?token=[redacted]');
      expect(urls).toContain('/api/auth/reset-password/confirm?token=[redacted]');
    });
  });

  describe('secrets', () => {
    it('ran the whole flow, so every secret below was really sent', () => {
      expect(Object.keys(secrets).sort()).toEqual([
        'jwt',
        'newPassword',
        'password',
        'resetToken',
        'verifyToken',
      ]);
      for (const value of Object.values(secrets)) expect(value.length).toBeGreaterThan(10);
    });

    it.each(['password', 'newPassword', 'jwt', 'verifyToken', 'resetToken'])('never logs the %s', (name) => {
      const value = secrets[name] ?? '';
      expect(value).not.toBe('');
      expect(logText).not.toContain(value);
    });

    it('never logs a JWT signature or payload separately', () => {
      const [, payload, signature] = (secrets.jwt ?? '').split('.');
      expect(logText).not.toContain(payload);
      expect(logText).not.toContain(signature);
    });

    it("never logs an Authorization header ('Bearer ')", () => {
      expect(logText).not.toMatch(/Bearer /i);
    });

    it('logs the mail file, not its link', () => {
      const mailLines = logLines().filter((line) => line.msg === 'mail written to file (no SMTP_URL set)');
      expect(mailLines).toHaveLength(2);
      for (const line of mailLines) expect(String(line.file)).toMatch(/\.eml$/);
      expect(logText).not.toContain('http://app.test/api/auth/');
    });
  });
});
