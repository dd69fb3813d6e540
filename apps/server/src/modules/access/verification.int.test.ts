import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import {
  ownerWithBusiness,
  registerOwner,
  signIn,
  uniqueEmail,
  verifiedOwner,
} from '../../../test/factories/accounts.js';
import { plainText, tokenOf, waitForLink } from '../../../test/factories/mail.js';
import { VERIFICATION_RESEND_REQUESTED } from './verification.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const VERIFY_LINK = 'http://app.test/api/auth/verify-email';

/** Makes the sign-up link older than the one-a-minute limit, so a new link may go out. */
async function ageLinks(userId: string, purpose = 'VERIFY_EMAIL') {
  await t.sql(
    `update one_time_tokens set created_at = now() - interval '2 minutes' where user_id = $1 and purpose = $2`,
    [userId, purpose],
  );
}

async function verificationMailsTo(app: TestApp, email: string): Promise<string[]> {
  return (await app.mails()).filter(
    (mail) => mail.includes(`To: ${email}`) && /Subject: Verify your e-mail address/.test(mail),
  );
}

function resend(email: unknown, app: TestApp = t, remoteAddress = '127.0.0.1') {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email/resend',
    remoteAddress,
    payload: { email },
  });
}

function linkStatus(payload: Record<string, unknown>, app: TestApp = t, remoteAddress = '127.0.0.1') {
  return app.app.inject({ method: 'POST', url: '/api/auth/link-status', remoteAddress, payload });
}

describe('verification links', () => {
  describe('an expired or used link opened in a browser', () => {
    it('sends an unverified account to the page that offers a new link', async () => {
      const { email, userId } = await registerOwner(t);
      const link = await waitForLink(t, email, VERIFY_LINK);
      await t.sql(`update one_time_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [
        userId,
      ]);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${tokenOf(link)}`,
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?verification=expired');
    });

    it('sends an unknown token there too, and API clients still get the 400', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/verify-email?token=nothing-like-it',
        headers: { accept: 'text/html' },
      });
      expect(res.headers.location).toBe('/login?verification=expired');
      const api = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=nothing-like-it' });
      expect(api.statusCode).toBe(400);
      expect(api.json().code).toBe('INVALID_TOKEN');
    });

    it('sends the holder of a used link of a verified account to sign in (mail scanners click first)', async () => {
      const { email } = await registerOwner(t);
      const link = await waitForLink(t, email, VERIFY_LINK);
      const url = `/api/auth/verify-email?token=${tokenOf(link)}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      const again = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(again.statusCode).toBe(302);
      expect(again.headers.location).toBe('/login?verified=1');
    });
  });

  describe('POST /api/auth/verify-email/resend', () => {
    it('mails an unverified account a new link; the older link stops working', async () => {
      const owner = await registerOwner(t);
      const first = await waitForLink(t, owner.email, VERIFY_LINK);
      await ageLinks(owner.userId);
      const res = await resend(owner.email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: VERIFICATION_RESEND_REQUESTED });
      const mails = await verificationMailsTo(t, owner.email);
      expect(mails).toHaveLength(2);
      const second = /http:\/\/app\.test\/api\/auth\/verify-email\?token=[^\s"<>]+/.exec(
        plainText(mails[1] ?? ''),
      )?.[0];
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      const old = await t.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${tokenOf(first)}`,
      });
      expect(old.statusCode).toBe(400);
      const fresh = await t.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${tokenOf(second ?? '')}`,
      });
      expect(fresh.statusCode).toBe(200);
      await signIn(t, owner.email, owner.password);
    });

    it('answers an unknown, a verified and an unverified address alike, and mails only the last', async () => {
      const unverified = await registerOwner(t);
      await waitForLink(t, unverified.email, VERIFY_LINK);
      await ageLinks(unverified.userId);
      const verified = await verifiedOwner(t);
      await ageLinks(verified.userId);
      const unknown = uniqueEmail('nobody');
      const answers = [await resend(unknown), await resend(verified.email), await resend(unverified.email)];
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(await verificationMailsTo(t, unknown)).toEqual([]);
      expect(await verificationMailsTo(t, verified.email)).toHaveLength(1);
      expect(await verificationMailsTo(t, unverified.email)).toHaveLength(2);
    });

    it('mails no verification link to invited staff, whose way in is the invitation', async () => {
      const owner = await ownerWithBusiness(t);
      const email = uniqueEmail('invitee');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { fullName: 'Ivy Invitee', email, roles: ['ROLE_PRODUCT_READER'] },
      });
      expect(created.statusCode).toBe(201);
      await t.sql(`update one_time_tokens set created_at = now() - interval '2 hours'`);
      expect((await resend(email)).statusCode).toBe(200);
      expect(await verificationMailsTo(t, email)).toEqual([]);
    });

    it('sends one mail a minute however often it is asked', async () => {
      const owner = await registerOwner(t);
      await waitForLink(t, owner.email, VERIFY_LINK);
      await ageLinks(owner.userId);
      for (let i = 0; i < 4; i++) expect((await resend(owner.email)).statusCode).toBe(200);
      expect(await verificationMailsTo(t, owner.email)).toHaveLength(2);
    });

    it('sends none once five went out within the hour', async () => {
      const owner = await registerOwner(t);
      await waitForLink(t, owner.email, VERIFY_LINK);
      await t.sql(
        `insert into one_time_tokens (id, user_id, purpose, token_hash, expires_at, created_at)
         select gen_random_uuid(), $1, 'VERIFY_EMAIL', md5(random()::text), now() + interval '1 hour', now() - interval '10 minutes'
         from generate_series(1, 5)`,
        [owner.userId],
      );
      await ageLinks(owner.userId);
      expect((await resend(owner.email)).statusCode).toBe(200);
      expect(await verificationMailsTo(t, owner.email)).toHaveLength(1);
    });

    it('refuses a malformed or missing address with 400', async () => {
      for (const email of ['nope', '', undefined, 42]) {
        const res = await resend(email);
        expect(res.statusCode, String(email)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('POST /api/auth/link-status', () => {
    it('tells whether a reset link is usable, and not once it is used', async () => {
      const owner = await verifiedOwner(t);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/request',
        payload: { email: owner.email },
      });
      const token = tokenOf(
        await waitForLink(t, owner.email, 'http://app.test/api/auth/reset-password/confirm?token='),
      );
      const before = await linkStatus({ token, purpose: 'RESET_PASSWORD' });
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ isUsable: true });
      // The same token named as another purpose is no invitation.
      expect((await linkStatus({ token, purpose: 'VALIDATE_ACCOUNT' })).json()).toEqual({ isUsable: false });
      // Asking does not use the link up.
      expect((await linkStatus({ token, purpose: 'RESET_PASSWORD' })).json()).toEqual({ isUsable: true });
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/auth/reset-password/confirm?token=${token}`,
        payload: { newPassword: 'quiet-Harbour-92-lamp' },
      });
      expect(done.statusCode).toBe(200);
      expect((await linkStatus({ token, purpose: 'RESET_PASSWORD' })).json()).toEqual({ isUsable: false });
    });

    it('tells whether an invitation is usable, and not once it expired', async () => {
      const owner = await ownerWithBusiness(t);
      const email = uniqueEmail('invitee');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { fullName: 'Ivy Invitee', email, roles: ['ROLE_PRODUCT_READER'] },
      });
      expect(created.statusCode).toBe(201);
      const token = tokenOf(await waitForLink(t, email, 'http://app.test/validate-account'));
      expect((await linkStatus({ token, purpose: 'VALIDATE_ACCOUNT' })).json()).toEqual({ isUsable: true });
      await t.sql(`update one_time_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [
        created.json<{ id: string }>().id,
      ]);
      expect((await linkStatus({ token, purpose: 'VALIDATE_ACCOUNT' })).json()).toEqual({ isUsable: false });
    });

    it('answers an unknown token with isUsable false and nothing else', async () => {
      const res = await linkStatus({ token: 'made-up', purpose: 'RESET_PASSWORD' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ isUsable: false });
    });

    it('refuses a missing token, an unknown purpose and VERIFY_EMAIL with 400', async () => {
      for (const payload of [
        { purpose: 'RESET_PASSWORD' },
        { token: '', purpose: 'RESET_PASSWORD' },
        { token: 'x', purpose: 'SOMETHING' },
        { token: 'x', purpose: 'VERIFY_EMAIL' },
        { token: 'x'.repeat(201), purpose: 'RESET_PASSWORD' },
      ]) {
        const res = await linkStatus(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  it('rate-limits both routes per client address', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const calls = [
        (ip: string) => resend(uniqueEmail('flood'), limited, ip),
        (ip: string) => linkStatus({ token: 'x', purpose: 'RESET_PASSWORD' }, limited, ip),
      ];
      for (const call of calls) {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await call('203.0.113.60')).statusCode);
        expect(statuses).toEqual([200, 200, 200, 429]);
        // Another client address is not affected.
        expect((await call('203.0.113.61')).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});
