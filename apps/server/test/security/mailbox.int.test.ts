/**
 * Security review (helper-f): /dev/mailbox behind a reverse proxy on the same host.
 *
 * The page trusts "loopback peer + no forwarding header + a local Host". nginx's textbook block
 *
 *     location / { proxy_pass http://127.0.0.1:8080; }
 *
 * sends exactly that: it connects from 127.0.0.1, adds no X-Forwarded-For / X-Real-IP /
 * Forwarded unless told to, and rewrites Host to the upstream's ($proxy_host = "127.0.0.1:8080").
 * `npm start` turns the mailbox on by default (embedded database, no SMTP), so such a deployment
 * serves every reset and invitation link to the internet: request a reset for any address, read
 * the link, set the password. Reproduced against the real server behind nginx 1.22.
 *
 * A fix cannot come from the request headers (they are the proxy's); the page needs something
 * only the local person has, e.g. a random key printed in the start-up log line that links to
 * the page (`/dev/mailbox?key=...`), checked with timingSafeEqual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { verifiedOwner } from '../factories/accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST_DIR: '/nonexistent-web-dist', DEV_MAILBOX: '1' });
});
afterAll(async () => {
  await t.close();
});

/** A request as nginx's default proxy_pass to http://127.0.0.1:8080 forwards it. */
const viaDefaultNginx = {
  remoteAddress: '127.0.0.1',
  headers: { host: '127.0.0.1:8080', connection: 'close' },
};

describe('SECURITY mailbox behind a same-host reverse proxy', () => {
  it('does not list mail to a request forwarded by a default nginx proxy_pass', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox', ...viaDefaultNginx });
    expect(res.statusCode).toBe(404);
  });

  it('does not hand an internet client the reset link of any account (takeover chain)', async () => {
    const victim = await verifiedOwner(t);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/request',
      ...viaDefaultNginx,
      payload: { email: victim.email },
    });
    expect(asked.statusCode).toBe(200);
    await t.jobs.drain();
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox', ...viaDefaultNginx });
    const token = /reset-password\/confirm\?token=([\w-]+)/.exec(page.body)?.[1];
    expect(token, 'the reset link was readable through the proxy').toBeUndefined();
  });
});
