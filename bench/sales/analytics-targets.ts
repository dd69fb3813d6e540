/**
 * The 21 Sales analytics calls of 001 section 7, each over one year ending yesterday at 18:30 and
 * starting a year earlier at 09:15 (the business's zone), so every call reads whole days from the
 * rollups and two partial days from the raw lines. Store calls read the busiest store.
 */
import { API } from '@app/contracts';
import type { GeneratedSales } from './generate.js';
import type { LatencyTarget } from './latency-load.js';

const pad = (value: number) => String(value).padStart(2, '0');
const wallTime = (date: Date, time: string) =>
  `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()} ${time}`;

/**
 * The year's `start` and `end` (the benchmark's business reads its days in UTC). `n` moves the
 * start's minute (09:00 to 18:59): the same days, a question the server has not answered yet.
 */
export function yearRange(now: Date, n?: number): { start: string; end: string } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1));
  const start = new Date(Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth(), end.getUTCDate()));
  const startTime = n === undefined ? '09:15' : `${pad(9 + (Math.floor(n / 60) % 10))}:${pad(n % 60)}`;
  return { start: wallTime(start, startTime), end: wallTime(end, '18:30') };
}

export function analyticsTargets(baseUrl: string, generated: GeneratedSales, now: Date): LatencyTarget[] {
  const range = yearRange(now);
  const store = { storeId: generated.storeId };
  const urlOf = (path: string, query: Record<string, string>) =>
    `${baseUrl}${path}${Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ''}`;
  const get = (name: string, path: string, query: Record<string, string> = {}): LatencyTarget => ({
    name,
    url: urlOf(path, query),
    ...('start' in query
      ? { vary: (n: number) => ({ url: urlOf(path, { ...query, ...yearRange(now, n) }) }) }
      : {}),
  });
  const post = (name: string, path: string, body: object): LatencyTarget => ({
    name,
    url: `${baseUrl}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...range, ...body }),
    vary: (n: number) => ({ body: JSON.stringify({ ...yearRange(now, n), ...body }) }),
  });
  const a = API.salesAnalytics;
  const saleId = generated.saleIds[0] ?? '';
  return [
    get('top/business', a.topBusiness, range),
    get('least/business', a.leastBusiness, range),
    get('top-quantity/business', a.topQuantityBusiness, range),
    get('least-quantity/business', a.leastQuantityBusiness, range),
    get('top', a.top, { ...range, ...store }),
    get('least', a.least, { ...range, ...store }),
    get('top-quantity', a.topQuantity, { ...range, ...store }),
    get('least-quantity', a.leastQuantity, { ...range, ...store }),
    get('filter (store table)', a.filter, { ...range, ...store }),
    get('trends/business (daily)', a.trendsBusiness, range),
    get('trends (daily)', a.trends, { ...range, ...store }),
    get('product-trend (daily)', a.productTrend, { ...range, ...store, sku: generated.product.sku }),
    get('total/business', a.totalBusiness, range),
    get('total', a.total, { ...range, ...store }),
    get('total/week/business', a.totalWeekBusiness),
    get('total/week', a.totalWeek, store),
    get('stores/top', a.storesTop, range),
    get('stores/top-weekly', a.storesTopWeekly),
    post('filter-advanced (by product, every store)', a.filterAdvanced, { groupBy: 'product' }),
    post('super-filter (by category, 5 stores)', a.superFilter, {
      groupBy: 'category',
      storeIds: generated.storeIds.slice(0, 5),
    }),
    get(
      '{saleId}/store/{storeId}',
      a.saleByStore.replace(':saleId', saleId).replace(':storeId', generated.storeId),
    ),
  ];
}
