import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inGlobal } from '../../src/platform/db/tenancy.js';
import { createMailOutbox, deliverMail } from '../../src/platform/mail/mail-outbox.js';
import { createMailer } from '../../src/platform/mail/mailer.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { GOOD_PASSWORD, uniqueEmail } from '../factories/accounts.js';

/** Mail is under test here, not the web app: whether apps/web is built must not matter. */
const NO_WEB_BUILD = { WEB_DIST_DIR: path.join(tmpdir(), 'backoffice-no-web-build') };
const SILENT = pino({ level: 'silent' });

type Received = { to: string[]; messageId: string; raw: string };

/** A real SMTP server on loopback that refuses the first `refusals` connections. */
async function startSmtp(refusals = 0): Promise<{
  port: number;
  received: Received[];
  connections: () => number;
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback(connections <= refusals ? new Error('Service not available, try again later') : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A TCP proxy in front of an SMTP server that, once, lets a whole message through and then cuts
 * the connection before the server's "250 accepted" reaches the client: the message was
 * delivered, the sender cannot know it.
 */
async function startAckLosingProxy(
  targetPort: number,
): Promise<{ port: number; close: () => Promise<void> }> {
  let hasDropped = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let sent = '';
    let isMessageComplete = false;
    client.on('data', (chunk: Buffer) => {
      sent = (sent + chunk.toString('latin1')).slice(-4096);
      if (!hasDropped && sent.includes('\r\n.\r\n')) isMessageComplete = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (isMessageComplete && !hasDropped) {
        hasDropped = true;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', closeBoth).on('close', closeBoth);
    upstream.on('error', closeBoth).on('close', closeBoth);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function register(t: TestApp, email: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { fullName: 'Quinn Queue', email, password: GOOD_PASSWORD },
  });
  expect(res.statusCode).toBe(201);
}

async function mailJobsTo(t: TestApp, email: string) {
  const { rows } = await t.sql(
    `select id, state, retry_count, data->>'key' as key from pgboss.job where name = 'mail' and data->>'to' = $1`,
    [email],
  );
  return rows as Array<{ id: string; state: string; retry_count: number; key: string }>;
}

async function deliveriesOf(t: TestApp, key: string): Promise<number> {
  const { rows } = await t.sql('select count(*)::int as n from mail_deliveries where key = $1', [key]);
  return (rows[0] as { n: number }).n;
}

const cleanUps: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

describe('mail outbox', () => {
  describe('queuing', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(NO_WEB_BUILD);
    });
    afterAll(async () => {
      await t.close();
    });

    it('queues nothing when the deciding transaction rolls back, and the mail when it commits', async () => {
      const outbox = createMailOutbox(t.jobs);
      const dropped = uniqueEmail('rolled-back');
      const kept = uniqueEmail('committed');
      const mail = (to: string) => ({ to, subject: 'Outbox', text: 'Hello', html: '<p>Hello</p>' });

      await expect(
        inGlobal(t.database.db, async (tx) => {
          await outbox.queue(tx, mail(dropped));
          throw new Error('decided otherwise');
        }),
      ).rejects.toThrow('decided otherwise');
      await inGlobal(t.database.db, (tx) => outbox.queue(tx, mail(kept)));

      expect(await mailJobsTo(t, dropped)).toEqual([]);
      expect(await mailJobsTo(t, kept)).toHaveLength(1);
      const mails = await t.mails();
      expect(mails.filter((m) => m.includes(dropped))).toEqual([]);
      expect(mails.filter((m) => m.includes(kept))).toHaveLength(1);
    });

    it('gives the request role the insert of a job and nothing else', async () => {
      await register(t, uniqueEmail('grants'));
      const client = new pg.Client({ connectionString: t.databaseUrl });
      await client.connect();
      /** Runs `text` as the request role in a transaction that is rolled back. */
      const asRequestRole = async (text: string) => {
        await client.query('begin');
        try {
          await client.query("select set_config('role', 'app_tenant', true)");
          return await client.query(text);
        } finally {
          await client.query('rollback');
        }
      };
      try {
        // The rendered mails hold links: the request role cannot read them back.
        await expect(asRequestRole('select data from pgboss.job')).rejects.toThrow(/permission denied/);
        await expect(asRequestRole("update pgboss.job set state = 'cancelled'")).rejects.toThrow(
          /permission denied/,
        );
        await expect(asRequestRole('delete from pgboss.job')).rejects.toThrow(/permission denied/);
        await expect(asRequestRole('select partition_name from pgboss.queue')).rejects.toThrow(
          /permission denied/,
        );
        await expect(asRequestRole('select * from pgboss.version')).rejects.toThrow(/permission denied/);
        // Nor touch the record of what went out.
        await expect(asRequestRole('select key from mail_deliveries')).rejects.toThrow(/permission denied/);
        await expect(asRequestRole("insert into mail_deliveries (key) values ('x')")).rejects.toThrow(
          /permission denied/,
        );
      } finally {
        await client.end();
      }
    });

    it('sends a mail once when two deliveries of one key run at the same time', async () => {
      const smtp = await startSmtp();
      cleanUps.push(smtp.close);
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Shop <no-reply@shop.test>',
        mailDir: path.join(t.config.dataDir, 'unused'),
        log: SILENT,
      });
      cleanUps.push(async () => mailer.close());
      const to = uniqueEmail('concurrent');
      const mail = {
        to,
        subject: 'Once',
        text: 'Hello',
        html: '<p>Hello</p>',
        key: randomUUID(),
        queuedAt: new Date().toISOString(),
      };
      const deps = { db: t.owner.db, mailer, log: SILENT };

      await Promise.all([deliverMail(deps, mail), deliverMail(deps, mail)]);
      await deliverMail(deps, mail);

      expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
      expect(await deliveriesOf(t, mail.key)).toBe(1);
    });
  });

  describe('with an SMTP server that refuses its first two connections', () => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let t: TestApp;
    beforeAll(async () => {
      smtp = await startSmtp(2);
      t = await buildTestApp({ ...NO_WEB_BUILD, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('delivers exactly one message, on the third attempt', async () => {
      const email = uniqueEmail('flaky');

      await register(t, email);
      await t.jobs.drain();

      expect(smtp.connections()).toBe(3);
      const copies = smtp.received.filter((m) => m.to.includes(email));
      expect(copies).toHaveLength(1);
      const [job] = await mailJobsTo(t, email);
      expect(job).toMatchObject({ state: 'completed', retry_count: 2 });
      expect(copies[0]?.messageId).toBe(`<${job?.key}@localhost>`);
      expect(await deliveriesOf(t, job?.key ?? '')).toBe(1);
    });

    it('does not send again when the job runs again after its send was recorded', async () => {
      const email = uniqueEmail('twice');
      await register(t, email);
      await t.jobs.drain();
      const [job] = await mailJobsTo(t, email);
      expect(job?.state).toBe('completed');

      // The process died after sending and recording, before pg-boss heard of the completion.
      await t.sql(`update pgboss.job set state = 'retry', completed_on = null where id = $1`, [job?.id]);
      await t.jobs.drain();

      expect((await mailJobsTo(t, email))[0]?.state).toBe('completed');
      expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
      expect(await deliveriesOf(t, job?.key ?? '')).toBe(1);
    });
  });

  describe('a send that succeeded but was not acknowledged', () => {
    it('is retried as the same message: one Message-ID at the receiver, one delivery recorded', async () => {
      const smtp = await startSmtp();
      cleanUps.push(smtp.close);
      const proxy = await startAckLosingProxy(smtp.port);
      cleanUps.push(proxy.close);
      const t = await buildTestApp({
        ...NO_WEB_BUILD,
        SMTP_URL: `smtp://127.0.0.1:${proxy.port}`,
        MAIL_FROM: 'Shop <no-reply@shop.test>',
      });
      cleanUps.push(t.close);
      const email = uniqueEmail('lost-ack');

      await register(t, email);
      await t.jobs.drain();

      const [job] = await mailJobsTo(t, email);
      expect(job).toMatchObject({ state: 'completed', retry_count: 1 });
      // SMTP cannot tell a lost "250" from a failure, so the server got the message twice (the
      // first copy proves the reply was lost after acceptance); both are the same message by
      // their Message-ID, which receivers deduplicate on.
      const copies = smtp.received.filter((m) => m.to.includes(email));
      expect(copies).toHaveLength(2);
      expect(new Set(copies.map((m) => m.messageId))).toEqual(new Set([`<${job?.key}@shop.test>`]));
      expect(await deliveriesOf(t, job?.key ?? '')).toBe(1);
    });
  });
});
