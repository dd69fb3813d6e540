import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { bearer, signIn } from '../../test/factories/accounts.js';
import { expectLedgerBalanced } from '../../test/factories/inventory.js';
import { expectRollupsBalanced } from '../../test/factories/sales.js';
import { DEMO_OWNER, DEMO_STAFF } from './demo-account.js';
import { seedDemo, type DemoSeedResult } from './demo-seed.js';

/** A small demo (24 products, 2 months, about 2,000 lines): the full one differs only in size. */
const SMALL = { products: 24, months: 2, lines: 2_000 };

let t: TestApp;
let seeded: DemoSeedResult;
let demoBeforeSeed: number;

beforeAll(async () => {
  t = await buildTestApp({ DEMO: '1' });
  demoBeforeSeed = (await t.app.inject({ url: '/api/demo' })).statusCode;
  seeded = await seedDemo(
    { app: t.app, db: t.database.db, owner: t.owner.pool, timeZone: 'Europe/Paris' },
    SMALL,
  );
}, 120_000);
afterAll(async () => t?.close());

const count = async (sql: string, values: unknown[] = []) =>
  Number((await t.sql(sql, values)).rows[0]?.n ?? -1);

describe('seedDemo', () => {
  it('makes Demo Market on the Advanced plan with its stores, warehouse, products and staff', async () => {
    expect(seeded.status).toBe('created');
    if (seeded.status !== 'created') return;
    const b = [seeded.businessId];
    expect((await t.sql('select business_name, plan_id from businesses where id = $1', b)).rows).toEqual([
      { business_name: 'Demo Market', plan_id: 'ADVANCED' },
    ]);
    expect(
      await count(`select count(*) n from subscriptions where business_id = $1 and status = 'ACTIVE'`, b),
    ).toBe(1);
    expect(await count('select count(*) n from stores where business_id = $1', b)).toBe(3);
    expect(await count('select count(*) n from warehouses where business_id = $1', b)).toBe(1);
    expect(await count('select count(distinct sku) n from products where business_id = $1', b)).toBe(24);
    expect(
      await count('select count(*) n from products where business_id = $1 and image_url is null', b),
    ).toBe(0);
    expect(await count('select count(*) n from inventory_items where business_id = $1', b)).toBe(96);
    const { rows: movements } = await t.sql(
      'select status, count(*)::int as n from stock_movements where business_id = $1 group by status order by status',
      b,
    );
    expect(movements).toEqual(
      ['CANCELLED', 'COMPLETED', 'IN_TRANSIT', 'PENDING'].map((status) => ({ status, n: 10 })),
    );
    const { rows: staff } = await t.sql(
      `select email, roles from users where business_id = $1 and email <> $2 and password_hash is not null`,
      [seeded.businessId, DEMO_OWNER.email],
    );
    expect(staff).toHaveLength(6);
    // The items left under their reorder point raised their alerts; the owner sent two broadcasts.
    const alerts = (
      await t.sql(
        'select kind, count(*)::int as n from alerts where business_id = $1 group by kind order by kind',
        b,
      )
    ).rows;
    expect(alerts).toEqual([
      { kind: 'BROADCAST', n: 2 },
      { kind: 'SYSTEM', n: 3 },
    ]);
    const held = new Set(staff.flatMap((row: { roles: string[] }) => row.roles));
    expect([...held].sort()).toEqual(DEMO_STAFF.flatMap((m) => m.roles).sort());
    expect(held.size).toBe(14);
  });

  it('writes about the asked number of lines, with refunds and promotions, and balanced rollups', async () => {
    if (seeded.status !== 'created') throw new Error('not seeded');
    expect(seeded.lines).toBeGreaterThan(1_500);
    expect(seeded.lines).toBeLessThan(2_600);
    const b = [seeded.businessId];
    expect(
      await count(`select count(*) n from sales where business_id = $1 and kind = 'REFUND'`, b),
    ).toBeGreaterThan(0);
    expect(
      await count('select count(*) n from sale_lines where business_id = $1 and discount > 0', b),
    ).toBeGreaterThan(0);
    await expectRollupsBalanced(t);
    await expectLedgerBalanced(t);
  });

  it('gives every line a unit cost, the rollups the lines’ costs, and the items an average cost', async () => {
    if (seeded.status !== 'created') throw new Error('not seeded');
    const b = [seeded.businessId];
    expect(
      await count('select count(*) n from sale_lines where business_id = $1 and unit_cost is null', b),
    ).toBe(0);
    // A refund line carries its sale line's unit cost.
    expect(
      await count(
        `select count(*) n from sale_lines r join sales s on s.business_id = r.business_id and s.id = r.sale_id
         join sale_lines l on l.business_id = s.business_id and l.sale_id = s.refund_of and l.line_no = 1
         where r.business_id = $1 and l.unit_cost is distinct from r.unit_cost`,
        b,
      ),
    ).toBe(0);
    const lineCost = 'coalesce(sum(round(quantity * unit_cost, 2)), 0)';
    const apart = await t.sql(
      `select 'day' as what, d.day::text from sales_daily_products d
       where d.business_id = $1 and d.cost <> (select ${lineCost} from sale_lines l where l.business_id = d.business_id
         and l.store_id = d.store_id and l.day = d.day and l.product_id = d.product_id)
       union all
       select 'store', s.day::text from sales_daily_stores s
       where s.business_id = $1 and s.cost <> (select ${lineCost} from sale_lines l where l.business_id = s.business_id
         and l.store_id = s.store_id and l.day = s.day)
       union all
       select 'month', m.month::text from sales_monthly_skus m
       where m.business_id = $1 and m.cost <> (select ${lineCost} from sale_lines l where l.business_id = m.business_id
         and l.sku = m.sku and date_trunc('month', l.day) = m.month)`,
      b,
    );
    expect(apart.rows).toEqual([]);
    // Margins look like a shop's: the cost is 55 % to 70 % of the price, so 30 % to 45 % of the money.
    const { rows } = await t.sql(
      `select round(100 * (sum(total) - sum(cost)) / sum(total), 1)::float8 as margin from sales_daily_stores
       where business_id = $1`,
      b,
    );
    expect(rows[0]?.margin).toBeGreaterThan(25);
    expect(rows[0]?.margin).toBeLessThan(50);
    const { rows: items } = await t.sql(
      `select count(*)::int as n, count(*) filter (where i.average_unit_cost between p.cost_price * 0.97
                                                     and p.cost_price * 1.05)::int as near
       from inventory_items i join products p on p.business_id = i.business_id and p.id = i.product_id
       where i.business_id = $1`,
      b,
    );
    expect(items[0]).toEqual({ n: 96, near: 96 });
  });

  it('lets the owner sign in and read non-empty analytics for the period', async () => {
    const session = await signIn(t, DEMO_OWNER.email, DEMO_OWNER.password);
    const now = new Date();
    const dd = (d: Date) =>
      `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
    const start = `${dd(new Date(now.getTime() - 60 * 86_400_000))} 00:00`;
    const end = `${dd(now)} 23:59`;
    const query = new URLSearchParams({ start, end, interval: 'monthly' }).toString();
    const trend = await t.app.inject({
      url: `/api/sales-analytics/trends/business?${query}`,
      headers: bearer(session.token),
    });
    expect(trend.statusCode).toBe(200);
    expect(trend.json<Array<{ totalSales: string }>>().some((p) => Number(p.totalSales) > 0)).toBe(true);
    const top = await t.app.inject({
      url: `/api/sales-analytics/top/business?${query}`,
      headers: bearer(session.token),
    });
    expect(top.json()).toHaveLength(5);
  });

  it('does nothing the second time and says the demo exists', async () => {
    const again = await seedDemo({ app: t.app, db: t.database.db, owner: t.owner.pool }, SMALL);
    expect(again).toEqual({ status: 'exists', email: DEMO_OWNER.email, password: DEMO_OWNER.password });
    expect(await count(`select count(*) n from businesses where business_name = 'Demo Market'`)).toBe(1);
  });
});

describe('GET /api/demo', () => {
  it('answers the demo sign-in without a token once the demo exists, 404 before', async () => {
    expect(demoBeforeSeed).toBe(404);
    const res = await t.app.inject({ url: '/api/demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: DEMO_OWNER.email,
      password: DEMO_OWNER.password,
      businessName: 'Demo Market',
    });
  });

  it('does not exist on a server without DEMO=1', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject({ url: '/api/demo' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).not.toHaveProperty('password');
    } finally {
      await plain.close();
    }
  });
});
