import type { TReport } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness } from '../../../../test/factories/accounts.js';
import { insertLocation, insertStore, setPlan } from '../../../../test/factories/catalogue.js';
import { insertProductAt } from '../../../../test/factories/inventory.js';
import { insertInventoryItem } from '../../../../test/factories/products.js';
import { recordSale } from '../../../../test/factories/sales.js';
import { settableClock } from '../../../../test/factories/subscriptions.js';
import { unsupportedNumbers } from '../report-numbers.js';

/**
 * Forecasts through the API on twelve weeks of bagel sales at one store with a known shape: 10 a
 * weekday, 18 on Saturdays and Sundays, every day from Monday 31 August
 * 2026 (UTC), up to Wednesday 25 November: today is Thursday 26 November.
 */
const NOW = new Date('2026-11-26T12:00:00Z');
const FIRST = Date.parse('2026-08-31T12:00:00Z');
const DAYS = 87;
const DAY_MS = 86_400_000;

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let storeId: string;
let bagel: string;
let clock: ReturnType<typeof settableClock>;

const unitsOn = (ms: number) => ([0, 6].includes(new Date(ms).getUTCDay()) ? 18 : 10);

beforeAll(async () => {
  clock = settableClock(NOW);
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t, 'Bagel Bar');
  await setPlan(t, owner.businessId, 'SUPREME');
  const locationId = await insertLocation(t, owner.businessId, { name: 'Bagel Bar' });
  const store = await insertStore(t, owner.businessId, { name: 'Bagel Bar', locationId });
  storeId = store.storeId;
  bagel = (await insertProductAt(t, owner.businessId, store.locationId, { sku: 'BAGEL', name: 'Bagel' })).id;
  await t.sql('update products set price = 2.00 where id = $1', [bagel]);
  const item = await insertInventoryItem(t, owner.businessId, bagel, store.locationId, 5000);
  await t.sql('update inventory_items set reorder_point = 40 where id = $1', [item]);
  for (let day = 0; day < DAYS; day += 1) {
    const soldAt = FIRST + day * DAY_MS;
    clock.set(new Date(soldAt + 60_000));
    await recordSale(t, owner.token, {
      storeId,
      soldAt: new Date(soldAt).toISOString(),
      paymentMethod: 'CASH',
      lines: [{ productId: bagel, quantity: unitsOn(soldAt) }],
    });
  }
  clock.set(NOW);
});

afterAll(async () => {
  await t?.close();
});

async function predict(days: number, filter?: Record<string, unknown>): Promise<TReport> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/reports/predict?forecastPeriod=${days}`,
    headers: bearer(owner.token),
    payload: filter ? { filter } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TReport>();
}

describe('POST /api/reports/predict', () => {
  it("forecasts a product's weekly shape with its band, back-test error and order", async () => {
    const report = await predict(14, { productId: bagel });
    expect(report.kind).toBe('FORECAST');
    const [headline, orders, perDay] = report.tables;
    const row = headline?.rows[0] ?? [];
    expect(row[0]).toBe('Bagel');
    // Two weeks of 5 x 10 + 2 x 18 = 172 units: the forecast is close to it.
    expect(Number(row[1])).toBeGreaterThan(140);
    expect(Number(row[1])).toBeLessThan(205);
    expect(Number(row[2])).toBeLessThanOrEqual(Number(row[1]));
    expect(Number(row[3])).toBeGreaterThanOrEqual(Number(row[1]));
    expect(row[6]).not.toBeNull();

    const days = perDay?.rows ?? [];
    expect(days).toHaveLength(14);
    expect(days[0]?.[0]).toBe('2026-11-26');
    // Saturday 28 and Sunday 29 November sell more than Tuesday 1 December.
    const on = (day: string) => Number(days.find((cell) => cell[0] === day)?.[1]);
    expect(on('2026-11-28')).toBeGreaterThan(on('2026-12-01'));
    expect(on('2026-11-29')).toBeGreaterThan(on('2026-12-01'));
    for (const [, value, low, high] of days) {
      expect(Number(low)).toBeLessThanOrEqual(Number(value));
      expect(Number(high)).toBeGreaterThanOrEqual(Number(value));
      expect(Number(low)).toBeGreaterThanOrEqual(0);
    }

    // Suggested order: demand + reorder point - on hand; the 5000 - 1062 sold cover it.
    expect(orders?.rows[0]?.slice(0, 5)).toEqual(['Bagel', 'BAGEL', 'Bagel Bar', 3938, 40]);
    expect(orders?.rows[0]?.[6]).toBe(0);

    const chart = report.charts[0];
    expect(chart?.type).toBe('forecast');
    expect(chart?.series.map((series) => series.name)).toEqual(['History', 'Forecast']);
    expect(chart?.series[1]?.points[0]).toMatchObject({ x: '2026-11-26' });
    expect(
      chart?.series[1]?.points.every((point) => point.low !== undefined && point.high !== undefined),
    ).toBe(true);
    expect(unsupportedNumbers(report.summary, report.tables, ['14'])).toEqual([]);
    expect(report.summary).toMatch(/Demand for Bagel over the next 14 days/);
  });

  it('forecasts the money of a store, and suggests an order once stock runs short', async () => {
    await t.sql('update inventory_items set reorder_point = 4100 where product_id = $1', [bagel]);
    try {
      const report = await predict(30, { storeId });
      const [headline, orders] = report.tables;
      expect(headline?.columns[1]?.type).toBe('money');
      expect(headline?.rows[0]?.[0]).toBe('Bagel Bar');
      const order = orders?.rows[0] ?? [];
      expect(order[0]).toBe('Bagel');
      expect(order[6]).toBe(Number(order[5]) + 4100 - 3938);
      expect(report.summary).toMatch(/One product needs ordering/);
    } finally {
      await t.sql('update inventory_items set reorder_point = 40 where product_id = $1', [bagel]);
    }
  });

  it('reads a young product from its first sale, not from months of days before it existed', async () => {
    const young = await ownerWithBusiness(t, 'Young Shop');
    await setPlan(t, young.businessId, 'SUPREME');
    const locationId = await insertLocation(t, young.businessId, { name: 'Young Shop' });
    const store = await insertStore(t, young.businessId, { name: 'Young Shop', locationId });
    const scone = (await insertProductAt(t, young.businessId, locationId, { sku: 'SCONE', name: 'Scone' }))
      .id;
    await insertInventoryItem(t, young.businessId, scone, locationId, 500);
    for (const daysAgo of [4, 3, 2, 1])
      await recordSale(t, young.token, {
        storeId: store.storeId,
        soldAt: new Date(NOW.getTime() - daysAgo * DAY_MS).toISOString(),
        paymentMethod: 'CASH',
        lines: [{ productId: scone, quantity: 20 }],
      });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports/predict?forecastPeriod=7',
      headers: bearer(young.token),
      payload: { filter: { productId: scone } },
    });
    const report = res.json<TReport>();
    // Four days of 20: about 140 in a week, not the 5 a 182-day average of mostly zeros gives.
    expect(Number(report.tables[0]?.rows[0]?.[1])).toBe(140);
  });

  it('reads a day whose refunds outweigh its sales as no demand, not as an error', async () => {
    const shop = await ownerWithBusiness(t, 'Jacket Shop');
    await setPlan(t, shop.businessId, 'SUPREME');
    const locationId = await insertLocation(t, shop.businessId, { name: 'Jacket Shop' });
    const store = await insertStore(t, shop.businessId, { name: 'Jacket Shop', locationId });
    const jacket = (await insertProductAt(t, shop.businessId, locationId, { sku: 'JACKET', name: 'Jacket' }))
      .id;
    await t.sql('update products set price = 50.00 where id = $1', [jacket]);
    await insertInventoryItem(t, shop.businessId, jacket, locationId, 100);
    for (const daysAgo of [6, 5, 4])
      await recordSale(t, shop.token, {
        storeId: store.storeId,
        soldAt: new Date(NOW.getTime() - daysAgo * DAY_MS).toISOString(),
        paymentMethod: 'CASH',
        lines: [{ productId: jacket, quantity: 3 }],
      });
    // Three days ago nothing sold and Saturday's three jackets came back: -3 units, -150.00.
    const { rows } = await t.sql(`select id from sales where business_id = $1 order by sold_at limit 1`, [
      shop.businessId,
    ]);
    clock.set(new Date(NOW.getTime() - 3 * DAY_MS));
    try {
      const refund = await t.app.inject({
        method: 'POST',
        url: `/api/sales/${String(rows[0]?.id)}/refund`,
        headers: bearer(shop.token),
        payload: { lines: [{ lineNo: 1, quantity: 3 }] },
      });
      expect(refund.statusCode, refund.body).toBe(201);
    } finally {
      clock.set(NOW);
    }
    for (const filter of [{}, { storeId: store.storeId }, { productId: jacket }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reports/predict?forecastPeriod=7',
        headers: bearer(shop.token),
        payload: { filter },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Number(res.json<TReport>().tables[0]?.rows[0]?.[1])).toBeGreaterThanOrEqual(0);
    }
  });

  it('answers a business with no sales with a flat forecast, not an error', async () => {
    const quiet = await ownerWithBusiness(t, 'Quiet Shop');
    await setPlan(t, quiet.businessId, 'SUPREME');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports/predict?forecastPeriod=7',
      headers: bearer(quiet.token),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<TReport>();
    expect(report.tables[0]?.rows[0]?.[1]).toBe('0.00');
    expect(report.tables[1]?.rows).toEqual([]);
    expect(report.summary).toBe('There are no sales of All stores in the last half year to forecast from.');
  });

  it('answers "what will we sell next month" on the Supreme page with the forecast', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/reports/supreme/ai?query=${encodeURIComponent('what will we sell next month?')}`,
      headers: bearer(owner.token),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<TReport>();
    expect(report.kind).toBe('SUPREME');
    expect(report.charts[0]?.type).toBe('forecast');
    expect(report.tables[2]?.rows).toHaveLength(30);
  });
});
