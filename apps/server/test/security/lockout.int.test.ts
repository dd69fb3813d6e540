/**
 * Security review (helper-f): the per-account lockout under concurrency.
 *
 * The lock is read before the password is verified, and failures are recorded after. A burst of
 * parallel guesses therefore all pass the lock check and all get their password verified: the
 * lockout promises 10 guesses per 15 minutes, a burst gets as many as it sends (the per-IP limit
 * is no help against many addresses: AUTH_RATE_LIMIT is high here to stand for that).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { verifiedOwner } from '../factories/accounts.js';
import { LOCKOUT } from '../../src/modules/access/auth.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const WRONG = 'not-the-password-at-all';

function login(email: string, password: string, i: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: `198.51.100.${(i % 250) + 1}`,
    payload: { email, password },
  });
}

describe('SECURITY lockout: parallel guesses', () => {
  it('verifies at most maxFailures passwords of one account however many guesses arrive at once', async () => {
    const owner = await verifiedOwner(t);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => login(owner.email, WRONG, i)));
    const checked = results.filter((r) => r.statusCode === 401).length;
    const refused = results.filter((r) => r.statusCode === 429).length;
    expect(checked + refused).toBe(50);
    // Each 401 is a password that was verified against the account's hash.
    expect(checked).toBeLessThanOrEqual(LOCKOUT.maxFailures);
  });

  it('does not let the right password through in the same burst as the failures that lock the account', async () => {
    const owner = await verifiedOwner(t);
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 39 ? owner.password : WRONG));
    const results = await Promise.all(guesses.map((password, i) => login(owner.email, password, i)));
    // The 40th guess is the right one; 39 wrong ones before it have locked the account (10 would).
    expect(results[39]?.statusCode).toBe(429);
  });
});
