import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { registerOwner } from '../factories/accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST_DIR: '/nonexistent-web-dist' });
});
afterAll(async () => {
  await t.close();
});

describe('mailbox', () => {
  it('lists the written mail with clickable links to a loopback client', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No e-mail yet');

    const { email } = await registerOwner(t, { fullName: 'Mia <Mailbox>' });
    await t.jobs.drain();
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Verify your e-mail address');
    expect(res.body).toContain(`to ${email}`);
    expect(res.body).toMatch(/<a href="http:\/\/app\.test\/api\/auth\/verify-email\?token=[\w-]{40,}">/);
    expect(res.body).toContain('Hello Mia &lt;Mailbox&gt;,');
  });

  it('answers 404 to any other client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('verify-email');
  });

  it('is not there when mail goes out by SMTP', async () => {
    const withSmtp = await buildTestApp({
      SMTP_URL: 'smtp://127.0.0.1:9',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    });
    try {
      const res = await withSmtp.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(res.body).not.toContain('Mailbox');
    } finally {
      await withSmtp.close();
    }
  });
});
