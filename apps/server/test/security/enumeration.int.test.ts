/**
 * Security review (helper-f): telling whether an address has an account.
 *
 * Registration and the reset request answer alike for every address, but creating a staff member
 * (POST /api/users, any owner or admin, i.e. anyone who signs up and sets up a Free business)
 * answers 409 "An account with this e-mail address already exists." for an address of ANY
 * business, and 201 otherwise. The 409 costs nothing (no staff slot, no rate limit), so one
 * probe answers "is victim@corp.example a customer?". Reproduced on the real server.
 *
 * Fix: check uniqueness against the caller's business only for the 409; for an address that
 * belongs to another account, answer as for a new one without creating it (and mail the holder
 * of the address, as registration does), or answer 202 "invitation sent" in both cases. Put
 * POST /api/users under a per-user rate limit as well.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, uniqueEmail, verifiedOwner } from '../factories/accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('SECURITY account enumeration through staff creation', () => {
  it('answers an address of another business like an address that has no account', async () => {
    const attacker = await ownerWithBusiness(t, 'Prober');
    const victim = await verifiedOwner(t);
    const create = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(attacker.token),
        payload: { fullName: 'Probe', email, roles: ['ROLE_PRODUCT_READER'] },
      });
    const existing = await create(victim.email.toUpperCase());
    const fresh = await create(uniqueEmail('nobody'));
    expect(existing.statusCode).toBe(fresh.statusCode);
  });
});
