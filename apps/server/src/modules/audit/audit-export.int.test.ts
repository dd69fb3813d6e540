import { AUDIT_EXPORT_MAX_ROWS, CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '@app/contracts';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { apiCaller, ownerWithBusiness } from '../../../test/factories/accounts.js';
import { insertAuditEntries } from '../../../test/factories/audit.js';
import { setPlan } from '../../../test/factories/catalogue.js';

/** Late evening in UTC, already the next day in Kolkata (+05:30): the file is named by the latter. */
const now = new Date('2026-11-26T20:00:00.000Z');
let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
const call = apiCaller(() => t);
const BOM = '\uFEFF';
const HEADER = 'Log ID,User ID,User e-mail,Event Type,Description,Timestamp';

async function addEntry(businessId: string, userId: string | null, description: string, at: string) {
  const { rows } = await t.sql(
    `insert into audit_logs (business_id, id, user_id, event_type, description, created_at)
     values ($1, gen_random_uuid(), $2, 'USER_UPDATE', $3, $4) returning id`,
    [businessId, userId, description, at],
  );
  return (rows[0] as { id: string }).id;
}

let formulaId: string;
let quotedId: string;
let systemId: string;

beforeAll(async () => {
  t = await buildTestApp({}, { clock: { now: () => now } });
  owner = await ownerWithBusiness(t);
  other = await ownerWithBusiness(t, 'Other Shop');
  await setPlan(t, owner.businessId, 'ADVANCED');
  await setPlan(t, other.businessId, 'BASIC');
  await t.sql(`update businesses set time_zone = 'Asia/Kolkata' where id = $1`, [owner.businessId]);
  formulaId = await addEntry(
    owner.businessId,
    owner.userId,
    '=HYPERLINK("http://evil.test","x")',
    '2026-06-01T12:00:00Z',
  );
  quotedId = await addEntry(
    owner.businessId,
    owner.userId,
    'Renamed "Main", then "Annex"',
    '2026-06-01T11:00:00Z',
  );
  systemId = await addEntry(owner.businessId, null, 'Nightly check', '2026-05-31T20:00:00Z');
  await insertAuditEntries(t, other.businessId, other.userId, 'USER_UPDATE', 5, '2026-06-01T12:30:00Z');
});
afterAll(async () => {
  await t.close();
});

describe('exportAuditEntries', () => {
  it('writes a CSV with a BOM, newest first, in the business time zone, with formulas defused', async () => {
    const res = await call('GET', '/api/audit/export?format=csv', owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(CSV_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log-2026-11-27.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith(BOM)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    // The three entries, newest first; the other business's five never appear.
    expect(lines.slice(1).filter(Boolean)).toEqual([
      `${formulaId},${owner.userId},${owner.email},USER_UPDATE,"'=HYPERLINK(""http://evil.test"",""x"")",2026-06-01T17:30:00.000+05:30`,
      `${quotedId},${owner.userId},${owner.email},USER_UPDATE,"Renamed ""Main"", then ""Annex""",2026-06-01T16:30:00.000+05:30`,
      `${systemId},,,USER_UPDATE,Nightly check,2026-06-01T01:30:00.000+05:30`,
    ]);
  });

  it('applies the filters of the list', async () => {
    const res = await call(
      'GET',
      `/api/audit/export?userId=${owner.userId}&from=2026-06-01T11:00:00Z&to=2026-06-01T12:00:00Z`,
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.rawPayload.toString('utf8').trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.startsWith(quotedId)).toBe(true);
  });

  it('writes an XLSX that opens with its header and the same cells', async () => {
    const res = await call('GET', '/api/audit/export?format=xlsx', owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log-2026-11-27.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = (row: number) => (sheet?.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual(HEADER.split(','));
    expect(values(2)).toEqual([
      formulaId,
      owner.userId,
      owner.email,
      'USER_UPDATE',
      `'=HYPERLINK("http://evil.test","x")`,
      '2026-06-01T17:30:00.000+05:30',
    ]);
    expect(sheet?.getCell('E2').formula).toBeUndefined();
    expect(sheet?.rowCount).toBe(4);
  });

  it('refuses a bad format and a range that ends before it starts', async () => {
    const bad = await call('GET', '/api/audit/export?format=pdf', owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors.format).toEqual(['format is csv or xlsx.']);
    const backwards = await call(
      'GET',
      '/api/audit/export?from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z',
      owner.token,
    );
    expect(backwards.statusCode).toBe(400);
  });

  it(`refuses more than ${AUDIT_EXPORT_MAX_ROWS} entries and asks for a shorter range`, async () => {
    await insertAuditEntries(
      t,
      owner.businessId,
      owner.userId,
      'CART_APPROVAL',
      AUDIT_EXPORT_MAX_ROWS,
      '2025-01-01T00:00:00Z',
      0.01,
    );
    const tooMany = await call('GET', '/api/audit/export', owner.token);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'BAD_REQUEST',
      details: { maxRows: AUDIT_EXPORT_MAX_ROWS },
    });
    expect(tooMany.json().message).toMatch(/shorter date range/);
    // A narrower search of the same log is written.
    const narrower = await call('GET', '/api/audit/export?eventType=USER_UPDATE', owner.token);
    expect(narrower.statusCode).toBe(200);
    expect(narrower.rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(4);
  });
});

describe('the audit log is append-only', () => {
  it('refuses UPDATE and DELETE to the request role, even on its own business rows', async () => {
    const client = new pg.Client({ connectionString: t.requestUrl });
    await client.connect();
    try {
      await client.query(
        `begin; select set_config('role', 'app_tenant', true), set_config('app.business_id', '${owner.businessId}', true), set_config('app.user_id', '${owner.userId}', true)`,
      );
      // The row is visible to the role: the refusals below are the grants, not the policy.
      expect((await client.query('select id from audit_logs where id = $1', [formulaId])).rowCount).toBe(1);
      for (const statement of [
        `update audit_logs set description = 'rewritten' where id = '${formulaId}'`,
        `delete from audit_logs where id = '${formulaId}'`,
        'truncate audit_logs',
      ]) {
        await client.query('savepoint attempt');
        await expect(client.query(statement), statement).rejects.toThrow(/permission denied/);
        await client.query('rollback to savepoint attempt');
      }
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
    const { rows } = await t.sql('select description from audit_logs where id = $1', [formulaId]);
    expect(rows).toEqual([{ description: '=HYPERLINK("http://evil.test","x")' }]);
  });
});
