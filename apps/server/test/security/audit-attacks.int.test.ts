/**
 * Security review of the audit API: hostile input from a signed-in owner, and callers who should
 * not read the log at all.
 *
 * Threat: an owner (or a script with their token) sends what the Logs screen never would:
 * instants at the calendar's edges and with odd offsets, repeated or injected parameters, the
 * farthest page, another business's ids in every place an id goes; an owner whose business is
 * not set up yet; the other business reading back. Every answer must be a clear 4xx or a correct
 * 2xx, never a 500, and nothing the other business wrote may show.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { apiCaller, ownerWithBusiness, verifiedOwner } from '../factories/accounts.js';
import { insertAuditEntries } from '../factories/audit.js';
import { setPlan } from '../factories/catalogue.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
const call = apiCaller(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t);
  other = await ownerWithBusiness(t, 'Other Shop');
  await setPlan(t, owner.businessId, 'BASIC');
  await setPlan(t, other.businessId, 'BASIC');
  await insertAuditEntries(t, owner.businessId, owner.userId, 'CREATE_STORE', 5, '2026-06-01T12:00:00Z');
  await insertAuditEntries(t, other.businessId, other.userId, 'CREATE_STORE', 5, '2026-06-01T12:00:00Z');
});
afterAll(async () => {
  await t.close();
});

describe('audit API under attack', () => {
  it('answers instants at the edges of the calendar and odd offsets, never a 500', async () => {
    for (const [query, total] of [
      ['from=0000-01-01T00:00:00Z', 5],
      ['to=9999-12-31T23:59:59.999999999Z', 5],
      ['from=2026-06-01T12:00:00%2B14:00', 5],
      ['from=2026-06-01T11:58:00.001Z', 2],
      ['from=2026-06-01T12:00:00Z&to=2026-06-01T12:00:00Z', 0],
    ] as const) {
      const res = await call('GET', `/api/audit?${query}`, owner.token);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      expect(res.json().totalElements, query).toBe(total);
    }
    for (const query of [
      'from=2026-02-30T00:00:00Z',
      'from=2026-06-01T12:00:00%2B99:00',
      'from=2026-06-01',
      'to=now()',
      "eventType=CREATE_STORE' or '1'='1",
      `userId=${owner.userId}'--`,
      `userId=${owner.userId}&userId=${other.userId}`,
      'eventType=CREATE_STORE&eventType=DELETE_STORE',
      'page=1.5',
      'size=%00',
    ]) {
      const res = await call('GET', `/api/audit?${query}`, owner.token);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers the farthest page empty and quickly', async () => {
    const res = await call('GET', '/api/audit?page=1000000&size=100', owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content: [], totalElements: 5 });
  });

  it("never shows the other business's entries, whatever id is sent where", async () => {
    const theirIds = new Set(
      (await t.sql('select id from audit_logs where business_id = $1', [other.businessId])).rows.map(
        (row: { id: string }) => row.id,
      ),
    );
    for (const url of [
      `/api/audit/user/${other.userId}/event/CREATE_STORE`,
      `/api/audit/export?userId=${other.userId}&eventType=CREATE_STORE`,
      `/api/audit/user/${other.businessId}`,
      `/api/audit/user/${randomUUID()}/event/CREATE_STORE`,
    ]) {
      const res = await call('GET', url, owner.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(other.email);
    }
    const everything = await call('GET', '/api/audit/event/CREATE_STORE?size=100', owner.token);
    expect(everything.json().content.some((entry: { id: string }) => theirIds.has(entry.id))).toBe(false);
    const sheet = await call('GET', '/api/audit/export', owner.token);
    expect(sheet.statusCode).toBe(200);
    for (const id of theirIds) expect(sheet.body).not.toContain(id);
    expect(sheet.body).not.toContain(other.email);
  });

  it('refuses an owner whose business is not set up yet', async () => {
    const newcomer = await verifiedOwner(t);
    const res = await call('GET', '/api/audit', newcomer.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});
