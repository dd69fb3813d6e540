import type { TReport } from '@app/contracts';
import type { TestApp } from '../build-app.js';
import { ownerWithBusiness } from './accounts.js';
import { insertStore, setPlan } from './catalogue.js';
import { insertProductAt } from './inventory.js';
import { insertCategory, insertInventoryItem } from './products.js';
import { recordSale } from './sales.js';
import { settableClock } from './subscriptions.js';

/**
 * A small shop whose reports are worked out by hand (the expected answers of the report tests).
 * The business is in UTC; the clock is Thursday 26 November 2026, 12:00.
 *
 *   store         product     SKU    price  cost  category  stock at start, reorder point
 *   Market Row    Oat milk    OAT-1  3.00   1.80  Dairy     100, 10
 *   Market Row    Sourdough   BRD-1  5.00   2.00  Bakery     10, 10
 *   Market Row    Croissant   CRO-1  2.00   -     Bakery     50, -
 *   Harbour Side  Oat milk    OAT-1  3.20   1.80  -          50, -
 *   Harbour Side  Cold brew   CB-1   4.00   1.50  Drinks      8, 5
 *
 *   #  day (weekday)    store         lines                          total
 *   1  Sat  3 Oct      Market Row    Oat milk 4, Sourdough 1        17.00
 *   2  Sun 11 Oct      Market Row    Sourdough 3                    15.00
 *   3  Wed 14 Oct      Harbour Side  Oat milk 2, Cold brew 5        26.40
 *   4  Tue 20 Oct      Market Row    Oat milk 1                      3.00
 *   5  Mon 16 Nov      Market Row    Oat milk 2                      6.00
 *   6  Sat 21 Nov      Harbour Side  Cold brew 1                     4.00
 *   7  Mon 23 Nov      Market Row    Sourdough 2, Oat milk 1        13.00
 *   8  Wed 25 Nov      Harbour Side  Oat milk 3                      9.60
 *
 * Stock now: Oat milk 92 at Market Row and 45 at Harbour Side, Sourdough 4 (under 10), Croissant
 * 50, Cold brew 2 (under 5).
 */
export const REPORT_SHOP_NOW = new Date('2026-11-26T12:00:00Z');

export type ReportShop = Awaited<ReturnType<typeof seedReportShop>>;

/**
 * Seeds the shop; `clock` (the app's) is moved to each sale's time while it is recorded (a till
 * records a sale of at most 31 days ago), then back to the shop's now.
 */
export async function seedReportShop(
  t: TestApp,
  clock: ReturnType<typeof settableClock>,
  options: { name?: string } = {},
) {
  const owner = await ownerWithBusiness(t, options.name ?? 'Report Shop');
  await setPlan(t, owner.businessId, 'SUPREME');
  const market = await insertStore(t, owner.businessId, { name: 'Market Row' });
  const harbour = await insertStore(t, owner.businessId, { name: 'Harbour Side' });
  // A store's location carries its name, as the store form creates them.
  await t.sql('update locations set name = $2 where id = $1', [market.locationId, 'Market Row']);
  await t.sql('update locations set name = $2 where id = $1', [harbour.locationId, 'Harbour Side']);
  const dairy = await insertCategory(t, owner.businessId, market.locationId, 'Dairy');
  const bakery = await insertCategory(t, owner.businessId, market.locationId, 'Bakery');
  const drinks = await insertCategory(t, owner.businessId, harbour.locationId, 'Drinks');

  async function product(
    locationId: string,
    values: { sku: string; name: string; price: string; cost: string | null; categoryId?: string },
    stock: number,
    reorderPoint: number | null,
  ): Promise<string> {
    const { id } = await insertProductAt(t, owner.businessId, locationId, values);
    await t.sql('update products set price = $2, cost_price = $3 where id = $1', [
      id,
      values.price,
      values.cost,
    ]);
    const itemId = await insertInventoryItem(t, owner.businessId, id, locationId, stock);
    if (reorderPoint !== null)
      await t.sql('update inventory_items set reorder_point = $2 where id = $1', [itemId, reorderPoint]);
    return id;
  }

  const oatMarket = await product(
    market.locationId,
    { sku: 'OAT-1', name: 'Oat milk', price: '3.00', cost: '1.80', categoryId: dairy },
    100,
    10,
  );
  const sourdough = await product(
    market.locationId,
    { sku: 'BRD-1', name: 'Sourdough', price: '5.00', cost: '2.00', categoryId: bakery },
    10,
    10,
  );
  const croissant = await product(
    market.locationId,
    { sku: 'CRO-1', name: 'Croissant', price: '2.00', cost: null, categoryId: bakery },
    50,
    null,
  );
  const oatHarbour = await product(
    harbour.locationId,
    { sku: 'OAT-1', name: 'Oat milk', price: '3.20', cost: '1.80' },
    50,
    null,
  );
  const coldBrew = await product(
    harbour.locationId,
    { sku: 'CB-1', name: 'Cold brew', price: '4.00', cost: '1.50', categoryId: drinks },
    8,
    5,
  );

  const sell = async (storeId: string, soldAt: string, lines: Array<[string, number]>) => {
    clock.set(new Date(Date.parse(soldAt) + 60_000));
    await recordSale(t, owner.token, {
      storeId,
      soldAt,
      paymentMethod: 'CARD',
      lines: lines.map(([productId, quantity]) => ({ productId, quantity })),
    });
  };
  await sell(market.storeId, '2026-10-03T10:00:00Z', [
    [oatMarket, 4],
    [sourdough, 1],
  ]);
  await sell(market.storeId, '2026-10-11T11:00:00Z', [[sourdough, 3]]);
  await sell(harbour.storeId, '2026-10-14T15:00:00Z', [
    [oatHarbour, 2],
    [coldBrew, 5],
  ]);
  await sell(market.storeId, '2026-10-20T09:30:00Z', [[oatMarket, 1]]);
  await sell(market.storeId, '2026-11-16T10:00:00Z', [[oatMarket, 2]]);
  await sell(harbour.storeId, '2026-11-21T16:00:00Z', [[coldBrew, 1]]);
  await sell(market.storeId, '2026-11-23T08:45:00Z', [
    [sourdough, 2],
    [oatMarket, 1],
  ]);
  await sell(harbour.storeId, '2026-11-25T18:00:00Z', [[oatHarbour, 3]]);
  clock.set(REPORT_SHOP_NOW);

  return {
    owner,
    market,
    harbour,
    categories: { dairy, bakery, drinks },
    products: { oatMarket, sourdough, croissant, oatHarbour, coldBrew },
  };
}

/** A clock set to the shop's now (a test may move it). */
export const reportShopClock = () => settableClock(REPORT_SHOP_NOW);

/** Asks the advanced analyst a question; the answer's JSON (or the refusal's). */
export async function ask(
  t: TestApp,
  token: string,
  userQuery: string,
  filter?: Record<string, unknown>,
): Promise<{ statusCode: number; report: TReport; body: Record<string, unknown> }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/reports/advanced/ai',
    headers: { authorization: `Bearer ${token}` },
    payload: { userQuery, ...(filter ? { filter } : {}) },
  });
  const body = res.json<Record<string, unknown>>();
  return { statusCode: res.statusCode, report: body as unknown as TReport, body };
}
