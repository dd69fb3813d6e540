import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/platform/mail/mailer.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { GOOD_PASSWORD, uniqueEmail } from '../factories/accounts.js';
import { plainText } from '../factories/mail.js';

/** Mail is under test here, not the web app: whether apps/web is built must not matter. */
const NO_WEB_BUILD = { WEB_DIST_DIR: path.join(tmpdir(), 'backoffice-no-web-build') };

type Received = { from: string; to: string[]; raw: string };

let smtp: SMTPServer;
let port: number;
const received: Received[] = [];
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'backoffice-mail-'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(workDir, { recursive: true, force: true });
});

/** A logger whose lines the test reads. */
function capturingLogger(): {
  log: FastifyBaseLogger;
  lines: () => Array<Record<string, unknown>>;
  text: () => string;
} {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  const log = pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger;
  return {
    log,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => text,
  };
}

async function waitForReceived(to: string): Promise<Received> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = received.find((m) => m.to.includes(to));
    if (mail) return mail;
    await sleep(50);
  }
  throw new Error(`the SMTP server received no mail to ${to}`);
}

function header(raw: string, name: string): string | undefined {
  const head = raw.replace(/\r\n/g, '\n').split('\n\n')[0] ?? '';
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
}

const LINK = 'http://app.test/api/auth/verify-email?token=abcDEF123_secret-link-token';

/** As the mail queue hands a message to the mailer. */
function queued(mail: { to: string; subject: string; text: string; html: string }) {
  return { ...mail, key: randomUUID(), queuedAt: new Date().toISOString() };
}

describe('createMailer', () => {
  describe('SMTP', () => {
    it('delivers a message to the SMTP server with sender, recipient, subject and both parts', async () => {
      const logger = capturingLogger();
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Retail Back-Office <no-reply@shop.test>',
        mailDir: path.join(workDir, 'unused-mail'),
        log: logger.log,
      });
      const to = uniqueEmail('smtp');
      const mailToSend = queued({
        to,
        subject: 'Hello over SMTP',
        text: `Open ${LINK} now.`,
        html: `<p><a href="${LINK}">Open</a></p>`,
      });
      try {
        await mailer.send(mailToSend);
      } finally {
        mailer.close();
      }
      const mail = await waitForReceived(to);
      expect(mail.from).toBe('no-reply@shop.test');
      expect(mail.to).toEqual([to]);
      expect(header(mail.raw, 'To')).toContain(to);
      expect(header(mail.raw, 'Subject')).toBe('Hello over SMTP');
      expect(plainText(mail.raw)).toContain(LINK);
      expect(mail.raw).toMatch(/Content-Type: text\/html/i);
      // The idempotency key names the message, at the domain of MAIL_FROM.
      expect(header(mail.raw, 'Message-ID')).toBe(`<${mailToSend.key}@shop.test>`);
      // SMTP writes no files, and the log names the recipient but not the link.
      await expect(readdir(path.join(workDir, 'unused-mail'))).rejects.toThrow(/ENOENT/);
      expect(logger.lines()).toContainEqual(
        expect.objectContaining({ msg: 'mail sent', to, subject: 'Hello over SMTP', key: mailToSend.key }),
      );
      expect(logger.text()).not.toContain('secret-link-token');
    });

    it('fails the send when the SMTP server cannot be reached', async () => {
      const logger = capturingLogger();
      const closed = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const deadPort = (closed.server.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${deadPort}`,
        from: 'x <x@shop.test>',
        mailDir: workDir,
        log: logger.log,
      });
      try {
        await expect(
          mailer.send(queued({ to: 'a@shop.test', subject: 's', text: 't', html: '<p>t</p>' })),
        ).rejects.toThrow(/ECONNREFUSED/);
      } finally {
        mailer.close();
      }
      expect(logger.lines().some((line) => line.msg === 'mail sent')).toBe(false);
    });
  });

  describe('files (no SMTP_URL)', () => {
    it('writes one .eml file per message with To, Subject and the link in the plain-text part', async () => {
      const mailDir = path.join(workDir, 'mail');
      const logger = capturingLogger();
      const mailer = createMailer({
        smtpUrl: undefined,
        from: 'Retail Back-Office <no-reply@shop.test>',
        mailDir,
        log: logger.log,
      });
      const first = uniqueEmail('file');
      const second = uniqueEmail('file');
      try {
        await mailer.send(
          queued({
            to: first,
            subject: 'First message',
            text: `Verify: ${LINK}`,
            html: `<a href="${LINK}">Verify</a>`,
          }),
        );
        await mailer.send(
          queued({
            to: second,
            subject: 'Second message',
            text: 'No link here.',
            html: '<p>No link here.</p>',
          }),
        );
      } finally {
        mailer.close();
      }
      const files = (await readdir(mailDir)).sort();
      expect(files).toHaveLength(2);
      expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
      const mails = await Promise.all(files.map((file) => readFile(path.join(mailDir, file), 'utf8')));
      const firstMail = mails.find((m) => header(m, 'To')?.includes(first));
      const secondMail = mails.find((m) => header(m, 'To')?.includes(second));
      expect(header(firstMail ?? '', 'Subject')).toBe('First message');
      expect(header(firstMail ?? '', 'From')).toContain('no-reply@shop.test');
      expect(plainText(firstMail ?? '')).toContain(LINK);
      expect(header(secondMail ?? '', 'Subject')).toBe('Second message');
      expect(plainText(secondMail ?? '')).not.toContain(LINK);

      const written = logger.lines().filter((line) => line.msg === 'mail written to file (no SMTP_URL set)');
      expect(written.map((line) => line.file).sort()).toEqual(files.map((file) => path.join(mailDir, file)));
      expect(written.map((line) => line.to)).toEqual([first, second]);
      expect(logger.text()).not.toContain('secret-link-token');
      expect(logger.text()).not.toContain(LINK);
      // Links are secrets: only the server's user may read them.
      expect((await stat(mailDir)).mode & 0o777).toBe(0o700);
      for (const file of files) expect((await stat(path.join(mailDir, file))).mode & 0o777).toBe(0o600);
    });

    it('writes a message sent twice with one key once, named by its queued time and key', async () => {
      const mailDir = path.join(workDir, 'mail-twice');
      const mailer = createMailer({
        smtpUrl: undefined,
        from: 'Retail Back-Office <no-reply@shop.test>',
        mailDir,
        log: capturingLogger().log,
      });
      const mail = queued({ to: uniqueEmail('twice'), subject: 'Once', text: 'x', html: '<p>x</p>' });
      try {
        await mailer.send(mail);
        await mailer.send(mail);
      } finally {
        mailer.close();
      }
      const files = await readdir(mailDir);
      expect(files).toEqual([`${mail.queuedAt.replace(/[:.]/g, '-')}-${mail.key}.eml`]);
      const eml = await readFile(path.join(mailDir, files[0] ?? ''), 'utf8');
      expect(header(eml, 'Message-ID')).toBe(`<${mail.key}@shop.test>`);
    });
  });
});

describe('app mail', () => {
  describe('with SMTP_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ ...NO_WEB_BUILD, SMTP_URL: `smtp://127.0.0.1:${port}` });
    });
    afterAll(async () => {
      await t.close();
    });

    it('sends the verification mail of a registration through the SMTP server', async () => {
      const email = uniqueEmail('register');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { fullName: 'Sally Smtp', email, password: GOOD_PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      await t.jobs.drain();
      const mail = await waitForReceived(email);
      expect(mail.to).toEqual([email]);
      expect(header(mail.raw, 'Subject')).toBe('Verify your e-mail address');
      const link = /http:\/\/app\.test\/api\/auth\/verify-email\?token=[\w-]+/.exec(plainText(mail.raw))?.[0];
      expect(link).toBeDefined();
      // The link works: the SMTP path carries a real token.
      const verified = await t.app.inject({
        method: 'GET',
        url: new URL(link ?? '').pathname + new URL(link ?? '').search,
      });
      expect(verified.statusCode).toBe(200);
      // Nothing went to the file mailer.
      expect(await t.mails()).toEqual([]);
    });
  });

  describe('with an unreachable SMTP server', () => {
    let t: TestApp;
    beforeAll(async () => {
      const dead = new SMTPServer({ authOptional: true, logger: false });
      await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
      const deadPort = (dead.server.address() as AddressInfo).port;
      await new Promise<void>((resolve) => dead.close(() => resolve()));
      t = await buildTestApp({ ...NO_WEB_BUILD, SMTP_URL: `smtp://127.0.0.1:${deadPort}` });
    });
    afterAll(async () => {
      await t.close();
    });

    it('registers all the same and keeps the mail queued for a later attempt', async () => {
      const email = uniqueEmail('nomail');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { fullName: 'Nora Nomail', email, password: GOOD_PASSWORD },
      });
      // The mail is queued with the account; a dead SMTP server delays it, it does not lose it.
      expect(res.statusCode).toBe(201);
      await t.jobs.drain();
      const { rows } = await t.sql(
        `select state, retry_count from pgboss.job where name = 'mail' and data->>'to' = $1`,
        [email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].state).toMatch(/^(retry|failed)$/);
      expect(rows[0].retry_count).toBeGreaterThan(0);
      const { rows: sent } = await t.sql('select count(*)::int as n from mail_deliveries');
      expect(sent[0].n).toBe(0);
    });
  });

  describe('without SMTP_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(NO_WEB_BUILD);
    });
    afterAll(async () => {
      await t.close();
    });

    it('writes the verification mail as an .eml file under DATA_DIR/mail', async () => {
      const email = uniqueEmail('register');
      const before = received.length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { fullName: 'Fiona File', email, password: GOOD_PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      const [mail] = await t.mails();
      const files = await readdir(path.join(t.config.dataDir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      expect(header(mail ?? '', 'To')).toContain(email);
      expect(header(mail ?? '', 'Subject')).toBe('Verify your e-mail address');
      expect(plainText(mail ?? '')).toMatch(/http:\/\/app\.test\/api\/auth\/verify-email\?token=[\w-]{40,}/);
      expect(received.length).toBe(before);
    });
  });
});
