import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import {
  GOOD_PASSWORD,
  bearer,
  ownerWithBusiness,
  registerOwner,
  signIn,
  uniqueEmail,
  verifiedOwner,
  verifyEmailOf,
} from '../../../test/factories/accounts.js';
import { plainText, tokenOf, waitForLink } from '../../../test/factories/mail.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const sql = (text: string, values: unknown[] = []) => t.sql(text, values);

function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

describe('auth', () => {
  describe('register', () => {
    it('creates an unverified owner and mails a verification link', async () => {
      const email = uniqueEmail();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          fullName: 'Ada Owner',
          email,
          password: GOOD_PASSWORD,
          username: `ada${Date.now()}`,
          phoneNumber: '+44 20 7946 0000',
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email, userId: expect.any(String), message: expect.any(String) });
      const link = await waitForLink(t, email, 'http://app.test/api/auth/verify-email?token=');
      expect(tokenOf(link)).toMatch(/^[\w-]{40,}$/);
      const { rows } = await sql('select roles, email_verified_at from users where id = $1', [
        res.json().userId,
      ]);
      expect(rows[0]).toEqual({ roles: ['ROLE_BUSINESS_OWNER'], email_verified_at: null });
    });

    describe('an address or username that already has an account', () => {
      const registerAs = (payload: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { fullName: 'Again', password: GOOD_PASSWORD, ...payload },
        });
      const usersWithEmail = async (email: string) =>
        (await sql('select id, username from users where lower(email) = lower($1)', [email])).rows;
      const mailsTo = async (email: string) =>
        (await t.mails()).filter((mail) => mail.toLowerCase().includes(`to: ${email.toLowerCase()}`));

      it('answers exactly as for a new address and mails the owner instead', async () => {
        const owner = await registerOwner(t);
        await verifyEmailOf(t, owner.email);
        const fresh = await registerAs({ email: uniqueEmail() });
        const again = await registerAs({ email: owner.email.toUpperCase() });

        expect(again.statusCode).toBe(201);
        expect(fresh.statusCode).toBe(201);
        // The same shape and text; the address is echoed as given, the id names no one.
        expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
        expect(again.json()).toEqual({
          ...fresh.json(),
          userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          email: owner.email.toUpperCase(),
        });
        expect(again.json().userId).not.toBe(owner.userId);
        expect(await usersWithEmail(owner.email)).toEqual([{ id: owner.userId, username: null }]);

        const signIn = await waitForLink(t, owner.email, 'http://app.test/login');
        expect(signIn).toBe('http://app.test/login');
        expect(await waitForLink(t, owner.email, 'http://app.test/reset-password')).toBe(
          'http://app.test/reset-password',
        );
        const mails = await mailsTo(owner.email);
        expect(mails).toHaveLength(2);
        expect(mails[1]).toContain('Subject: Someone tried to sign up with your address');
        expect(plainText(mails[1] ?? '')).toContain('If it was not you, choose a new password');
        expect(plainText(mails[1] ?? '')).toContain('sign in or reset your password');
        expect(plainText(mails[1] ?? '')).not.toContain('verify-email');
      });

      it('sends an owner who never verified a new verification link; the old one stops working', async () => {
        const owner = await registerOwner(t);
        const first = await waitForLink(t, owner.email, 'http://app.test/api/auth/verify-email');
        const again = await registerAs({ email: owner.email });
        expect(again.statusCode).toBe(201);
        expect(await usersWithEmail(owner.email)).toHaveLength(1);
        const mails = await mailsTo(owner.email);
        expect(mails.map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1])).toEqual([
          'Verify your e-mail address',
          'Verify your e-mail address',
        ]);
        const second = await waitForLink(t, owner.email, 'http://app.test/api/auth/verify-email');
        expect(second).not.toBe(first);
        const old = await t.app.inject({
          method: 'GET',
          url: `/api/auth/verify-email?token=${tokenOf(first)}`,
        });
        expect(old.statusCode).toBe(400);
        const fresh = await t.app.inject({
          method: 'GET',
          url: `/api/auth/verify-email?token=${tokenOf(second)}`,
        });
        expect(fresh.statusCode).toBe(200);
      });

      it('answers alike for a deleted account and mails no one', async () => {
        const owner = await registerOwner(t);
        await sql('update users set deleted_at = now() where id = $1', [owner.userId]);
        const again = await registerAs({ email: owner.email });
        expect(again.statusCode).toBe(201);
        expect(again.json()).toMatchObject({ email: owner.email, message: expect.any(String) });
        expect(await mailsTo(owner.email)).toHaveLength(1);
      });

      it('does not tell a taken username: the account is made without it and its mail says so', async () => {
        const username = `taken${Date.now()}`;
        const first = await registerAs({ email: uniqueEmail(), username });
        expect(first.statusCode).toBe(201);
        const email = uniqueEmail();
        const second = await registerAs({ email, username: username.toUpperCase() });
        expect(second.statusCode).toBe(201);
        expect(Object.keys(second.json()).sort()).toEqual(Object.keys(first.json()).sort());
        expect(second.json().message).toBe(first.json().message);
        expect(await usersWithEmail(email)).toEqual([{ id: second.json().userId, username: null }]);
        await waitForLink(t, email, 'http://app.test/api/auth/verify-email');
        const [mail] = await mailsTo(email);
        expect(plainText(mail ?? '')).toContain(`The username "${username.toUpperCase()}" is already taken`);
      });

      it('makes one account when the same address signs up twice at once', async () => {
        const email = uniqueEmail('twice');
        const answers = await Promise.all([registerAs({ email }), registerAs({ email })]);
        expect(answers.map((res) => res.statusCode)).toEqual([201, 201]);
        expect(await usersWithEmail(email)).toHaveLength(1);
        // The second one, a moment after, finds an account that is not verified yet: a new link.
        const mails = await mailsTo(email);
        expect(mails.map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1])).toEqual([
          'Verify your e-mail address',
          'Verify your e-mail address',
        ]);
      });
    });

    it('refuses a common password with a field error', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { fullName: 'Common', email: uniqueEmail(), password: 'Password1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: {
          fieldErrors: { password: ['This password is too common. Choose one that is harder to guess.'] },
        },
      });
    });

    it.each([
      ['a short password', { password: 'short' }, 'password'],
      ['a password over 128 characters', { password: 'x'.repeat(129) }, 'password'],
      ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
      ['a missing name', { fullName: undefined }, 'fullName'],
      ['a name of the wrong type', { fullName: 42 }, 'fullName'],
      ['a missing e-mail', { email: undefined }, 'email'],
    ])('refuses %s with 400 and the field error', async (_name, change, field) => {
      const payload = { fullName: 'Field Test', email: uniqueEmail(), password: GOOD_PASSWORD, ...change };
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().details.fieldErrors[field]?.[0]).toEqual(expect.any(String));
    });

    it('refuses malformed JSON and an empty body', async () => {
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'The request body is not valid JSON.',
      });
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.statusCode).toBe(400);
    });

    it('refuses a body over the size limit with 413 and writes nothing', async () => {
      const email = uniqueEmail('big');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { fullName: 'x'.repeat(2 * 1024 * 1024), email, password: GOOD_PASSWORD },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
      const { rowCount } = await sql('select 1 from users where email = $1', [email]);
      expect(rowCount).toBe(0);
    });
  });

  describe('verifyEmail', () => {
    it('redirects a browser to /login?verified=1 and the link works once', async () => {
      const { email } = await registerOwner(t);
      const link = await waitForLink(t, email, 'http://app.test/api/auth/verify-email');
      const url = `/api/auth/verify-email?token=${tokenOf(link)}`;
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?verified=1');
      const again = await t.app.inject({ method: 'GET', url });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        code: 'INVALID_TOKEN',
        message: expect.stringContaining('already used or it has expired'),
      });
      // The person's own click after a mail scanner used the link: verified, so sign in.
      const againInBrowser = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(againInBrowser.statusCode).toBe(302);
      expect(againInBrowser.headers.location).toBe('/login?verified=1');
    });

    it('answers other clients with 200 and a message', async () => {
      const { email } = await registerOwner(t);
      const link = await waitForLink(t, email, 'http://app.test/api/auth/verify-email');
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${tokenOf(link)}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Your e-mail address is verified. You can sign in now.' });
    });

    it('refuses an unknown, a missing and an expired token with 400', async () => {
      const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=nope' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('INVALID_TOKEN');
      const missing = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('VALIDATION_ERROR');

      const { email, userId } = await registerOwner(t);
      const link = await waitForLink(t, email, 'http://app.test/api/auth/verify-email');
      await sql(`update one_time_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [
        userId,
      ]);
      const expired = await t.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${tokenOf(link)}`,
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('INVALID_TOKEN');
    });
  });

  describe('login', () => {
    it('answers a token with the claims and the user', async () => {
      const owner = await verifiedOwner(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email.toUpperCase(), password: owner.password },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.expiresIn).toBe(3600);
      expect(body.user).toMatchObject({
        userId: owner.userId,
        id: owner.userId,
        email: owner.email,
        roles: ['ROLE_BUSINESS_OWNER'],
        businessId: null,
      });
      const header = JSON.parse(Buffer.from(body.token.split('.')[0], 'base64url').toString()) as {
        alg: string;
      };
      expect(header.alg).toBe('HS256');
      const claims = decodeClaims(body.token);
      expect(claims).toMatchObject({
        user_id: owner.userId,
        roles: ['ROLE_BUSINESS_OWNER'],
        business_id: null,
      });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    });

    it('carries business_id once the business is set up', async () => {
      const owner = await ownerWithBusiness(t);
      expect(decodeClaims(owner.token).business_id).toBe(owner.businessId);
    });

    it('accepts the username in place of the e-mail', async () => {
      const username = `user${Date.now()}`;
      const email = uniqueEmail();
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { fullName: 'U', email, username, password: GOOD_PASSWORD },
      });
      await verifyEmailOf(t, email);
      const session = await signIn(t, username, GOOD_PASSWORD);
      expect(session.user.email).toBe(email);
    });

    it('answers an unknown e-mail and a wrong password alike', async () => {
      const owner = await verifiedOwner(t);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password: 'wrong-password-123' },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail('ghost'), password: 'wrong-password-123' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    });

    it('refuses an unverified account with 403 EMAIL_NOT_VERIFIED', async () => {
      const { email, password } = await registerOwner(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
    });

    it('refuses a disabled account with 403', async () => {
      const owner = await verifiedOwner(t);
      await sql('update users set disabled_at = now() where id = $1', [owner.userId]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password: owner.password },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCOUNT_DISABLED');
    });

    it('refuses missing and wrong-typed fields with 400', async () => {
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.test' },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details.fieldErrors.password).toBeDefined();
      const wrongType = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ['a'], password: 1 },
      });
      expect(wrongType.statusCode).toBe(400);
    });
  });

  describe('password reset', () => {
    it('answers the same for a known and an unknown address', async () => {
      const owner = await verifiedOwner(t);
      const known = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/request',
        payload: { email: owner.email },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/request',
        payload: { email: uniqueEmail('nobody') },
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
    });

    it('sets a new password once; the old password and earlier tokens stop working', async () => {
      const owner = await verifiedOwner(t);
      const before = await t.app.inject({
        method: 'GET',
        url: `/api/users/${owner.userId}`,
        headers: bearer(owner.token),
      });
      expect(before.statusCode).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/request',
        payload: { email: owner.email },
      });
      const link = await waitForLink(
        t,
        owner.email,
        'http://app.test/api/auth/reset-password/confirm?token=',
      );

      const page = await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');

      const newPassword = 'quiet-Harbour-92-lamp';
      const url = `/api/auth/reset-password/confirm?token=${tokenOf(link)}`;
      const common = await t.app.inject({ method: 'POST', url, payload: { newPassword: 'iloveyou' } });
      expect(common.statusCode).toBe(400);
      expect(common.json().details.fieldErrors.newPassword).toBeDefined();

      const done = await t.app.inject({ method: 'POST', url, payload: { newPassword } });
      expect(done.statusCode).toBe(200);
      const reused = await t.app.inject({
        method: 'POST',
        url,
        payload: { newPassword: 'another-Harbour-93-lamp' },
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().code).toBe('INVALID_TOKEN');

      const oldLogin = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password: owner.password },
      });
      expect(oldLogin.statusCode).toBe(401);
      const oldToken = await t.app.inject({
        method: 'GET',
        url: `/api/users/${owner.userId}`,
        headers: bearer(owner.token),
      });
      expect(oldToken.statusCode).toBe(401);
      const session = await signIn(t, owner.email, newPassword);
      const fresh = await t.app.inject({
        method: 'GET',
        url: `/api/users/${owner.userId}`,
        headers: bearer(session.token),
      });
      expect(fresh.statusCode).toBe(200);
    });

    it('refuses an expired reset link', async () => {
      const owner = await verifiedOwner(t);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/request',
        payload: { email: owner.email },
      });
      const link = await waitForLink(
        t,
        owner.email,
        'http://app.test/api/auth/reset-password/confirm?token=',
      );
      await sql(
        `update one_time_tokens set expires_at = now() - interval '1 second' where user_id = $1 and purpose = 'RESET_PASSWORD'`,
        [owner.userId],
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/auth/reset-password/confirm?token=${tokenOf(link)}`,
        payload: { newPassword: 'quiet-Harbour-92-lamp' },
      });
      expect(res.statusCode).toBe(400);
    });

    it('refuses a malformed request address with 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/request',
        payload: { email: 'nope' },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('token checks', () => {
    const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';
    const now = () => Math.floor(Date.now() / 1000);

    /** A token for `userId` as the server would sign it, unless the options say otherwise. */
    function forge(
      userId: string,
      options: {
        alg?: string;
        secret?: string;
        issuedAt?: number;
        expiresAt?: number;
        tokenId?: string | null;
      } = {},
    ): Promise<string> {
      const jwt = new SignJWT({ user_id: userId, roles: ['ROLE_BUSINESS_OWNER'], ver: 0 }).setProtectedHeader(
        { alg: options.alg ?? 'HS256' },
      );
      if (options.tokenId !== null) jwt.setJti(options.tokenId ?? randomUUID());
      return jwt
        .setIssuedAt(options.issuedAt ?? now())
        .setExpirationTime(options.expiresAt ?? now() + 3600)
        .sign(new TextEncoder().encode(options.secret ?? TEST_SECRET));
    }

    /** The status of reading one's own user with these headers. */
    async function readSelf(userId: string, headers: Record<string, string>) {
      return t.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers });
    }

    it('accepts a token signed as the server signs it', async () => {
      const owner = await verifiedOwner(t);
      expect((await readSelf(owner.userId, bearer(await forge(owner.userId)))).statusCode).toBe(200);
    });

    it('refuses a token without a token id, which logout could not end', async () => {
      const owner = await verifiedOwner(t);
      const res = await readSelf(owner.userId, bearer(await forge(owner.userId, { tokenId: null })));
      expect(res.statusCode).toBe(401);
    });

    it('refuses a missing, malformed or foreign-signed token with 401', async () => {
      const owner = await verifiedOwner(t);
      const foreign = await forge(owner.userId, { secret: 'another-secret-another-secret-another-secret' });
      for (const authorization of [
        undefined,
        'Bearer',
        'Basic abc',
        'Bearer not.a.jwt',
        `Bearer ${foreign}`,
      ]) {
        const res = await readSelf(owner.userId, authorization ? { authorization } : {});
        expect(res.statusCode, authorization).toBe(401);
        expect(res.json().code).toBe('UNAUTHENTICATED');
      }
    });

    it('refuses alg none and other algorithms', async () => {
      const owner = await verifiedOwner(t);
      const claims = {
        user_id: owner.userId,
        roles: ['ROLE_BUSINESS_OWNER'],
        ver: 0,
        iat: now(),
        exp: now() + 3600,
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      const hs512 = await forge(owner.userId, {
        alg: 'HS512',
        secret: `${TEST_SECRET}-and-some-more-bytes!`,
      });
      for (const token of [none, hs512]) {
        expect((await readSelf(owner.userId, bearer(token))).statusCode).toBe(401);
      }
    });

    it('refuses an expired token', async () => {
      const owner = await verifiedOwner(t);
      const expired = await forge(owner.userId, { issuedAt: now() - 7200, expiresAt: now() - 3600 });
      expect((await readSelf(owner.userId, bearer(expired))).statusCode).toBe(401);
    });

    it('ends the session of a user disabled or deleted after sign-in at once', async () => {
      for (const column of ['disabled_at', 'deleted_at']) {
        const owner = await verifiedOwner(t);
        expect((await readSelf(owner.userId, bearer(owner.token))).statusCode).toBe(200);
        await sql(`update users set ${column} = now() where id = $1`, [owner.userId]);
        expect((await readSelf(owner.userId, bearer(owner.token))).statusCode, column).toBe(401);
      }
    });
  });
});
