/**
 * The report calls of issue 14 over the sales step's data, and what they need besides the sales:
 * - the six predefined reports (GET /api/reports/basic), two questions to the built-in analyst
 *   (POST /api/reports/advanced/ai), the forecast of the business and of one product
 *   (POST /api/reports/predict), each storing its answer, and the export of a stored report;
 * - the references: TOP_PRODUCTS and SALES_SUMMARY read the last 30 days (today included) through
 *   the same repository functions as /top-quantity/business and /total/business; those calls over
 *   the same whole days do the same SQL work, so the ratio is the report's own cost (its context
 *   reads, the tool's transaction, the stored answer);
 * - stock and cost prices, so that the stock reports and the margins have rows to read.
 */
import { API, PREDEFINED_REPORTS, REPORT_DEFAULT_RANGE_DAYS } from '@app/contracts';
import pg from 'pg';
import type { GeneratedSales } from './generate.js';
import type { LatencyTarget } from './latency-load.js';

const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const wallTime = (date: Date, time: string) =>
  `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()} ${time}`;

/**
 * The days a report without dates reads: the last 30 up to today in the business's calendar (the
 * benchmark's business is in UTC), as `yyyy-MM-dd` and as the analytics' whole-day range (from
 * 00:00 of the first to 23:59 of today: no partial day, so the rollups alone answer).
 */
export function lastDaysRange(now: Date): { from: string; to: string; start: string; end: string } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const first = new Date(today.getTime() - (REPORT_DEFAULT_RANGE_DAYS - 1) * 24 * 60 * 60 * 1000);
  return {
    from: dayOf(first),
    to: dayOf(today),
    start: wallTime(first, '00:00'),
    end: wallTime(today, '23:59'),
  };
}

const json = { 'content-type': 'application/json' };

/** GET /api/reports/basic of a predefined report, for the whole business. */
export function basicReportTarget(
  baseUrl: string,
  option: (typeof PREDEFINED_REPORTS)[number],
): LatencyTarget {
  return {
    name: `basic ${option}`,
    url: `${baseUrl}${API.reports.basic}?${new URLSearchParams({ predefinedOption: option }).toString()}`,
  };
}

/** The six predefined reports, two questions and two forecasts: each request stores its answer. */
export function reportTargets(baseUrl: string, generated: GeneratedSales): LatencyTarget[] {
  const question = (userQuery: string): LatencyTarget => ({
    name: `advanced/ai "${userQuery}"`,
    url: `${baseUrl}${API.reports.advancedAi}`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ userQuery }),
  });
  const forecast = (name: string, filter: Record<string, string>): LatencyTarget => ({
    name,
    url: `${baseUrl}${API.reports.predict}?forecastPeriod=30`,
    method: 'POST',
    headers: json,
    body: JSON.stringify(Object.keys(filter).length ? { filter } : {}),
  });
  return [
    ...PREDEFINED_REPORTS.map((option) => basicReportTarget(baseUrl, option)),
    question('best sellers last month'),
    question('margin by category last 30 days'),
    forecast('predict 30 days (business)', {}),
    forecast(`predict 30 days (product ${generated.product.sku})`, { productId: generated.product.id }),
  ];
}

/** GET /api/reports/export/final of one stored report in each format. */
export function exportTargets(baseUrl: string, reportId: string): LatencyTarget[] {
  return (['pdf', 'xlsx', 'csv'] as const).map((format) => ({
    name: `export ${format} (TOP_PRODUCTS)`,
    // As a browser's download asks: any type (the answer is the file, not JSON).
    headers: { accept: '*/*' },
    url: `${baseUrl}${API.reports.exportFinal}?${new URLSearchParams({ reportId, format }).toString()}`,
  }));
}

export type ReferencePair = {
  option: 'TOP_PRODUCTS' | 'SALES_SUMMARY';
  report: LatencyTarget;
  reference: LatencyTarget;
};

/** Each report beside the analytics call it wraps, over the same whole days. */
export function referencePairs(baseUrl: string, now: Date): ReferencePair[] {
  const { start, end } = lastDaysRange(now);
  const analytics = (name: string, path: string, query: Record<string, string>): LatencyTarget => ({
    name,
    url: `${baseUrl}${path}?${new URLSearchParams({ start, end, ...query }).toString()}`,
  });
  return [
    {
      option: 'TOP_PRODUCTS',
      report: basicReportTarget(baseUrl, 'TOP_PRODUCTS'),
      // The report ranks 10 products by units, by SKU over every store.
      reference: analytics('top-quantity/business', API.salesAnalytics.topQuantityBusiness, { limit: '10' }),
    },
    {
      option: 'SALES_SUMMARY',
      report: basicReportTarget(baseUrl, 'SALES_SUMMARY'),
      reference: analytics('total/business', API.salesAnalytics.totalBusiness, {}),
    },
  ];
}

type Cell = string | number | null;
type ReportAnswer = { tables: Array<{ rows: Cell[][] }> };
type SalesRow = { sku: string; quantity: number; totalPrice: string };
type Totals = { totalSales: string; transactions: number; unitsSold: number; averageBasket: string };

/**
 * Whether the report and its reference answer the same figures (so they did the same work); a
 * description of the first difference otherwise.
 */
export function sameFigures(
  option: ReferencePair['option'],
  report: unknown,
  reference: unknown,
): string | null {
  const rows = (report as ReportAnswer).tables[0]?.rows ?? [];
  const text = (cells: unknown[]) => JSON.stringify(cells);
  if (option === 'TOP_PRODUCTS') {
    const mine = rows.map((row) => [row[2], Number(row[3]), String(row[4])]);
    const theirs = (reference as SalesRow[]).map((row) => [row.sku, row.quantity, row.totalPrice]);
    return text(mine) === text(theirs) ? null : `report ${text(mine)} vs analytics ${text(theirs)}`;
  }
  const totals = reference as Totals;
  const mine = (rows[0] ?? []).map(String);
  const theirs = [totals.totalSales, totals.transactions, totals.unitsSold, totals.averageBasket].map(String);
  return text(mine) === text(theirs) ? null : `report ${text(mine)} vs analytics ${text(theirs)}`;
}

/**
 * The analytics cache answers a question again from memory while the stamp of its days (count,
 * transactions and units of the store rollup rows) is unchanged. To measure the reference doing
 * its SQL each time, as a report does, every request is preceded by a change of one rollup row of
 * the range: one transaction more, then one less again, so every stamp differs from the one the
 * cache holds. Written as the owner; `restore` leaves the row as it was.
 */
export async function openStampToggle(
  ownerUrl: string,
  businessId: string,
  range: { from: string; to: string },
): Promise<{ toggle: () => Promise<void>; restore: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  const { rows } = await client.query<{ store_id: string; day: string }>(
    `select store_id, to_char(day, 'YYYY-MM-DD') as day from sales_daily_stores
     where business_id = $1 and day >= $2::date and day <= $3::date order by day, store_id limit 1`,
    [businessId, range.from, range.to],
  );
  const row = rows[0];
  if (!row) {
    await client.end();
    throw new Error(
      `no store rollup row from ${range.from} to ${range.to}: nothing was sold in the report range`,
    );
  }
  let lifted = false;
  const change = (delta: number) =>
    client.query(
      `update sales_daily_stores set transactions = transactions + $4
       where business_id = $1 and store_id = $2 and day = $3::date`,
      [businessId, row.store_id, row.day, delta],
    );
  return {
    toggle: async () => {
      await change(lifted ? -1 : 1);
      lifted = !lifted;
    },
    restore: async () => {
      try {
        if (lifted) await change(-1);
        lifted = false;
      } finally {
        await client.end();
      }
    },
  };
}

/** The hash draw of generate.ts: a deterministic value in [0, 1) from an integer. */
const draw = (expression: string) => `((hashint8(${expression}) & 2147483647)::float8 / 2147483648)`;

/**
 * Stock and cost prices for the reports, as the owner in set-based statements: 90% of the
 * products get a cost price (55% to 85% of the price; the rest stay uncosted, as the margins
 * report says; generate.ts gave them the same ones, which the sale lines recorded), and every
 * product without an inventory item gets one at its location (positions after the location's
 * last, 1 to 100 units, reorder point 20: about a fifth under it, its average cost the cost price)
 * with its opening COUNT ledger row, so quantity == ledger sum still holds. The items made through the API
 * for the sale measurement are left alone. Then statistics, as autovacuum would have them.
 */
export async function addStockForReports(
  ownerUrl: string,
  businessId: string,
  log: (line: string) => void,
): Promise<{ items: number; costed: number; seconds: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  const step = async (label: string, sql: string, values: unknown[] = []) => {
    const stepStarted = performance.now();
    const result = await client.query(sql, values);
    log(
      `  ${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`,
    );
    return result;
  };
  try {
    await client.query(`set work_mem = '256MB'; set synchronous_commit = off`);
    await client.query('begin');
    const costed = await step(
      'cost prices',
      `update products set cost_price = round(price * (0.55 + 0.3 * ${draw('list_position * 13 + 5')})::numeric, 2)
       where business_id = $1 and list_position % 10 <> 0`,
      [businessId],
    );
    const items = await step(
      'inventory items and their ledger rows',
      `with missing as (
         select p.location_id, p.id as product_id, p.cost_price,
                coalesce(pos.last_position, 0)
                  + row_number() over (partition by p.location_id order by p.list_position) as position
         from products p
         left join inventory_positions pos on pos.business_id = p.business_id and pos.location_id = p.location_id
         where p.business_id = $1 and not exists (
           select 1 from inventory_items i
           where i.business_id = p.business_id and i.location_id = p.location_id and i.product_id = p.id)
       ), made as (
         insert into inventory_items (business_id, id, location_id, product_id, quantity, reorder_point, active, list_position,
                                      average_unit_cost)
         select $1, gen_random_uuid(), location_id, product_id, 1 + floor(100 * ${draw('position * 7 + 3')})::int, 20,
                true, position, cost_price
         from missing
         returning id, location_id, product_id, quantity, average_unit_cost
       )
       insert into stock_ledger (business_id, id, inventory_id, location_id, product_id, delta, quantity_after, reason, reference,
                                 unit_cost)
       select $1, gen_random_uuid(), id, location_id, product_id, quantity, quantity, 'COUNT', 'bench opening',
              average_unit_cost
       from made`,
      [businessId],
    );
    await client.query(
      `insert into inventory_positions (business_id, location_id, last_position)
       select business_id, location_id, max(list_position) from inventory_items where business_id = $1
       group by business_id, location_id
       on conflict (business_id, location_id)
       do update set last_position = greatest(inventory_positions.last_position, excluded.last_position)`,
      [businessId],
    );
    await step('commit', 'commit');
    // With the small tables too: in a database of many businesses autovacuum has statistics for
    // them, but 20 fresh rows stay under its threshold (50), and without them the planner takes
    // the stores and locations for 1 row and the slow movers for a nested loop over every item.
    await step(
      'vacuum analyze',
      'vacuum analyze products, inventory_items, stock_ledger, inventory_positions, locations, stores, categories',
    );
    const seconds = (performance.now() - started) / 1000;
    log(
      `  stock for the reports: ${items.rowCount ?? 0} items, ${costed.rowCount ?? 0} cost prices in ${seconds.toFixed(1)} s`,
    );
    return { items: items.rowCount ?? 0, costed: costed.rowCount ?? 0, seconds };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
