import type { TenantScope } from '../../../platform/db/tenancy.js';
import { monthsOf, type DayWindow } from './analytics-range.js';

/**
 * The SQL of the Sales analytics. Every call is ONE statement over a window of the business's
 * calendar: its whole days come from the daily rollups (`sales_daily_products`,
 * `sales_daily_stores`), its partial first and last day from the raw rows (`sale_lines`, `sales`,
 * by `sold_at`); UNION ALL puts the two together and the statement groups the result. Each branch
 * has an index that starts with its conditions (the rollups' `(business_id, day)` and primary keys
 * `(business_id, store_id, day, ...)`, the raw rows' `(business_id[, store_id], sold_at)`), so a
 * year costs the rollup rows of the year plus at most two days of lines, and no function runs per
 * row of `sale_lines` for whole days. Store, category and product names are read in plain SQL, as
 * the sales list reads store names.
 */

/** Positional parameters of one statement; `$1` is always the business. */
class Params {
  readonly values: unknown[];

  constructor(scope: TenantScope) {
    this.values = [scope.businessId];
  }

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Conditions on the product-level rows (rollups and lines share the column names). */
export type ProductConditions = {
  storeIds?: readonly string[];
  categoryIds?: readonly string[];
  productIds?: readonly string[];
  /** Lower-case SKUs, compared with the row's SKU in any case. */
  skusLower?: readonly string[];
  /** Only days of these ISO weekdays (1 Monday .. 7 Sunday) in the business's calendar (reports). */
  isoWeekdays?: readonly number[];
};

/** One store as `=`, which the planner can read as a range of the `(business_id, store_id, day)` keys. */
function storeCondition(p: Params, storeIds: readonly string[]): string {
  return storeIds.length === 1
    ? `store_id = ${p.add(storeIds[0])}::uuid`
    : `store_id = any(${p.add(storeIds)}::uuid[])`;
}

function productConditions(p: Params, conditions: ProductConditions): string {
  const parts: string[] = [];
  if (conditions.storeIds) parts.push(storeCondition(p, conditions.storeIds));
  if (conditions.categoryIds) parts.push(`category_id = any(${p.add(conditions.categoryIds)}::uuid[])`);
  if (conditions.productIds) parts.push(`product_id = any(${p.add(conditions.productIds)}::uuid[])`);
  if (conditions.skusLower) parts.push(`lower(sku) = any(${p.add(conditions.skusLower)}::text[])`);
  if (conditions.isoWeekdays)
    parts.push(`extract(isodow from day)::int = any(${p.add(conditions.isoWeekdays)}::int[])`);
  return parts.map((part) => ` and ${part}`).join('');
}

/**
 * The whole days and the two partial days of a window, as branches of one UNION ALL: the rollup
 * over the whole days, each raw source over the partial first and last day.
 */
function unionOf(
  p: Params,
  window: DayWindow,
  branches: { rollup: string; raw: readonly string[] },
  where: string,
): string {
  const raw = (source: string, range: DayWindow['head']) =>
    `${source} where business_id = $1 and sold_at >= ${p.add(range.from)} ` +
    `and sold_at < ${p.add(range.to)}${where}`;
  const partial = branches.raw.flatMap((source) => [raw(source, window.head), raw(source, window.tail)]);
  return `
    ${branches.rollup} where business_id = $1 and day >= ${p.add(window.dayFrom)}::date
      and day < ${p.add(window.dayTo)}::date${where}
    ${partial.map((branch) => `union all ${branch}`).join('\n    ')}`;
}

/**
 * A sale line's cost as the rollups add it (issue 16): quantity x unit cost rounded to the cent per
 * line, 0 when the line's cost is unknown.
 */
const LINE_COST = 'coalesce(round(quantity * unit_cost, 2), 0)';

/**
 * Product-level rows of a window: units, money and cost per store, day and product, with its names.
 * `withCostCoverage` adds the money and units of the rows with and without a cost (the margins by
 * category): a line knows whether it had a cost; a rollup row of a product's day counts as without
 * one when its cost is 0 (a day that mixes lines with and without a cost counts as costed).
 */
function productRows(
  p: Params,
  window: DayWindow,
  conditions: ProductConditions,
  withCostCoverage = false,
): string {
  const columns = 'store_id, day, product_id, category_id, sku, product_name, barcode';
  const coverage = (hasCost: string, quantity: string, total: string) =>
    withCostCoverage
      ? `, case when ${hasCost} then ${total} else 0 end as costed_total,
         case when ${hasCost} then 0 else ${quantity} end::bigint as uncosted_units`
      : '';
  return unionOf(
    p,
    window,
    {
      rollup:
        `select ${columns}, quantity, total, cost${coverage('cost <> 0', 'quantity', 'total')}, ` +
        'null::timestamptz as sold_at from sales_daily_products',
      raw: [
        `select ${columns}, quantity::bigint, line_total, ${LINE_COST}` +
          `${coverage('unit_cost is not null', 'quantity', 'line_total')}, sold_at from sale_lines`,
      ],
    },
    productConditions(p, conditions),
  );
}

/**
 * Store-level rows of a window: money, sales (refunds are not transactions), units and cost. A
 * partial day's cost is on its sale lines (a sale records none), read as rows that add only cost.
 */
function storeRows(p: Params, window: DayWindow, storeIds?: readonly string[]): string {
  const where = storeIds ? ` and ${storeCondition(p, storeIds)}` : '';
  return unionOf(
    p,
    window,
    {
      rollup:
        'select store_id, day, total, transactions::bigint as transactions, units, cost from sales_daily_stores',
      raw: [
        "select store_id, day, total, (kind = 'SALE')::int::bigint, units::bigint, 0::numeric from sales",
        `select store_id, day, 0::numeric, 0::bigint, 0::bigint, ${LINE_COST} from sale_lines`,
      ],
    },
    where,
  );
}

/** Only the business's whole catalogue by SKU, or some SKUs: what the monthly SKU rollups answer. */
const isSkuOnly = (conditions: ProductConditions) =>
  !conditions.storeIds && !conditions.categoryIds && !conditions.productIds && !conditions.isoWeekdays;

/**
 * Rows per SKU of every store over a window (the business-wide rankings): its whole months from
 * the monthly SKU rollup, the days before and after them from the daily product rollup, the
 * partial first and last day from the lines. A year reads twelve rows per SKU and the edge days,
 * not a row per store, product and day.
 */
function skuRows(p: Params, window: DayWindow, skusLower?: readonly string[]): string {
  const where = skusLower ? ` and lower(sku) = any(${p.add(skusLower)}::text[])` : '';
  const { monthFrom, monthTo } = monthsOf(window);
  const columns = 'sku, product_name, barcode, quantity';
  const days = (from: string, to: string) =>
    `select ${columns}, total, cost, day, null::timestamptz as sold_at from sales_daily_products
     where business_id = $1 and day >= ${p.add(from)}::date and day < ${p.add(to)}::date${where}`;
  const raw = (range: DayWindow['head']) =>
    `select ${columns}::bigint, line_total, ${LINE_COST}, day, sold_at from sale_lines
     where business_id = $1 and sold_at >= ${p.add(range.from)} and sold_at < ${p.add(range.to)}${where}`;
  return `
    select ${columns}, total, cost, last_day as day, null::timestamptz as sold_at from sales_monthly_skus
    where business_id = $1 and month >= ${p.add(monthFrom)}::date and month < ${p.add(monthTo)}::date${where}
    union all ${days(window.dayFrom, monthFrom)}
    union all ${days(monthTo, window.dayTo)}
    union all ${raw(window.head)}
    union all ${raw(window.tail)}`;
}

/** The rows a product sum reads: by SKU over every store, or by product (`product_id`). */
function productSource(
  p: Params,
  window: DayWindow,
  conditions: ProductConditions,
  key: 'sku' | 'product_id',
) {
  return key === 'sku' && isSkuOnly(conditions)
    ? skuRows(p, window, conditions.skusLower)
    : productRows(p, window, conditions);
}

/**
 * The products of a window summed per `key` (the SKU across stores, or the product id), ordered by
 * the measure and cut to `limit`, then named: narrow keys are summed over every row, and only the
 * rows kept look up their SKU, name and barcode, those of their latest row: the latest day, and
 * on a partial day the latest sale (a day's rollup row already carries its latest sale's name). Ties order by the SKU: by product, the rows tied with the last one kept are named too
 * (`with ties`), and the cut is made after naming.
 */
function productSums(
  p: Params,
  source: string,
  key: 'sku' | 'product_id',
  options: { having: string; measure: 'total' | 'quantity'; direction: 'desc' | 'asc'; limit: number },
): string {
  const order = `${options.measure} ${options.direction}`;
  const limit = p.add(options.limit);
  const kept =
    key === 'sku'
      ? `select * from sums order by ${order}, key limit ${limit}`
      : `select * from sums order by ${order} fetch first ${limit} rows with ties`;
  return `
    with src as materialized (${source}),
    sums as (
      select ${key} as key, sum(quantity) as quantity, sum(total) as total, sum(cost) as cost
      from src group by ${key}${options.having}
    ),
    kept as (${kept}),
    names as (
      select distinct on (${key}) ${key} as key, sku, product_name, barcode from src
      where ${key} in (select key from kept) order by ${key}, day desc, sold_at desc nulls last, product_name desc
    )
    select k.key::text as key, n.product_name as label, k.quantity::bigint as quantity,
           round(k.total, 2)::text as "totalPrice", round(k.cost, 2)::text as cost, null::bigint as transactions,
           n.product_name as "productName", n.sku, n.barcode
    from kept k join names n on n.key = k.key
    order by k.${order}, n.sku, k.key limit ${limit}`;
}

/**
 * Sums per product over a year of rollups group tens of thousands of (store, product) pairs:
 * planned within PostgreSQL's default work_mem (4 MB) they sort and spill to disk instead of
 * hashing in a few MB, at twice the time. Transaction-local: this read only.
 */
async function allowHashAggregates(scope: TenantScope): Promise<void> {
  await scope.tx.$client.query({ name: 'analytics_work_mem', text: "set local work_mem = '64MB'" });
}

export type ProductSumRow = {
  productName: string;
  sku: string;
  barcode: string | null;
  quantity: number;
  totalPrice: string;
  /** The recorded cost of the units (lines without a cost add 0). */
  cost: string;
};

export type ProductRanking = {
  /** One store's products (by product), or the business's (by SKU). */
  storeId?: string;
  measure: 'total' | 'quantity';
  direction: 'desc' | 'asc';
  limit: number;
  /** More conditions on the rows (reports: a category, weekends); the store is `storeId`. */
  conditions?: Omit<ProductConditions, 'storeIds'>;
};

/** Products ranked by money or units, ties by SKU: the top and least calls and the store's table. */
export async function rankProducts(
  scope: TenantScope,
  window: DayWindow,
  ranking: ProductRanking,
): Promise<ProductSumRow[]> {
  const p = new Params(scope);
  const key = ranking.storeId ? 'product_id' : 'sku';
  const conditions = { ...ranking.conditions, ...(ranking.storeId ? { storeIds: [ranking.storeId] } : {}) };
  const source = productSource(p, window, conditions, key);
  const measure = ranking.measure === 'total' ? 'total' : 'quantity';
  const direction = ranking.direction === 'desc' ? 'desc' : 'asc';
  await allowHashAggregates(scope);
  const result = await scope.tx.$client.query<GroupRow>(
    productSums(p, source, key, { having: '', measure, direction, limit: ranking.limit }),
    p.values,
  );
  return result.rows.map(({ productName, sku, barcode, quantity, totalPrice, cost }) => ({
    productName: productName ?? '',
    sku: sku ?? '',
    barcode,
    quantity,
    totalPrice,
    cost,
  }));
}

export type PeriodSum = { period: string; total: string; cost: string };

/**
 * Money per period (date_trunc's `unit`, named with to_char's `format`) of the business, a store,
 * or some products of a store; only periods with rows.
 */
export async function sumByPeriod(
  scope: TenantScope,
  window: DayWindow,
  options: {
    storeId?: string;
    productIds?: readonly string[];
    unit: string;
    format: string;
    /** Money (default) or units (reports' forecasts of demand). */
    measure?: 'total' | 'quantity';
  },
): Promise<PeriodSum[]> {
  const p = new Params(scope);
  const storeIds = options.storeId ? [options.storeId] : undefined;
  const source = options.productIds
    ? productRows(p, window, { storeIds, productIds: options.productIds })
    : storeRows(p, window, storeIds);
  const measure = options.measure !== 'quantity' ? 'total' : options.productIds ? 'quantity' : 'units';
  const result = await scope.tx.$client.query<PeriodSum>(
    `select to_char(date_trunc(${p.add(options.unit)}, day::timestamp), ${p.add(options.format)}) as period,
            round(sum(${measure}), 2)::text as total, round(sum(cost), 2)::text as cost
     from (${source}) as src group by 1`,
    p.values,
  );
  return result.rows;
}

export type TotalsRow = {
  totalSales: string;
  transactions: number;
  unitsSold: number;
  averageBasket: string;
  cost: string;
};

/** The columns of one TotalsRow, in toTotals' order. */
const TOTALS_COLUMNS = 5;

const TOTALS = (filter = '') => `
  round(coalesce(sum(total)${filter}, 0), 2)::text,
  coalesce(sum(transactions)${filter}, 0)::bigint,
  coalesce(sum(units)${filter}, 0)::bigint,
  round(coalesce(sum(total)${filter} / nullif(sum(transactions)${filter}, 0), 0), 2)::text,
  round(coalesce(sum(cost)${filter}, 0), 2)::text`;

function toTotals(row: readonly unknown[] | undefined): TotalsRow {
  const [totalSales = '0.00', transactions = 0, unitsSold = 0, averageBasket = '0.00', cost = '0.00'] =
    (row ?? []) as [string?, number?, number?, string?, string?];
  return { totalSales, transactions, unitsSold, averageBasket, cost };
}

/** Money, sales, units and the average basket of the business or one store. */
export async function sumTotals(scope: TenantScope, window: DayWindow, storeId?: string): Promise<TotalsRow> {
  const p = new Params(scope);
  const source = storeRows(p, window, storeId ? [storeId] : undefined);
  const result = await scope.tx.$client.query<unknown[]>({
    text: `select ${TOTALS()} from (${source}) as src`,
    values: p.values,
    rowMode: 'array',
  });
  return toTotals(result.rows[0]);
}

/**
 * This week's and last week's totals in one read of the store rollups: both are whole days
 * [lastWeek, thisWeek) and [thisWeek, nextWeek).
 */
export async function sumWeeks(
  scope: TenantScope,
  weeks: { lastWeek: string; thisWeek: string; nextWeek: string },
  storeId?: string,
): Promise<{ thisWeek: TotalsRow; lastWeek: TotalsRow }> {
  const p = new Params(scope);
  const store = storeId ? ` and store_id = ${p.add(storeId)}` : '';
  const thisWeek = p.add(weeks.thisWeek);
  const result = await scope.tx.$client.query<unknown[]>({
    text: `
      select ${TOTALS(` filter (where day >= ${thisWeek}::date)`)},
             ${TOTALS(` filter (where day < ${thisWeek}::date)`)}
      from (select day, total, transactions::bigint as transactions, units, cost from sales_daily_stores
            where business_id = $1 and day >= ${p.add(weeks.lastWeek)}::date
              and day < ${p.add(weeks.nextWeek)}::date${store}) as src`,
    values: p.values,
    rowMode: 'array',
  });
  const row = result.rows[0] ?? [];
  return {
    thisWeek: toTotals(row.slice(0, TOTALS_COLUMNS)),
    lastWeek: toTotals(row.slice(TOTALS_COLUMNS)),
  };
}

export type StoreSumRow = {
  storeId: string;
  storeName: string;
  totalSales: string;
  transactions: number;
  cost: string;
};

/** Stores ranked by money taken, ties by name; a deleted store keeps its rows with an empty name. */
export async function rankStores(
  scope: TenantScope,
  window: DayWindow,
  limit: number,
): Promise<StoreSumRow[]> {
  const p = new Params(scope);
  const source = storeRows(p, window);
  const result = await scope.tx.$client.query<StoreSumRow>(
    `with sums as (
       select store_id, sum(total) as total, sum(transactions) as transactions, sum(cost) as cost
       from (${source}) as src group by store_id
     )
     select s.store_id as "storeId", coalesce(st.name, '') as "storeName", round(s.total, 2)::text as "totalSales",
            s.transactions::bigint as transactions, round(s.cost, 2)::text as cost
     from sums s left join stores st on st.business_id = $1 and st.id = s.store_id
     order by s.total desc, "storeName", s.store_id limit ${p.add(limit)}`,
    p.values,
  );
  return result.rows;
}

export type SalesFilter = ProductConditions & {
  /** `weekday` (ISO 1..7 in the business's calendar) is the reports' grouping, not the API's. */
  groupBy: 'product' | 'category' | 'store' | 'day' | 'weekday';
  minTotal?: string;
  maxTotal?: string;
  limit: number;
};

export type GroupRow = {
  key: string | null;
  label: string;
  quantity: number;
  totalPrice: string;
  cost: string;
  transactions: number | null;
  productName: string | null;
  sku: string | null;
  barcode: string | null;
};

function havingOf(p: Params, filter: { minTotal?: string; maxTotal?: string }, total: string): string {
  const parts: string[] = [];
  if (filter.minTotal !== undefined) parts.push(`${total} >= ${p.add(filter.minTotal)}::numeric`);
  if (filter.maxTotal !== undefined) parts.push(`${total} <= ${p.add(filter.maxTotal)}::numeric`);
  return parts.length ? ` having ${parts.join(' and ')}` : '';
}

const ORDER = (filter: SalesFilter) =>
  filter.groupBy === 'day' || filter.groupBy === 'weekday' ? 'key' : 'total desc, label, key';

/**
 * The filter bodies: sums grouped by product (SKU across stores), category, store or day, with
 * the group's money between minTotal and maxTotal. Grouped by store or day with no condition on
 * products, the store-level rows answer, with the number of sales.
 */
export async function sumFiltered(
  scope: TenantScope,
  window: DayWindow,
  filter: SalesFilter,
): Promise<GroupRow[]> {
  const p = new Params(scope);
  const { groupBy } = filter;
  const isStoreLevel =
    (groupBy === 'store' || groupBy === 'day' || groupBy === 'weekday') &&
    !filter.categoryIds &&
    !filter.productIds &&
    !filter.skusLower;
  let text: string;
  if (groupBy === 'product') {
    const source = productSource(p, window, filter, 'sku');
    text = productSums(p, source, 'sku', {
      having: havingOf(p, filter, 'sum(total)'),
      measure: 'total',
      direction: 'desc',
      limit: filter.limit,
    });
  } else {
    const source = isStoreLevel ? storeRows(p, window, filter.storeIds) : productRows(p, window, filter);
    const { key, label, join } = GROUPS[groupBy];
    const quantity = isStoreLevel ? 'units' : 'quantity';
    const transactions = isStoreLevel ? 'sum(transactions)::bigint' : 'null::bigint';
    text = `
      with sums as (
        select ${key} as key, sum(${quantity}) as quantity, sum(total) as total, sum(cost) as cost,
               ${transactions} as transactions
        from (${source}) as src group by 1${havingOf(p, filter, 'sum(total)')}
      )
      select g.key::text as key, ${label} as label, g.quantity::bigint as quantity,
             round(g.total, 2)::text as "totalPrice", round(g.cost, 2)::text as cost, g.transactions,
             null as "productName", null as sku, null as barcode
      from sums g ${join}
      order by ${ORDER(filter)} limit ${p.add(filter.limit)}`;
  }
  await allowHashAggregates(scope);
  const result = await scope.tx.$client.query<GroupRow>(text, p.values);
  return result.rows;
}

export type CategoryMarginRow = {
  key: string | null;
  label: string;
  quantity: number;
  totalPrice: string;
  /** The recorded cost of the units sold (sale lines' unit costs; lines without one add 0). */
  cost: string;
  /** The money of the rows with a cost: the margin over what has a cost is costedTotal - cost. */
  costedTotal: string;
  /** Units sold without a cost (left out of the margin over what has a cost). */
  uncostedUnits: number;
};

/** Money, units and recorded cost per category id, with the money and units of rows with and without a cost. */
const categoryMarginSums = (source: string, having = '') => `
  select src.category_id as key, sum(src.quantity) as quantity, sum(src.total) as total, sum(src.cost) as cost,
         sum(src.costed_total) as costed_total, sum(src.uncosted_units) as uncosted_units
  from (${source}) as src group by src.category_id${having}`;

/**
 * Money, units and cost per category name (the reports' "margin by category"), from the costs the
 * sale lines recorded when sold (issue 16): whole days from the rollups' cost, partial days from the
 * lines. Units sold without a cost are counted apart, and their money is left out of `costedTotal`.
 */
export async function sumCategoryMargins(
  scope: TenantScope,
  window: DayWindow,
  conditions: ProductConditions,
): Promise<CategoryMarginRow[]> {
  const p = new Params(scope);
  const source = productRows(p, window, conditions, true);
  await allowHashAggregates(scope);
  const result = await scope.tx.$client.query<CategoryMarginRow>(
    `with sums as (${categoryMarginSums(source)}),
     named as (
       select ${GROUPS.category.label} as label, g.* from sums g ${GROUPS.category.join}
     )
     -- A category belongs to a location: "Bakery" at three stores is three rows, one to the owner.
     select label as key, label, sum(quantity)::bigint as quantity, round(sum(total), 2)::text as "totalPrice",
            round(sum(cost), 2)::text as cost, round(sum(costed_total), 2)::text as "costedTotal",
            sum(uncosted_units)::bigint as "uncostedUnits"
     from named group by label
     order by sum(total) desc, label`,
    p.values,
  );
  return result.rows;
}

export type MarginFilter = Omit<ProductConditions, 'isoWeekdays'> & {
  minTotal?: string;
  maxTotal?: string;
  limit: number;
};

/**
 * The analytics' margin by category: per category (by id, as the filters group), units, money and
 * recorded cost, and the units sold without a cost; the category's money between minTotal and
 * maxTotal, most money first (ties by name, then id).
 */
export async function sumMarginsByCategory(
  scope: TenantScope,
  window: DayWindow,
  filter: MarginFilter,
): Promise<CategoryMarginRow[]> {
  const p = new Params(scope);
  const source = productRows(p, window, filter, true);
  const having = havingOf(p, filter, 'sum(src.total)');
  await allowHashAggregates(scope);
  const result = await scope.tx.$client.query<CategoryMarginRow>(
    `with sums as (${categoryMarginSums(source, having)})
     select g.key::text as key, ${GROUPS.category.label} as label, g.quantity::bigint as quantity,
            round(g.total, 2)::text as "totalPrice", round(g.cost, 2)::text as cost,
            round(g.costed_total, 2)::text as "costedTotal", g.uncosted_units::bigint as "uncostedUnits"
     from sums g ${GROUPS.category.join}
     order by g.total desc, label, g.key limit ${p.add(filter.limit)}`,
    p.values,
  );
  return result.rows;
}

/** How the filters group other than by product: the key, its label, and where the label comes from. */
const GROUPS = {
  category: {
    key: 'category_id',
    label: `case when g.key is null then 'No category' else coalesce(c.name, '') end`,
    join: 'left join categories c on c.business_id = $1 and c.id = g.key',
  },
  store: {
    key: 'store_id',
    label: `coalesce(st.name, '')`,
    join: 'left join stores st on st.business_id = $1 and st.id = g.key',
  },
  day: { key: "to_char(day, 'YYYY-MM-DD')", label: 'g.key', join: '' },
  weekday: { key: 'extract(isodow from day)::int', label: 'g.key::text', join: '' },
} as const;

/** Tables whose names label a grouping: their rows are part of an answer's stamp. */
export type LabelTable = 'categories' | 'stores';

const LABELS_STAMP: Record<LabelTable, string> = {
  // JSON pairs, not joined text: a name holding the separators cannot pass for another list.
  categories: `(select md5(coalesce(json_agg(json_build_array(id, name) order by id)::text, '')) from categories where business_id = $1)`,
  stores: `(select md5(coalesce(json_agg(json_build_array(id, name) order by id)::text, '')) from stores where business_id = $1)`,
};

/**
 * What changes with every sale or refund of the days [firstDay, lastDay] (the analytics cache's
 * stamp): the number of store rollup rows, their sales, their units and their cost (so a write that
 * changes only what was sold cost, such as a backfill of costs, never leaves an answer with the
 * costs of before); and, for an answer
 * labelled with names, a digest of the names of the table they come from (a rename, a new or a
 * deleted category or store changes it).
 */
export async function salesStampOfDays(
  scope: TenantScope,
  firstDay: string,
  lastDay: string,
  labels?: LabelTable,
): Promise<string> {
  const result = await scope.tx.$client.query<[string]>({
    name: `analytics_sales_stamp${labels ? `_${labels}` : ''}`,
    text: `select count(*)::text || ':' || coalesce(sum(transactions), 0)::text || ':' || coalesce(sum(units), 0)::text
                  || ':' || coalesce(sum(cost), 0)::text
                  ${labels ? `|| ':' || ${LABELS_STAMP[labels]}` : ''}
           from sales_daily_stores where business_id = $1 and day >= $2::date and day <= $3::date`,
    values: [scope.businessId, firstDay, lastDay],
    rowMode: 'array',
  });
  return result.rows[0]?.[0] ?? '';
}

/**
 * The stores of the business by name (discontinued ones after the open ones) and the active
 * categories at their locations, by name then location: the analytics pickers' choices.
 */
export async function findAnalyticsChoices(scope: TenantScope): Promise<{
  stores: Array<{ id: string; name: string; locationId: string; active: boolean }>;
  categories: Array<{ id: string; name: string; locationId: string; locationName: string }>;
}> {
  const stores = await scope.tx.$client.query<{
    id: string;
    name: string;
    locationId: string;
    active: boolean;
  }>({
    name: 'analytics_choice_stores',
    text: `select id, name, location_id as "locationId", active from stores
           where business_id = $1 order by active desc, name, id`,
    values: [scope.businessId],
  });
  const categories = await scope.tx.$client.query<{
    id: string;
    name: string;
    locationId: string;
    locationName: string;
  }>({
    name: 'analytics_choice_categories',
    text: `select c.id, c.name, c.location_id as "locationId", l.name as "locationName"
           from categories c join locations l on l.business_id = c.business_id and l.id = c.location_id
           where c.business_id = $1 and c.active
             and exists (select 1 from stores s where s.business_id = c.business_id and s.location_id = c.location_id)
           order by c.name, l.name, c.id`,
    values: [scope.businessId],
  });
  return { stores: stores.rows, categories: categories.rows };
}
