import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import {
  GOOD_PASSWORD,
  bearer,
  ownerWithBusiness,
  signIn,
  uniqueEmail,
  verifiedOwner,
} from '../../../test/factories/accounts.js';
import { plainText } from '../../../test/factories/mail.js';
import { LOCKOUT } from './auth.service.js';
import * as passwords from './passwords.js';

// The real hashing, counted: the reset and invitation links must be checked before any hash.
vi.mock('./passwords.js', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

let t: TestApp;
let now = new Date('2026-11-26T09:00:00Z');
const clock = { now: () => now };

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  now = new Date(now.getTime() + 24 * 3600_000);
});

const WRONG = 'not-the-password-at-all';

async function login(email: string, password: string, ip = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email, password },
  });
}

async function mailsTo(email: string, subject: RegExp): Promise<string[]> {
  return (await t.mails()).filter(
    (mail) => mail.includes(`To: ${email}`) && subject.test(/^Subject: (.*)$/m.exec(mail)?.[1] ?? ''),
  );
}

describe('the per-account lockout', () => {
  it('after 10 failures within 15 minutes answers 429 with Retry-After, from any address, even with the right password', async () => {
    const owner = await verifiedOwner(t);
    for (let i = 0; i < LOCKOUT.maxFailures; i++) {
      // A new client address each time: the per-IP limit cannot be what stops it.
      const res = await login(owner.email, WRONG, `198.51.100.${i + 1}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const locked = await login(owner.email, owner.password, '192.0.2.200');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(locked.json().message).toMatch(/Too many failed sign-ins for this account/);
    expect(Number(locked.headers['retry-after'])).toBe(LOCKOUT.lockMinutes * 60);

    now = new Date(now.getTime() + 5 * 60_000);
    const later = await login(owner.email, owner.password, '192.0.2.201');
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers['retry-after'])).toBe(10 * 60);
  });

  it('mails the owner of the account once, and lifts itself after 15 minutes', async () => {
    const owner = await verifiedOwner(t);
    for (let i = 0; i < LOCKOUT.maxFailures + 3; i++) await login(owner.email, WRONG);
    const mails = await mailsTo(owner.email, /paused/);
    expect(mails).toHaveLength(1);
    // A link that sets a new password at once (and so lifts the pause), not another form.
    expect(plainText(mails[0] ?? '')).toMatch(
      /http:\/\/app\.test\/api\/auth\/reset-password\/confirm\?token=[\w-]{40,}/,
    );
    expect(plainText(mails[0] ?? '')).toContain('If it was not you, choose a new password');

    now = new Date(now.getTime() + LOCKOUT.lockMinutes * 60_000 + 1000);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('counts only failures within the window: 9, a pause of 15 minutes, 9 more do not lock', async () => {
    const owner = await verifiedOwner(t);
    for (let i = 0; i < 9; i++) await login(owner.email, WRONG);
    now = new Date(now.getTime() + LOCKOUT.windowMinutes * 60_000 + 1000);
    for (let i = 0; i < 9; i++) expect((await login(owner.email, WRONG)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const owner = await verifiedOwner(t);
    for (let i = 0; i < 9; i++) await login(owner.email, WRONG);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(owner.email, WRONG)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('locks the account whether it is named by e-mail or by username', async () => {
    const email = uniqueEmail('named');
    const username = `named_${Date.now()}`;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'Nora Named', email, password: GOOD_PASSWORD, username },
    });
    await t.sql('update users set email_verified_at = now() where lower(email) = lower($1)', [email]);
    for (let i = 0; i < 5; i++) await login(email, WRONG);
    for (let i = 0; i < 5; i++) await login(username, WRONG);
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(429);
  });

  it('locks an unknown address alike, so a 429 tells nothing, and mails nobody', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < LOCKOUT.maxFailures; i++) expect((await login(ghost, WRONG)).statusCode).toBe(401);
    expect((await login(ghost, WRONG)).statusCode).toBe(429);
    expect(await mailsTo(ghost, /.*/)).toEqual([]);
  });

  it('is lifted by a successful password reset', async () => {
    const owner = await verifiedOwner(t);
    for (let i = 0; i < LOCKOUT.maxFailures; i++) await login(owner.email, WRONG);
    expect((await login(owner.email, owner.password)).statusCode).toBe(429);

    const token = 'reset-token-for-the-locked-owner';
    await t.sql(
      `insert into one_time_tokens (id, user_id, purpose, token_hash, expires_at)
       values (gen_random_uuid(), $1, 'RESET_PASSWORD', encode(sha256($2::bytea), 'hex'), now() + interval '1 hour')`,
      [owner.userId, token],
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/confirm?token=${token}`,
      payload: { newPassword: 'a-Brand-new-Passphrase-9' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(owner.email, 'a-Brand-new-Passphrase-9')).statusCode).toBe(200);
  });
});

describe('links are checked before the password is hashed', () => {
  it('hashes nothing for bogus reset and invitation tokens', async () => {
    const hash = vi.mocked(passwords.hashPassword);
    hash.mockClear();
    for (let i = 0; i < 5; i++) {
      const reset = await t.app.inject({
        method: 'POST',
        url: `/api/auth/reset-password/confirm?token=bogus-${i}`,
        payload: { newPassword: 'a-Brand-new-Passphrase-9' },
      });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().code).toBe('INVALID_TOKEN');
      const invite = await t.app.inject({
        method: 'POST',
        url: `/api/users/validate-account?token=bogus-${i}`,
        payload: { newPassword: 'a-Brand-new-Passphrase-9' },
      });
      expect(invite.statusCode).toBe(400);
    }
    expect(hash).not.toHaveBeenCalled();
  });

  it('rate-limits both routes per client address', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      for (const url of ['/api/auth/reset-password/confirm?token=x', '/api/users/validate-account?token=x']) {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) {
          const res = await limited.app.inject({
            method: 'POST',
            url,
            remoteAddress: '203.0.113.50',
            payload: { newPassword: 'a-Brand-new-Passphrase-9' },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses, url).toEqual([400, 400, 400, 429]);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('logout', () => {
  it('ends the token on the server at once; another session of the same user goes on', async () => {
    const owner = await ownerWithBusiness(t);
    const other = await signIn(t, owner.email, owner.password);
    const me = `/api/users/${owner.userId}`;
    expect((await t.app.inject({ method: 'GET', url: me, headers: bearer(owner.token) })).statusCode).toBe(
      200,
    );

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(owner.token) });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');

    const after = await t.app.inject({ method: 'GET', url: me, headers: bearer(owner.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
    // Again with the ended token: the same answer, and the token stays refused.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(owner.token),
    });
    expect(again.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: me, headers: bearer(owner.token) })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: me, headers: bearer(other.token) })).statusCode).toBe(
      200,
    );
  });

  it('keeps the ended token until its expiry, then sweeps it', async () => {
    const owner = await verifiedOwner(t);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(owner.token) });
    const { rows } = await t.sql('select expires_at from revoked_tokens where user_id = $1', [owner.userId]);
    expect(rows).toHaveLength(1);
    const expiresAt = (rows[0] as { expires_at: Date }).expires_at.getTime();
    expect(Math.abs(expiresAt - (Date.now() + 3600_000))).toBeLessThan(60_000);

    await t.sql("update revoked_tokens set expires_at = now() - interval '1 second' where user_id = $1", [
      owner.userId,
    ]);
    const another = await verifiedOwner(t);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(another.token) });
    expect((await t.sql('select 1 from revoked_tokens where user_id = $1', [owner.userId])).rows).toEqual([]);
  });

  it('answers alike without a token or with a forged one, and ends nothing', async () => {
    const owner = await verifiedOwner(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    const forged = `${owner.token.slice(0, -4)}AAAA`;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(forged) })).statusCode,
    ).toBe(204);
    const me = `/api/users/${owner.userId}`;
    expect((await t.app.inject({ method: 'GET', url: me, headers: bearer(owner.token) })).statusCode).toBe(
      200,
    );
  });
});

describe('reset mails per address', () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await buildTestApp();
  });
  afterAll(async () => {
    await real.close();
  });

  const resetMailsTo = async (email: string) =>
    (await real.mails()).filter((mail) => mail.includes(`To: ${email}`) && /Reset your password/.test(mail));

  async function requestReset(email: string) {
    const res = await real.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/request',
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
  }

  it('sends one mail a minute however often it is asked', async () => {
    const owner = await verifiedOwner(real);
    for (let i = 0; i < 4; i++) await requestReset(owner.email);
    expect(await resetMailsTo(owner.email)).toHaveLength(1);
  });

  it('sends none once five went out within the hour', async () => {
    const owner = await verifiedOwner(real);
    await real.sql(
      `insert into one_time_tokens (id, user_id, purpose, token_hash, expires_at, created_at)
       select gen_random_uuid(), $1, 'RESET_PASSWORD', md5(random()::text), now() + interval '1 hour', now() - interval '10 minutes'
       from generate_series(1, 5)`,
      [owner.userId],
    );
    await requestReset(owner.email);
    expect(await resetMailsTo(owner.email)).toEqual([]);
  });
});
