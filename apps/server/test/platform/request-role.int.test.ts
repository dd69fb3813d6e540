import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '../../src/platform/db/database.js';
import { assertSafeRequestRole } from '../../src/platform/db/request-role.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { ownerWithBusiness, staffMember } from '../factories/accounts.js';

/**
 * What SQL injected into a request could do. The request pool logs in as app_request; each
 * request's transaction switches to app_tenant with the tenant set (platform/db/tenancy.ts).
 * Every attempt to leave that below must fail, and reading another tenant's rows must find
 * nothing.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof ownerWithBusiness>>;
let b: Awaited<ReturnType<typeof ownerWithBusiness>>;
let request: pg.Client;
const ownerName = new URL(inject('dbAdminUrl')).username;

beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST_DIR: path.join(tmpdir(), 'backoffice-no-web-build') });
  a = await ownerWithBusiness(t, 'Alpha Stores');
  b = await ownerWithBusiness(t, 'Beta Goods');
  await staffMember(t, a.token, ['ROLE_PRODUCT_READER']);
  request = new pg.Client({ connectionString: t.requestUrl });
  await request.connect();
});
afterAll(async () => {
  await request.end();
  await t.close();
});

/** A transaction as the app opens one for business B, then `attack`; always rolled back. */
async function inRequestOfB<T>(attack: (q: (sql: string) => Promise<pg.QueryResult>) => Promise<T>) {
  await request.query(
    `begin; select set_config('role', 'app_tenant', true), set_config('app.business_id', '${b.businessId}', true), set_config('app.user_id', '${b.userId}', true)`,
  );
  try {
    return await attack((sql) => request.query(sql));
  } finally {
    await request.query('rollback');
  }
}

/** Runs one statement in its own savepoint so that a refusal does not end the transaction. */
async function refused(q: (sql: string) => Promise<pg.QueryResult>, sql: string): Promise<string> {
  await q('savepoint attempt');
  try {
    await q(sql);
  } catch (error) {
    await q('rollback to savepoint attempt');
    return (error as Error).message;
  }
  await q('release savepoint attempt');
  throw new Error(`was not refused: ${sql}`);
}

describe('the request role', () => {
  it('logs in as app_request: no superuser, no BYPASSRLS, owns nothing, member of app_tenant only', async () => {
    const { rows } = await request.query<{
      who: string;
      rolsuper: boolean;
      rolbypassrls: boolean;
      rolinherit: boolean;
      owns: number;
      member_of: string[];
    }>(`select r.rolname as who, r.rolsuper, r.rolbypassrls, r.rolinherit,
              (select count(*)::int from pg_class c where c.relowner = r.oid) as owns,
              array(select g.rolname::text from pg_auth_members m join pg_roles g on g.oid = m.roleid where m.member = r.oid) as member_of
       from pg_roles r where r.rolname = session_user`);
    expect(rows).toEqual([
      {
        who: 'app_request',
        rolsuper: false,
        rolbypassrls: false,
        rolinherit: false,
        owns: 0,
        member_of: ['app_tenant'],
      },
    ]);
  });

  it('gains nothing by RESET ROLE: the login role itself may read no table', async () => {
    await inRequestOfB(async (q) => {
      await q('reset role');
      expect((await q('select current_user as who')).rows).toEqual([{ who: 'app_request' }]);
      for (const table of ['businesses', 'users', 'audit_logs', 'one_time_tokens', 'plans']) {
        expect(await refused(q, `select * from ${table}`)).toMatch(/permission denied/);
      }
    });
  });

  it(`cannot SET ROLE to the owner or SET SESSION AUTHORIZATION`, async () => {
    await inRequestOfB(async (q) => {
      expect(await refused(q, `set role ${ownerName}`)).toMatch(/permission denied/);
      expect(await refused(q, `set local role ${ownerName}`)).toMatch(/permission denied/);
      expect(await refused(q, `set session authorization ${ownerName}`)).toMatch(/permission denied/);
      await q('reset role');
      expect(await refused(q, `set role ${ownerName}`)).toMatch(/permission denied/);
    });
  });

  it('cannot run programs, read server files, create roles or switch row-level security off', async () => {
    await inRequestOfB(async (q) => {
      expect(await refused(q, "copy (select 1) to program 'true'")).toMatch(/permission denied|must be/i);
      expect(await refused(q, "select pg_read_file('/etc/passwd')")).toMatch(/permission denied/);
      // PostgreSQL 15 says "must be superuser to create superusers"; 16 and later "permission denied".
      expect(await refused(q, 'create role intruder superuser')).toMatch(
        /permission denied|must be superuser/,
      );
      expect(await refused(q, 'alter table businesses disable row level security')).toMatch(
        /must be (the )?owner/,
      );
      expect(await refused(q, 'alter table users no force row level security')).toMatch(
        /must be (the )?owner/,
      );
      expect(await refused(q, 'create table public.planted (x int)')).toMatch(/permission denied/);
    });
  });

  it("reads none of A's rows, and no user of A, while B is set", async () => {
    await inRequestOfB(async (q) => {
      expect((await q(`select id from businesses where id = '${a.businessId}'`)).rows).toEqual([]);
      expect((await q(`select id from audit_logs where business_id = '${a.businessId}'`)).rows).toEqual([]);
      expect((await q(`select id from users where business_id = '${a.businessId}'`)).rows).toEqual([]);
      expect((await q(`select id from users where id = '${a.userId}'`)).rows).toEqual([]);
      const users = await q('select id, business_id from users');
      expect(users.rows.every((row: { business_id: string }) => row.business_id === b.businessId)).toBe(true);
      // Link tokens: only those of B's own users (B's owner verified the address).
      const tokens = await q('select user_id from one_time_tokens');
      expect(tokens.rows.length).toBeGreaterThan(0);
      expect(tokens.rows.map((row: { user_id: string }) => row.user_id)).toEqual(
        tokens.rows.map(() => b.userId),
      );
    });
  });

  it('cannot change or delete users of another business, nor move a user to it', async () => {
    await inRequestOfB(async (q) => {
      expect((await q(`update users set full_name = 'Hijacked' where id = '${a.userId}'`)).rowCount).toBe(0);
      expect(await refused(q, `delete from users where id = '${b.userId}'`)).toMatch(/permission denied/);
      expect(
        await refused(q, `update users set business_id = '${a.businessId}' where id = '${b.userId}'`),
      ).toMatch(/another business/);
    });
    expect((await t.sql("select id from users where full_name = 'Hijacked'")).rows).toEqual([]);
  });

  it('may not touch the lockout, logout and mail tables except through their functions', async () => {
    await inRequestOfB(async (q) => {
      for (const table of [
        'login_failures',
        'account_locks',
        'revoked_tokens',
        'mail_deliveries',
        'rate_limit_windows',
      ]) {
        expect(await refused(q, `select * from ${table}`)).toMatch(/permission denied/);
        expect(await refused(q, `delete from ${table}`)).toMatch(/permission denied/);
      }
      expect(await refused(q, `update audit_logs set description = 'rewritten'`)).toMatch(
        /permission denied/,
      );
      expect(await refused(q, 'delete from audit_logs')).toMatch(/permission denied/);
    });
  });

  it('is refused at start when it could leave the tenant (a superuser named in DATABASE_APP_URL)', async () => {
    const owner = connectDatabase(t.databaseUrl, { max: 1 });
    try {
      await expect(assertSafeRequestRole(owner.pool)).rejects.toThrow(/is a superuser|owns/);
    } finally {
      await owner.close();
    }
    const safe = connectDatabase(t.requestUrl, { max: 1 });
    try {
      await expect(assertSafeRequestRole(safe.pool)).resolves.toBeUndefined();
    } finally {
      await safe.close();
    }
  });
});

describe('the table catalogue', () => {
  /**
   * Tables that are not FORCE'd row-level security, each with the reason. A new table fails this
   * test until it is FORCE'd with a tenant policy, or named here on purpose.
   */
  const EXEMPT: Record<string, string> = {
    // Global, RLS enabled without FORCE so the owner's session-check function reads any row;
    // app_tenant sees itself, its business's users and the one account a transaction looks up.
    users: 'policies by user, business and looked-up login',
    // Global, RLS enabled without FORCE: a row is seen by its hash or through a visible user.
    one_time_tokens: 'policies by token hash and visible user',
    // Reference data, read-only for app_tenant.
    plans: 'read-only reference data',
    loyalty_builtin_templates: 'read-only reference data',
    // No privilege for app_tenant: reached through SECURITY DEFINER functions or the mail worker.
    login_failures: 'functions only',
    account_locks: 'functions only',
    revoked_tokens: 'functions only',
    rate_limit_windows: 'functions only',
    mail_deliveries: 'mail worker only (owner)',
  };

  /** What app_tenant may do on each table; a change here is a change of the security model. */
  const PRIVILEGES: Record<string, string[]> = {
    businesses: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    audit_logs: ['INSERT', 'SELECT'],
    plans: ['SELECT'],
    users: ['INSERT', 'SELECT', 'UPDATE'],
    one_time_tokens: ['INSERT', 'SELECT', 'UPDATE'],
    refresh_tokens: ['INSERT', 'SELECT', 'UPDATE'],
    locations: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    pos_readers: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    stores: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    warehouses: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    categories: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    suppliers: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    carrying_containers: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    products: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    product_position_gaps: ['INSERT', 'SELECT'],
    inventory_items: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    inventory_positions: ['INSERT', 'SELECT', 'UPDATE'],
    inventory_position_gaps: ['INSERT', 'SELECT'],
    stock_ledger: ['INSERT', 'SELECT'],
    stock_movements: ['INSERT', 'SELECT', 'UPDATE'],
    idempotency_keys: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    subscriptions: ['INSERT', 'SELECT', 'UPDATE'],
    subscription_checkouts: ['INSERT', 'SELECT', 'UPDATE'],
    payment_events: ['INSERT', 'SELECT'],
    sales: ['INSERT', 'SELECT'],
    sale_lines: ['INSERT', 'SELECT'],
    sales_daily_products: ['INSERT', 'SELECT', 'UPDATE'],
    sales_daily_stores: ['INSERT', 'SELECT', 'UPDATE'],
    sales_monthly_skus: ['INSERT', 'SELECT', 'UPDATE'],
    loyalty_builtin_templates: ['SELECT'],
    loyalty_templates: ['INSERT', 'SELECT', 'UPDATE'],
    loyalty_programs: ['INSERT', 'SELECT', 'UPDATE'],
    loyalty_members: ['INSERT', 'SELECT', 'UPDATE'],
    loyalty_point_entries: ['INSERT', 'SELECT'],
    alerts: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    alert_reads: ['INSERT', 'SELECT'],
    reports: ['DELETE', 'INSERT', 'SELECT'],
    purchase_order_counters: ['INSERT', 'SELECT', 'UPDATE'],
    purchase_orders: ['INSERT', 'SELECT', 'UPDATE'],
    purchase_order_lines: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
    purchase_receipts: ['INSERT', 'SELECT'],
    cycle_counts: ['INSERT', 'SELECT', 'UPDATE'],
    cycle_count_lines: ['INSERT', 'SELECT', 'UPDATE'],
  };

  it('every table of the public schema is FORCE row-level security or exempt with a reason', async () => {
    const { rows } = await t.sql(`
      select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
             (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
    const unguarded = rows
      .filter((row: { name: string; forced: boolean; policies: number }) => !(row.forced && row.policies > 0))
      .map((row: { name: string }) => row.name);
    expect(unguarded.filter((name: string) => !(name in EXEMPT))).toEqual([]);
    const withPolicies = rows.filter((row: { name: string }) =>
      ['users', 'one_time_tokens'].includes(row.name),
    );
    expect(withPolicies.every((row: { rls: boolean; policies: number }) => row.rls && row.policies > 0)).toBe(
      true,
    );
  });

  it("app_tenant's privileges on each table are exactly the expected ones", async () => {
    const { rows } = await t.sql(`
      select table_name as name, array_agg(privilege_type::text order by privilege_type) as privileges
      from information_schema.role_table_grants
      where grantee = 'app_tenant' and table_schema = 'public'
      group by table_name order by table_name`);
    const actual = Object.fromEntries(
      rows.map((row: { name: string; privileges: string[] }) => [row.name, row.privileges]),
    );
    expect(actual).toEqual(PRIVILEGES);
  });

  /**
   * The SECURITY DEFINER functions (each runs as the table owner, past row-level security) and who
   * may run them besides their owner. A change here is a change of the security model, as above.
   */
  const DEFINER_FUNCTIONS: Record<string, string[]> = {
    'app_begin_login_attempt(text,timestamp with time zone)': ['app_tenant'],
    'app_businesses_with_expired_points(timestamp with time zone,integer)': ['app_tenant'],
    'app_businesses_with_movement_alerts(timestamp with time zone,integer)': ['app_tenant'],
    'app_clear_login_failures(text,boolean)': ['app_tenant'],
    'app_delete_business(uuid)': ['app_tenant'],
    'app_due_subscriptions(timestamp with time zone,integer)': ['app_tenant'],
    'app_finish_login_attempt(text,boolean,uuid,timestamp with time zone)': ['app_tenant'],
    // The public store lookup of /scan-pay-go (migration 0026): name, opening hours, image key.
    'app_public_store(text)': ['app_tenant'],
    // The rate limits shared by every server process (migration 0028).
    'app_rate_limit_hit(text,integer)': ['app_tenant'],
    'app_revoke_token(uuid,uuid,timestamp with time zone)': ['app_tenant'],
    // The session check runs as the login role, before any transaction (migration 0004).
    'app_session_version(uuid,uuid)': ['PUBLIC'],
  };

  it('the SECURITY DEFINER functions and who may run them are exactly the expected ones', async () => {
    const { rows } = await t.sql(`
      select p.oid::regprocedure::text as name,
             case when p.proacl is null then array['PUBLIC']
                  else array(select case when a.grantee = 0 then 'PUBLIC' else pg_get_userbyid(a.grantee)::text end
                             from aclexplode(p.proacl) a
                             where a.privilege_type = 'EXECUTE' and a.grantee <> p.proowner
                             order by 1) end as executors
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef order by 1`);
    const actual = Object.fromEntries(
      rows.map((row: { name: string; executors: string[] }) => [row.name, row.executors]),
    );
    expect(actual).toEqual(DEFINER_FUNCTIONS);
  });

  it('policies for the owner role only read, and only the tables its functions read across tenants', async () => {
    const { rows } = await t.sql(
      `
      select c.relname || '.' || p.polname as name, p.polcmd as command
      from pg_policy p join pg_class c on c.oid = p.polrelid
      where $1::regrole::oid = any(p.polroles) order by 1`,
      [ownerName],
    );
    expect(rows).toEqual([
      // app_public_store (migration 0026).
      { name: 'businesses.public_store_lookup', command: 'r' },
      { name: 'stores.public_store_lookup', command: 'r' },
      // app_due_subscriptions (migration 0014).
      { name: 'subscriptions.renewal_sweep', command: 'r' },
    ]);
  });

  it('a table created later gives app_tenant nothing until its migration grants it', async () => {
    const table = `later_${randomUUID().slice(0, 8)}`;
    await t.sql(`create table ${table} (id int)`);
    try {
      const { rows } = await t.sql(
        `select privilege_type from information_schema.role_table_grants where grantee = 'app_tenant' and table_name = $1`,
        [table],
      );
      expect(rows).toEqual([]);
    } finally {
      await t.sql(`drop table ${table}`);
    }
  });
});
