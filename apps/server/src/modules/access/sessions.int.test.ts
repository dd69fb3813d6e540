import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { bearer, ownerWithBusiness } from '../../../test/factories/accounts.js';
import { REFRESH_COOKIE } from './auth.routes.js';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from './sessions.service.js';

let t: TestApp;
let now = new Date('2026-11-26T08:00:00Z');
const clock = { now: () => now };
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

type Owner = Awaited<ReturnType<typeof ownerWithBusiness>>;

/** The refresh cookie a response sets, with its attributes; undefined when it sets none. */
function setCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const header = res.headers['set-cookie'] as string | string[] | undefined;
  const all = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return all.find((cookie: string) => cookie.startsWith(`${REFRESH_COOKIE}=`));
}

function cookieValue(setCookie: string | undefined): string {
  const value = /^[^=]+=([^;]*)/.exec(setCookie ?? '')?.[1];
  if (!value) throw new Error(`no refresh cookie in ${String(setCookie)}`);
  return decodeURIComponent(value);
}

async function signInWithCookie(owner: Owner) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: owner.email, password: owner.password },
  });
  expect(res.statusCode).toBe(200);
  return { token: res.json<{ token: string }>().token, refresh: cookieValue(setCookieOf(res)) };
}

function renew(refresh: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers:
      refresh === undefined ? {} : { cookie: `theme=dark; ${REFRESH_COOKIE}=${encodeURIComponent(refresh)}` },
  });
}

async function expectEnded(refresh: string) {
  const res = await renew(refresh);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({
    code: 'UNAUTHENTICATED',
    message: 'Your session has ended. Please sign in again.',
  });
  expect(setCookieOf(res)).toMatch(/^rb_refresh=; Path=\/api\/auth; Max-Age=0; HttpOnly; SameSite=Strict$/);
}

describe('all-day sessions', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await ownerWithBusiness(t, 'Harbour Bakery');
  });

  it('sign-in sets an httpOnly, SameSite=Strict refresh cookie scoped to /api/auth for 8 hours', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(setCookieOf(res)).toMatch(
      /^rb_refresh=[\w-]{40,}; Path=\/api\/auth; Max-Age=28800; HttpOnly; SameSite=Strict$/,
    );
    expect(res.body).not.toContain(cookieValue(setCookieOf(res)));
  });

  it('renews: a new access token that works, and a new refresh token in place of the old', async () => {
    const session = await signInWithCookie(owner);
    later(50 * 60_000);
    const res = await renew(session.refresh);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; expiresIn: number; user: { id: string; businessId: string } }>();
    expect(body.expiresIn).toBe(3600);
    expect(body.user).toMatchObject({ id: owner.userId, businessId: owner.businessId });
    expect(body.token).not.toBe(session.token);
    const next = cookieValue(setCookieOf(res));
    expect(next).not.toBe(session.refresh);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.userId}`,
      headers: bearer(body.token),
    });
    expect(me.statusCode).toBe(200);
    expect((await renew(next)).statusCode).toBe(200);
  });

  it('lets a second tab renew with the same cookie at the same moment, without a new cookie', async () => {
    const session = await signInWithCookie(owner);
    const [first, second] = await Promise.all([renew(session.refresh), renew(session.refresh)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([setCookieOf(first), setCookieOf(second)].filter(Boolean)).toHaveLength(1);
  });

  it('ends the whole family when a replaced token is used again later (a stolen copy)', async () => {
    const session = await signInWithCookie(owner);
    const next = cookieValue(setCookieOf(await renew(session.refresh)));
    later(60_000);
    await expectEnded(session.refresh);
    await expectEnded(next);
  });

  it('ends after 8 hours without a renewal', async () => {
    const session = await signInWithCookie(owner);
    later(SESSION_IDLE_MS + 1000);
    await expectEnded(session.refresh);
  });

  it('ends 7 days after the sign-in however active the person is', async () => {
    let refresh = (await signInWithCookie(owner)).refresh;
    const renewals = Math.floor(SESSION_MAX_MS / (7 * 3600_000));
    for (let i = 0; i < renewals; i++) {
      later(7 * 3600_000);
      const res = await renew(refresh);
      expect(res.statusCode, `renewal ${i + 1}`).toBe(200);
      refresh = cookieValue(setCookieOf(res));
      // The cookie never outlives the family.
      expect(Number(/Max-Age=(\d+)/.exec(setCookieOf(res) ?? '')?.[1])).toBeLessThanOrEqual(8 * 3600);
    }
    later(7 * 3600_000);
    await expectEnded(refresh);
  });

  it('ends at logout, in every tab, and the logout answer clears the cookie', async () => {
    const session = await signInWithCookie(owner);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        ...bearer(session.token),
        cookie: `${REFRESH_COOKIE}=${encodeURIComponent(session.refresh)}`,
      },
    });
    expect(out.statusCode).toBe(204);
    expect(setCookieOf(out)).toMatch(/^rb_refresh=; .*Max-Age=0/);
    await expectEnded(session.refresh);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.userId}`,
      headers: bearer(session.token),
    });
    expect(me.statusCode).toBe(401);
  });

  it('ends the session of the cookie at logout even when the access token has expired', async () => {
    const session = await signInWithCookie(owner);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `${REFRESH_COOKIE}=${encodeURIComponent(session.refresh)}` },
    });
    expect(out.statusCode).toBe(204);
    await expectEnded(session.refresh);
  });

  it('ends when the password is reset, the user disabled, or their roles change', async () => {
    const reset = await signInWithCookie(owner);
    await t.sql('update users set token_version = token_version + 1 where id = $1', [owner.userId]);
    await expectEnded(reset.refresh);

    const disabled = await signInWithCookie(owner);
    await t.sql('update users set disabled_at = now() where id = $1', [owner.userId]);
    await expectEnded(disabled.refresh);
    await t.sql('update users set disabled_at = null where id = $1', [owner.userId]);
  });

  it('answers 401 without a cookie or with an unknown one, and clears it', async () => {
    const res = await renew(undefined);
    expect(res.statusCode).toBe(401);
    await expectEnded('not-a-refresh-token-that-exists-anywhere-at-all');
  });
});
