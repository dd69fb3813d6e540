import type { TDraftsFromSuggestions, TSuggestions } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { apiCaller, ownerWithBusiness, staffTokensByRole } from '../../../../test/factories/accounts.js';
import { insertLocation, insertStore, setPlan } from '../../../../test/factories/catalogue.js';
import { expectLedgerBalanced, insertProductAt } from '../../../../test/factories/inventory.js';
import { insertInventoryItem, insertSupplier } from '../../../../test/factories/products.js';
import { addDays, dateInTimeZone } from '../../../platform/zoned-time.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let staff: Record<'assistant' | 'reader' | 'contributor', string>;
const call = apiCaller(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Suggesting Shop');
  other = await ownerWithBusiness(t, 'Other Suggestions');
  await setPlan(t, owner.businessId, 'BASIC');
  staff = await staffTokensByRole(t, owner.token, {
    assistant: 'ROLE_STORE_ASSISTANT',
    reader: 'ROLE_INVENTORY_READER',
    contributor: 'ROLE_INVENTORY_CONTRIBUTOR',
  });
});
afterAll(async () => {
  try {
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
});

/** Days before today (UTC, the business's zone) as YYYY-MM-DD. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A store with: tea (supplier Acme, lead time 5 days) selling 2 a day for 8 weeks, 3 on hand under
 * a reorder point of 10; cocoa (Acme) with no sales, 1 under 4; salt (Acme) 2 under 5 with 2 on a
 * sent order and 1 on a draft; rice (Brill, no lead time) 0 under 6; jam (no supplier) 0 under 2;
 * oil (Closed, discontinued) 1 under 3; sugar above its reorder point.
 */
async function setUp() {
  const shop = await insertLocation(t, owner.businessId, { name: 'High Street' });
  const { storeId } = await insertStore(t, owner.businessId, { name: 'High Street shop', locationId: shop });
  const acme = await insertSupplier(t, owner.businessId, `Acme ${shop.slice(0, 4)}`);
  await t.sql('update suppliers set lead_time_days = 5 where id = $1', [acme]);
  const brill = await insertSupplier(t, owner.businessId, `Brill ${shop.slice(0, 4)}`);
  const closed = await insertSupplier(t, owner.businessId, `Closed ${shop.slice(0, 4)}`);
  await t.sql('update suppliers set active = false where id = $1', [closed]);

  const product = async (
    sku: string,
    supplierId: string | null,
    quantity: number,
    reorderPoint: number,
    cost: string | null,
  ) => {
    const made = await insertProductAt(t, owner.businessId, shop, { sku, name: sku.toLowerCase() });
    await t.sql('update products set supplier_id = $2, cost_price = $3 where id = $1', [
      made.id,
      supplierId,
      cost,
    ]);
    const item = await insertInventoryItem(t, owner.businessId, made.id, shop, quantity);
    await t.sql('update inventory_items set reorder_point = $2 where id = $1', [item, reorderPoint]);
    return made.id;
  };
  const tea = await product('TEA', acme, 3, 10, '1.50');
  const cocoa = await product('COCOA', acme, 1, 4, null);
  const salt = await product('SALT', acme, 2, 5, '0.40');
  const rice = await product('RICE', brill, 0, 6, '2.00');
  const jam = await product('JAM', null, 0, 2, '3.00');
  const oil = await product('OIL', closed, 1, 3, '4.00');
  await product('SUGAR', acme, 9, 5, '1.00');
  for (let day = 56; day >= 1; day -= 1)
    await t.sql(
      `insert into sales_daily_products (business_id, store_id, day, product_id, sku, product_name, quantity, total)
       values ($1, $2, $3, $4, 'TEA', 'tea', 2, 6.00)`,
      [owner.businessId, storeId, daysAgo(day), tea],
    );
  // Salt: 2 still to come on a sent order, 1 on a draft.
  const sentOrder = await call('POST', '/api/purchase-orders', owner.token, {
    supplierId: acme,
    locationId: shop,
    lines: [{ productId: salt, quantity: 2, unitCost: '0.40' }],
  });
  expect(sentOrder.statusCode, sentOrder.body).toBe(201);
  expect(
    (await call('POST', `/api/purchase-orders/${sentOrder.json().id}/send`, owner.token)).statusCode,
  ).toBe(200);
  const draft = await call('POST', '/api/purchase-orders', owner.token, {
    supplierId: acme,
    locationId: shop,
    lines: [{ productId: salt, quantity: 1, unitCost: '0.40' }],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  return { shop, acme, brill, closed, tea, cocoa, salt, rice, jam, oil };
}

type SetUp = Awaited<ReturnType<typeof setUp>>;
let s: SetUp;

beforeAll(async () => {
  s = await setUp();
});

describe('suggested orders', () => {
  it('suggests what reaches the reorder point plus the forecast over the lead time, less what is coming', async () => {
    const res = await call('GET', `/api/purchase-orders/suggestions?locationId=${s.shop}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const suggestions: TSuggestions = res.json();
    expect(suggestions.locationName).toBe('High Street');
    const summary = suggestions.groups.map((group) => ({
      supplierId: group.supplierId,
      leadTimeDays: group.leadTimeDays,
      isLeadTimeAssumed: group.isLeadTimeAssumed,
      canOrder: group.canOrder,
      totalCost: group.totalCost,
      lines: group.lines.map((line) => [
        line.sku,
        line.quantity,
        line.onOrder,
        line.drafted,
        line.forecastDemand,
        line.targetLevel,
        line.suggestedQuantity,
        line.unitCost,
        line.lineCost,
      ]),
    }));
    expect(summary).toEqual([
      {
        supplierId: s.acme,
        leadTimeDays: 5,
        isLeadTimeAssumed: false,
        canOrder: true,
        // Tea: 2 a day x 5 days = 10 forecast; 10 + 10 - 3 = 17 at 1.50 = 25.50. Cocoa: no sales,
        // 4 - 1 = 3 at no cost. Salt: 5 - 2 - 2 on order - 1 drafted = 0: not suggested.
        totalCost: '25.50',
        lines: [
          ['COCOA', 1, 0, 0, null, 4, 3, '0.00', '0.00'],
          ['TEA', 3, 0, 0, 10, 20, 17, '1.50', '25.50'],
        ],
      },
      {
        supplierId: s.brill,
        leadTimeDays: 7,
        isLeadTimeAssumed: true,
        canOrder: true,
        totalCost: '12.00',
        lines: [['RICE', 0, 0, 0, null, 6, 6, '2.00', '12.00']],
      },
      {
        supplierId: s.closed,
        leadTimeDays: 7,
        isLeadTimeAssumed: true,
        canOrder: false,
        totalCost: '8.00',
        lines: [['OIL', 1, 0, 0, null, 3, 2, '4.00', '8.00']],
      },
      {
        supplierId: null,
        leadTimeDays: 7,
        isLeadTimeAssumed: true,
        canOrder: false,
        totalCost: '6.00',
        lines: [['JAM', 0, 0, 0, null, 2, 2, '3.00', '6.00']],
      },
    ]);
  });

  it('turns the chosen groups into drafts in one call; they are then drafted, and nothing is left to order', async () => {
    const refused = await call('POST', '/api/purchase-orders/suggestions/drafts', staff.assistant, {
      locationId: s.shop,
    });
    expect(refused.statusCode).toBe(403);
    const closed = await call('POST', '/api/purchase-orders/suggestions/drafts', owner.token, {
      locationId: s.shop,
      supplierIds: [s.closed],
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().details).toMatchObject({ field: 'supplierIds', supplierId: s.closed });

    const res = await call('POST', '/api/purchase-orders/suggestions/drafts', staff.contributor, {
      locationId: s.shop,
      supplierIds: [s.acme.toUpperCase()],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { orders }: TDraftsFromSuggestions = res.json();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: 'DRAFT',
      supplierId: s.acme,
      locationId: s.shop,
      totalCost: '25.50',
      // Expected after the supplier's lead time (5 days, in the business's zone: UTC by default); no
      // note of ours printed for the supplier.
      expectedAt: addDays(dateInTimeZone(new Date(), 'UTC'), 5),
      note: null,
    });
    expect(orders[0]!.lines.map((line) => [line.sku, line.quantity, line.unitCost])).toEqual([
      ['COCOA', 3, '0.00'],
      ['TEA', 17, '1.50'],
    ]);

    const after: TSuggestions = (
      await call('GET', `/api/purchase-orders/suggestions?locationId=${s.shop}`, staff.assistant)
    ).json();
    expect(after.groups.map((group) => group.supplierId)).toEqual([s.brill, s.closed, null]);
    const rest = await call('POST', '/api/purchase-orders/suggestions/drafts', owner.token, {
      locationId: s.shop,
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().orders.map((order: { supplierId: string }) => order.supplierId)).toEqual([s.brill]);
    const none = await call('POST', '/api/purchase-orders/suggestions/drafts', owner.token, {
      locationId: s.shop,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain('Nothing to order');
  });

  it('forecasts a warehouse’s demand from what every store sells of the SKU', async () => {
    const depot = await insertLocation(t, owner.businessId, { name: 'Depot' });
    const supplier = await insertSupplier(t, owner.businessId, 'Depot supplier');
    await t.sql('update suppliers set lead_time_days = 3 where id = $1', [supplier]);
    const tea = await insertProductAt(t, owner.businessId, depot, { sku: 'TEA', name: 'tea' });
    await t.sql('update products set supplier_id = $2, cost_price = 1.50 where id = $1', [tea.id, supplier]);
    const item = await insertInventoryItem(t, owner.businessId, tea.id, depot, 5);
    await t.sql('update inventory_items set reorder_point = 20 where id = $1', [item]);
    // A second store sells TEA too (its own product of that SKU), 1 a day: 2 + 1 = 3 a day in all.
    const { storeId } = await insertStore(t, owner.businessId, { name: 'Riverside' });
    const { rows } = await t.sql('select location_id from stores where id = $1', [storeId]);
    const riverTea = await insertProductAt(t, owner.businessId, rows[0].location_id, {
      sku: 'TEA',
      name: 'tea',
    });
    for (let day = 56; day >= 1; day -= 1)
      await t.sql(
        `insert into sales_daily_products (business_id, store_id, day, product_id, sku, product_name, quantity, total)
         values ($1, $2, $3, $4, 'TEA', 'tea', 1, 3.00)`,
        [owner.businessId, storeId, daysAgo(day), riverTea.id],
      );
    const res = await call('GET', `/api/purchase-orders/suggestions?locationId=${depot}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const [group] = res.json<TSuggestions>().groups;
    // 3 a day over 3 days = 9; 20 + 9 - 5 = 24.
    expect(group!.lines.map((line) => [line.sku, line.forecastDemand, line.suggestedQuantity])).toEqual([
      ['TEA', 9, 24],
    ]);
  });

  it('refuses bad input, readers’ writes and another business’s location', async () => {
    expect((await call('GET', '/api/purchase-orders/suggestions', owner.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/purchase-orders/suggestions?locationId=x', owner.token)).statusCode).toBe(
      400,
    );
    const theirs = await insertLocation(t, other.businessId);
    expect(
      (await call('GET', `/api/purchase-orders/suggestions?locationId=${theirs}`, owner.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/purchase-orders/suggestions/drafts', owner.token, { locationId: theirs }))
        .statusCode,
    ).toBe(404);
    // Their supplier is not one of ours: nothing is suggested from it here.
    const theirSupplier = await insertSupplier(t, other.businessId, 'Their supplier');
    const foreign = await call('POST', '/api/purchase-orders/suggestions/drafts', owner.token, {
      locationId: s.shop,
      supplierIds: [theirSupplier],
    });
    expect(foreign.statusCode).toBe(409);
    for (const bad of [
      {},
      { locationId: s.shop, supplierIds: [] },
      { locationId: s.shop, supplierIds: ['nope'] },
    ]) {
      const res = await call('POST', '/api/purchase-orders/suggestions/drafts', owner.token, bad);
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await call('POST', '/api/purchase-orders/suggestions/drafts', staff.reader, { locationId: s.shop }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/purchase-orders/suggestions?locationId=${s.shop}`)).statusCode).toBe(401);
    const { rows } = await t.sql('select count(*)::int as n from purchase_orders where business_id = $1', [
      other.businessId,
    ]);
    expect(rows[0].n).toBe(0);
  });
});
