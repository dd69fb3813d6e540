import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { registerOwner } from '../factories/accounts.js';

const NO_WEB_APP = { WEB_DIST_DIR: '/nonexistent-web-dist' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ...NO_WEB_APP, DEV_MAILBOX: '1' });
  // Something to leak: every refused request below must not show this link.
  await registerOwner(t);
  await t.jobs.drain();
});
afterAll(async () => {
  await t.close();
});

/** The key the start log prints, kept in DATA_DIR. */
const keyOf = (app: TestApp) => readFileSync(path.join(app.config.dataDir, 'dev-mailbox-key'), 'utf8').trim();

const getMailbox = (
  options: { remoteAddress?: string; headers?: Record<string, string>; key?: string | null } = {},
) => {
  const { key = keyOf(t), ...rest } = options;
  return t.app.inject({
    method: 'GET',
    url: key === null ? '/dev/mailbox' : `/dev/mailbox?key=${key}`,
    ...rest,
  });
};

function expectRefused(res: Awaited<ReturnType<typeof getMailbox>>) {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'This page does not exist.' });
  expect(res.body).not.toContain('verify-email');
}

describe('mailbox', () => {
  it('answers 404 without the key of the start log or with a wrong one, even to a local browser', async () => {
    expectRefused(await getMailbox({ key: null }));
    expectRefused(await getMailbox({ key: 'x'.repeat(32) }));
    expectRefused(await getMailbox({ key: keyOf(t).slice(0, -1) }));
  });

  it('answers 404 to a plain reverse proxy on this host (loopback, no forwarding headers, Host rewritten)', async () => {
    // nginx's `proxy_pass http://127.0.0.1:8080;` sends exactly this for a visitor from anywhere.
    expectRefused(
      await getMailbox({ key: null, remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1:8080' } }),
    );
  });

  it('keeps its key in DATA_DIR, readable by the owner of the folder only', async () => {
    expect(keyOf(t)).toMatch(/^[\w-]{32}$/);
    expect(statSync(path.join(t.config.dataDir, 'dev-mailbox-key')).mode & 0o777).toBe(0o600);
  });

  it('lists the written mail with clickable links to a loopback client', async () => {
    const { email } = await registerOwner(t, { fullName: 'Mia <Mailbox>' });
    await t.jobs.drain();
    const res = await getMailbox();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Verify your e-mail address');
    expect(res.body).toContain(`to ${email}`);
    expect(res.body).toMatch(/<a href="http:\/\/app\.test\/api\/auth\/verify-email\?token=[\w-]{40,}">/);
    expect(res.body).toContain('Hello Mia &lt;Mailbox&gt;,');
  });

  it('says so when no mail was written yet', async () => {
    const fresh = await buildTestApp({ ...NO_WEB_APP, DEV_MAILBOX: '1' });
    try {
      const res = await fresh.app.inject({ method: 'GET', url: `/dev/mailbox?key=${keyOf(fresh)}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('No e-mail yet');
    } finally {
      await fresh.close();
    }
  });

  it.each([
    ['localhost', '127.0.0.1', 'localhost'],
    ['localhost with a port', '127.0.0.1', 'localhost:8080'],
    ['127.0.0.1 with a port', '127.0.0.1', '127.0.0.1:8080'],
    ['[::1] over IPv6', '::1', '[::1]:8080'],
    ['LOCALHOST in capitals', '::ffff:127.0.0.1', 'LOCALHOST:3000'],
  ])('answers a loopback client that asked for %s', async (_name, remoteAddress, host) => {
    const res = await getMailbox({ remoteAddress, headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('verify-email');
  });

  it('answers 404 to a client that is not on this machine', async () => {
    expectRefused(await getMailbox({ remoteAddress: '203.0.113.9' }));
  });

  // A reverse proxy on the same host connects from loopback and adds one of these headers.
  it.each([
    ['x-forwarded-for', '203.0.113.9'],
    ['x-forwarded-host', 'shop.example.com'],
    ['x-forwarded-proto', 'https'],
    ['forwarded', 'for=203.0.113.9'],
    ['x-real-ip', '203.0.113.9'],
    ['x-forwarded-for', '127.0.0.1'],
  ])('answers 404 to a loopback request that carries %s: %s', async (header, value) => {
    expectRefused(await getMailbox({ headers: { [header]: value } }));
  });

  // A DNS-rebinding page reaches loopback, but its browser sends the attacker's name as Host.
  it.each(['evil.example', 'evil.example:8080', 'localhost.evil.example', '127.0.0.1.nip.io'])(
    'answers 404 to a loopback request for Host %j',
    async (host) => {
      expectRefused(await getMailbox({ headers: { host } }));
    },
  );

  it('is not served without DEV_MAILBOX', async () => {
    const disabled = await buildTestApp(NO_WEB_APP);
    try {
      await registerOwner(disabled);
      const res = await disabled.app.inject({ method: 'GET', url: '/dev/mailbox' });
      // An unknown page: the web app's index, which shows its own "not found".
      expect(res.body).not.toContain('Mailbox');
      expect(res.body).not.toContain('verify-email');
    } finally {
      await disabled.close();
    }
  });

  it('is not served when mail goes out by SMTP, even with DEV_MAILBOX', async () => {
    const withSmtp = await buildTestApp({ ...NO_WEB_APP, DEV_MAILBOX: '1', SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const res = await withSmtp.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(res.body).not.toContain('Mailbox');
    } finally {
      await withSmtp.close();
    }
  });
});
