import type { Db } from '../platform/db/database.js';
import { inJobTenant } from '../platform/db/tenancy.js';

export type SalesHistoryPlan = {
  businessId: string;
  timeZone: string;
  /** First and last day (yyyy-MM-dd, business calendar); the last day stops at `now`. */
  fromDay: string;
  toDay: string;
  now: Date;
  /** About this many sale lines in all. */
  lines: number;
  /** Each store's share of the trade. */
  stores: Array<{ storeId: string; locationId: string; weight: number }>;
  /** The catalogue by SKU: popularity rank (0 sells best) and season. */
  catalogue: Array<{ sku: string; rank: number; season: string }>;
  /** Two-week promotions: these SKUs at `percent` off from `fromDay` to `toDay` inclusive. */
  promotions: Array<{ fromDay: string; toDay: string; percent: number; skus: string[] }>;
  /** Who rang the sales up. */
  cashierIds: string[];
};

/**
 * Writes a year of sales in one transaction, set-based: temporary tables hold the generated
 * sales and lines, then one INSERT per table, then the daily rollups computed from exactly those
 * rows, so they balance by construction. Runs as the request role in the business's tenant (the
 * same grants and policies as a sale at the till). The history takes no stock: the stock the
 * demo shows is what was received and moved through the inventory API (see ARCHITECTURE.md).
 *
 * Shape: more trade on Fridays and weekends, a summer swell and a December peak, lunch and
 * after-work rushes; summer and winter categories sell more in their season; a promoted product
 * sells more at its discounted price; about 0.6 % of sales have their first line refunded a few
 * days later. `setseed` makes the draws repeatable.
 */
export async function writeSalesHistory(
  db: Db,
  plan: SalesHistoryPlan,
): Promise<{ sales: number; lines: number }> {
  return inJobTenant(db, plan.businessId, async ({ tx }) => {
    const q = (text: string, values: unknown[] = []) => tx.$client.query(text, values);
    await q(`select setseed(0.4242)`);
    await q(
      `create temp table demo_products on commit drop as
       select p.id as product_id, p.location_id, p.name, p.sku, p.barcode, p.category_id, p.price, p.cost_price,
              m.rank, m.season
       from products p join json_to_recordset($2::json) as m(sku text, rank int, season text) on m.sku = p.sku
       where p.business_id = $1`,
      [plan.businessId, JSON.stringify(plan.catalogue)],
    );
    await q(
      `create temp table demo_promotions on commit drop as
       select row_number() over () as promo_no, * from json_to_recordset($1::json)
         as x("fromDay" date, "toDay" date, percent numeric, skus text[])`,
      [JSON.stringify(plan.promotions)],
    );
    // Day weight: weekday pattern x (1 + summer swell + December peak), then noise per store.
    await q(
      `create temp table demo_store_days on commit drop as
       with days as (
         select d::date as day,
           (1 + 0.35 * exp(-power((extract(doy from d) - 200) / 28.0, 2))
              + 0.7 * exp(-power((d::date - make_date(extract(year from d)::int, 12, 21)) / 10.0, 2)))
           * (case extract(isodow from d) when 5 then 1.15 when 6 then 1.5 when 7 then 1.2 else 1 end) as weight
         from generate_series($1::date, $2::date, interval '1 day') d
       ), stores as (
         select * from json_to_recordset($3::json) as s("storeId" uuid, "locationId" uuid, weight float8)
       ), scale as (
         select $4::float8 / (2.58 * sum(d.weight * s.weight)) as per_weight from days d cross join stores s
       )
       select s."storeId" as store_id, s."locationId" as location_id, d.day,
              (select promo_no from demo_promotions p where d.day between p."fromDay" and p."toDay" limit 1) as promo_no,
              case when extract(month from d.day) in (6, 7, 8) then 'SUMMER'
                   when extract(month from d.day) in (11, 12) then 'WINTER' end as season,
              greatest(1, round(scale.per_weight * d.weight * s.weight * (0.85 + random() * 0.3)))::int as sale_count
       from days d cross join stores s cross join scale`,
      [plan.fromDay, plan.toDay, JSON.stringify(plan.stores), plan.lines],
    );
    // A time of day from 8:00 to 20:00: a lunch rush, an after-work rush, the rest spread out.
    await q(
      `create temp table demo_sales on commit drop as
       with drawn as (
         select sd.*, random() as mix, (random() + random() + random() - 1.5) as spread, random() as pay,
                1 + floor(6 * power(random(), 2))::int as line_count
         from demo_store_days sd, generate_series(1, sd.sale_count)
       ), timed as (
         select *, ((day + make_interval(secs => least(71999, greatest(28800,
                  case when mix < 0.35 then 45000 + spread * 3600
                       when mix < 0.7 then 63000 + spread * 3600
                       else 28800 + random() * 43200 end))))::timestamp at time zone $1) as sold_at
         from drawn
       )
       select (lpad(to_hex((extract(epoch from sold_at) * 1000)::bigint), 12, '0') || '7'
               || substr(md5(random()::text), 1, 3) || to_hex(8 + floor(random() * 4)::int)
               || substr(md5(random()::text), 1, 15))::uuid as id,
              store_id, location_id, day, promo_no, season, sold_at, line_count,
              case when pay < 0.35 then 'CASH' when pay < 0.95 then 'CARD' else 'OTHER' end as payment_method,
              ($3::uuid[])[1 + floor(random() * cardinality($3::uuid[]))::int] as created_by
       from timed where sold_at <= $2`,
      [plan.timeZone, plan.now, plan.cashierIds],
    );
    // Which product a line takes: from the promotion running that day (15 %), from the season's
    // categories (30 % in summer and in November-December), else by popularity (a skewed draw
    // over the ranks). Pools are numbered lists, so each pick is an equality join.
    await q(
      `create temp table demo_pool on commit drop as
       select 'R' as pool, 0::bigint as grp, rank::bigint as idx, sku from (select distinct sku, rank from demo_products) r
       union all
       select 'S', case season when 'SUMMER' then 1 else 2 end, row_number() over (partition by season order by sku) - 1, sku
       from (select distinct sku, season from demo_products where season in ('SUMMER', 'WINTER')) s
       union all
       select 'P', promo_no, ord - 1, sku from demo_promotions, unnest(skus) with ordinality as u(sku, ord)
       where sku in (select sku from demo_products)`,
    );
    await q(
      `create temp table demo_lines on commit drop as
       with sizes as (select pool, grp, count(*) as n from demo_pool group by pool, grp),
       drawn as (
         select s.id as sale_id, g.line_no, s.store_id, s.location_id, s.sold_at, s.day, s.promo_no,
                random() as u, random() as v, random() as w1, random() as w2,
                case when s.promo_no is not null and random() < 0.15 then 'P'
                     when s.season is not null and random() < 0.3 then 'S' else 'R' end as pool,
                case when s.season = 'SUMMER' then 1 else 2 end as season_grp
         from demo_sales s, generate_series(1, s.line_count) g(line_no)
       ), keyed as (
         select d.*, case d.pool when 'P' then d.promo_no when 'S' then d.season_grp else 0 end as grp from drawn d
       ), picked as (
         select k.*, floor(z.n * (case when k.pool = 'R' then power(k.v, 1.6) else k.v end))::bigint as idx
         from keyed k join sizes z on z.pool = k.pool and z.grp = k.grp
       )
       select k.sale_id, k.line_no, k.store_id, k.sold_at, k.day, p.product_id, p.name as product_name, p.sku,
              p.barcode, p.category_id, p.price as unit_price,
              coalesce(round(p.price * pr.percent / 100, 2), 0) as discount,
              1 + (k.w1 < 0.3)::int + (k.w2 < 0.1)::int + (pr.promo_no is not null and k.u < 0.4)::int as quantity,
              -- What a unit cost when sold: suppliers' prices rose about 4 % over the year up to today's
              -- cost price, so the margins drift as a real shop's do.
              round(p.cost_price * (0.96 + 0.04 * (k.day - $1::date) / greatest($2::date - $1::date, 1)), 4)
                as unit_cost
       from picked k
       join demo_pool o on o.pool = k.pool and o.grp = k.grp and o.idx = k.idx
       join demo_products p on p.location_id = k.location_id and p.sku = o.sku
       left join demo_promotions pr on pr.promo_no = k.promo_no and p.sku = any(pr.skus)`,
      [plan.fromDay, plan.toDay],
    );
    // Refunds: the first line of a few older sales, given back within three days (before now).
    await q(
      `create temp table demo_refunds on commit drop as
       select r.*, (r.refunded_at at time zone $1)::date as day
       from (select s.id as sale_id, s.store_id, s.location_id, s.payment_method, s.created_by,
                    s.sold_at + make_interval(days => floor(random() * 4)::int, mins => 20 + floor(random() * 90)::int) as refunded_at,
                    random() as pick
             from demo_sales s) r
       where r.pick < 0.006 and r.refunded_at < $2`,
      [plan.timeZone, plan.now],
    );
    await q(`alter table demo_refunds add column id uuid`);
    await q(
      `update demo_refunds set id = (lpad(to_hex((extract(epoch from refunded_at) * 1000)::bigint), 12, '0') || '7'
         || substr(md5(random()::text), 1, 3) || to_hex(8 + floor(random() * 4)::int) || substr(md5(random()::text), 1, 15))::uuid`,
    );
    await q(`create index on demo_lines (sale_id, line_no)`);
    await q(
      `insert into sale_lines (business_id, sale_id, line_no, store_id, sold_at, day, product_id, product_name, sku,
                               barcode, category_id, quantity, unit_price, discount, line_total, refunded_quantity,
                               unit_cost)
       select $1::uuid, l.sale_id, l.line_no, l.store_id, l.sold_at, l.day, l.product_id, l.product_name, l.sku, l.barcode,
              l.category_id, l.quantity, l.unit_price, l.discount, l.quantity * (l.unit_price - l.discount),
              case when l.line_no = 1 and r.sale_id is not null then l.quantity else 0 end, l.unit_cost
       from demo_lines l left join demo_refunds r on r.sale_id = l.sale_id
       union all
       -- A refund line carries its sale line's unit cost.
       select $1::uuid, r.id, 1, r.store_id, r.refunded_at, r.day, l.product_id, l.product_name, l.sku, l.barcode,
              l.category_id, -l.quantity, l.unit_price, l.discount, -l.quantity * (l.unit_price - l.discount), 0,
              l.unit_cost
       from demo_refunds r join demo_lines l on l.sale_id = r.sale_id and l.line_no = 1
       order by 5, 2, 3`,
      [plan.businessId],
    );
    await q(
      `insert into sales (business_id, id, kind, refund_of, store_id, location_id, sold_at, day, payment_method,
                          subtotal, discount_total, total, units, created_by, created_at)
       select $1::uuid, s.id, 'SALE', null, s.store_id, s.location_id, s.sold_at, s.day, s.payment_method,
              t.subtotal, t.discount_total, t.total, t.units, s.created_by, s.sold_at
       from demo_sales s join (
         select sale_id, sum(quantity * unit_price) as subtotal, sum(quantity * discount) as discount_total,
                sum(quantity * (unit_price - discount)) as total, sum(quantity)::int as units
         from demo_lines group by sale_id) t on t.sale_id = s.id
       union all
       select $1::uuid, r.id, 'REFUND', r.sale_id, r.store_id, r.location_id, r.refunded_at, r.day, r.payment_method,
              -l.quantity * l.unit_price, -l.quantity * l.discount, -l.quantity * (l.unit_price - l.discount),
              -l.quantity, r.created_by, r.refunded_at
       from demo_refunds r join demo_lines l on l.sale_id = r.sale_id and l.line_no = 1
       order by 7, 2`,
      [plan.businessId],
    );
    // The rollups from the rows just written (the business had no sales before); a line's cost is
    // quantity x unit cost rounded to the cent, as a sale at the till adds it.
    await q(
      `insert into sales_daily_products (business_id, store_id, day, product_id, sku, product_name, barcode, category_id,
                                         quantity, total, cost)
       select business_id, store_id, day, product_id, sku, product_name, barcode, category_id, sum(quantity), sum(line_total),
              coalesce(sum(round(quantity * unit_cost, 2)), 0)
       from sale_lines where business_id = $1
       group by business_id, store_id, day, product_id, sku, product_name, barcode, category_id
       order by store_id, day, product_id`,
      [plan.businessId],
    );
    await q('select app_fill_sku_months($1)', [plan.businessId]);
    await q(
      `insert into sales_daily_stores (business_id, store_id, day, total, transactions, units, cost)
       select s.business_id, s.store_id, s.day, sum(s.total), count(*) filter (where s.kind = 'SALE'), sum(s.units),
              coalesce(min(c.cost), 0)
       from sales s
       left join (select store_id, day, sum(cost) as cost from sales_daily_products where business_id = $1
                  group by store_id, day) c on c.store_id = s.store_id and c.day = s.day
       where s.business_id = $1 group by s.business_id, s.store_id, s.day`,
      [plan.businessId],
    );
    const { rows } = await q(
      `select (select count(*) from sales where business_id = $1)::int as sales,
              (select count(*) from sale_lines where business_id = $1)::int as lines`,
      [plan.businessId],
    );
    return rows[0] as { sales: number; lines: number };
  });
}
