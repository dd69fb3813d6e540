import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PLANS, PLAN_IDS } from '@app/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { ownerWithBusiness, staffMember } from '../factories/accounts.js';

let t: TestApp;
let client: pg.Client;
let a: Awaited<ReturnType<typeof ownerWithBusiness>>;
let b: Awaited<ReturnType<typeof ownerWithBusiness>>;

beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST_DIR: path.join(tmpdir(), 'backoffice-no-web-build') });
  a = await ownerWithBusiness(t, 'Alpha Stores');
  b = await ownerWithBusiness(t, 'Beta Goods');
  // A staff member per business writes a USER_CREATION audit row in each.
  await staffMember(t, a.token, ['ROLE_PRODUCT_READER']);
  await staffMember(t, b.token, ['ROLE_PRODUCT_READER']);
  client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await t.close();
});

/** Runs `work` in a transaction as app_tenant, with app.business_id set when given; rolls back. */
async function asTenant<T>(businessId: string | null, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    await client.query('set local role app_tenant');
    if (businessId) await client.query("select set_config('app.business_id', $1, true)", [businessId]);
    return await work();
  } finally {
    await client.query('rollback');
  }
}

async function rows<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await client.query<T>(text, values)).rows;
}

describe('tenancy', () => {
  describe('the set-up', () => {
    it('has two businesses and audit rows for both, seen by the owner role', async () => {
      const businesses = await rows<{ id: string }>('select id from businesses order by id');
      expect(businesses.map((r) => r.id).sort()).toEqual([a.businessId, b.businessId].sort());
      const audit = await rows<{ business_id: string }>('select business_id from audit_logs');
      expect(new Set(audit.map((r) => r.business_id))).toEqual(new Set([a.businessId, b.businessId]));
    });
  });

  describe('row-level security as app_tenant', () => {
    it("shows only business B's rows when B is set", async () => {
      await asTenant(b.businessId, async () => {
        const businesses = await rows<{ id: string; business_name: string }>(
          'select id, business_name from businesses',
        );
        expect(businesses).toEqual([{ id: b.businessId, business_name: 'Beta Goods' }]);
        const audit = await rows<{ business_id: string; event_type: string }>(
          'select business_id, event_type from audit_logs',
        );
        expect(audit.length).toBeGreaterThan(0);
        expect(audit.every((r) => r.business_id === b.businessId)).toBe(true);
        expect(audit.map((r) => r.event_type)).toContain('USER_CREATION');
      });
    });

    it("finds none of A's rows even when asked for them by id", async () => {
      await asTenant(b.businessId, async () => {
        expect(await rows('select * from businesses where id = $1', [a.businessId])).toEqual([]);
        expect(await rows('select * from audit_logs where business_id = $1', [a.businessId])).toEqual([]);
      });
    });

    it('shows no rows at all when no business is set', async () => {
      await asTenant(null, async () => {
        expect(await rows('select * from businesses')).toEqual([]);
        expect(await rows('select * from audit_logs')).toEqual([]);
      });
    });

    it('shows no rows when the business id is empty', async () => {
      await asTenant(null, async () => {
        await client.query("select set_config('app.business_id', '', true)");
        expect(await rows('select * from businesses')).toEqual([]);
        expect(await rows('select * from audit_logs')).toEqual([]);
      });
    });

    it('refuses to insert an audit row for A while B is set (WITH CHECK)', async () => {
      await asTenant(b.businessId, async () => {
        await expect(
          client.query(
            "insert into audit_logs (business_id, id, user_id, event_type, description) values ($1, $2, null, 'USER_CREATION', 'forged')",
            [a.businessId, randomUUID()],
          ),
        ).rejects.toThrow(/row-level security/);
      });
      const forged = await rows("select * from audit_logs where description = 'forged'");
      expect(forged).toEqual([]);
    });

    it('accepts an audit row for B while B is set', async () => {
      await asTenant(b.businessId, async () => {
        await client.query(
          "insert into audit_logs (business_id, id, user_id, event_type, description) values ($1, $2, null, 'USER_CREATION', 'allowed')",
          [b.businessId, randomUUID()],
        );
        expect(await rows("select business_id from audit_logs where description = 'allowed'")).toEqual([
          { business_id: b.businessId },
        ]);
      });
    });

    it("cannot move B's business row to another id or change A's", async () => {
      await asTenant(b.businessId, async () => {
        const touched = await client.query("update businesses set business_name = 'Hijacked' where id = $1", [
          a.businessId,
        ]);
        expect(touched.rowCount).toBe(0);
        await expect(
          client.query('update businesses set id = $1 where id = $2', [randomUUID(), b.businessId]),
        ).rejects.toThrow(/row-level security/);
      });
      expect(await rows("select * from businesses where business_name = 'Hijacked'")).toEqual([]);
    });
  });

  describe('the catalogue', () => {
    it('app_tenant is neither superuser nor BYPASSRLS and owns no table', async () => {
      const [role] = await rows<{ rolsuper: boolean; rolbypassrls: boolean }>(
        "select rolsuper, rolbypassrls from pg_roles where rolname = 'app_tenant'",
      );
      expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
      const owned = await rows(
        "select c.relname from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = 'app_tenant'",
      );
      expect(owned).toEqual([]);
    });

    it('every tenant table (business_id NOT NULL) and businesses has RLS enabled, forced and a policy', async () => {
      const tables = await rows<{ table_name: string; rls: boolean; forced: boolean; policies: number }>(`
        select c.relname as table_name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
               (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and (c.relname = 'businesses' or exists (
            select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'business_id' and a.attnotnull and not a.attisdropped))
        order by 1`);
      expect(tables.map((r) => r.table_name)).toEqual(expect.arrayContaining(['audit_logs', 'businesses']));
      expect(tables.filter((r) => !r.rls || !r.forced || r.policies < 1)).toEqual([]);
    });

    it('the only table with a nullable business_id is the global users table', async () => {
      // DESIGN section 4: tenant tables have business_id NOT NULL; users are global (an owner
      // has no business before set-up). A new table with a nullable business_id escapes the
      // check above, so it must be named here on purpose.
      const nullable = await rows<{ table_name: string }>(`
        select c.table_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and c.column_name = 'business_id' and c.is_nullable = 'YES'
          and t.table_type = 'BASE TABLE'`);
      expect(nullable.map((r) => r.table_name)).toEqual(['users']);
    });

    it('app_tenant may read plans but not change them', async () => {
      await asTenant(null, async () => {
        expect((await rows('select id from plans')).length).toBe(PLAN_IDS.length);
        await expect(client.query("update plans set price_monthly = 0 where id = 'SUPREME'")).rejects.toThrow(
          /permission denied/,
        );
      });
    });
  });

  describe('plans', () => {
    it('the seeded rows equal PLANS of @app/contracts', async () => {
      const seeded = await rows<{
        id: string;
        name: string;
        price_monthly: string;
        max_stores: number | null;
        max_warehouses: number | null;
        max_products: number | null;
        max_staff_users: number | null;
        features: string[];
      }>('select * from plans');
      expect(seeded.map((r) => r.id).sort()).toEqual([...PLAN_IDS].sort());
      for (const row of seeded) {
        const plan = PLANS[row.id as keyof typeof PLANS];
        expect(
          {
            name: row.name,
            priceMonthly: row.price_monthly,
            limits: {
              stores: row.max_stores,
              warehouses: row.max_warehouses,
              products: row.max_products,
              staffUsers: row.max_staff_users,
            },
            features: new Set(row.features),
          },
          row.id,
        ).toEqual({ ...plan, features: new Set(plan.features) });
        expect(row.features.length, `${row.id} lists a feature twice`).toBe(new Set(row.features).size);
      }
    });
  });
});
