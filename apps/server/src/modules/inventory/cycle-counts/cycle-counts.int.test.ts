import type { TAbcClasses, TCycleCount, TCycleCountSummary, TPage } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffTokensByRole } from '../../../../test/factories/accounts.js';
import { setPlan } from '../../../../test/factories/catalogue.js';
import {
  expectLedgerBalanced,
  insertProductAt,
  ledgerOf,
  quantityOf,
} from '../../../../test/factories/inventory.js';
import { auditEvents, insertCategory, insertInventoryItem } from '../../../../test/factories/products.js';
import { recordSale, saleSetUp } from '../../../../test/factories/sales.js';

/** UTC+14 all year: for most of the day its date is not UTC's, so the ABC window proves the zone is used. */
const TIME_ZONE = 'Pacific/Kiritimati';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let staff: Record<'assistant' | 'reader' | 'contributor' | 'productAdmin', string>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Corner Shop');
  other = await ownerWithBusiness(t, 'Other Shop');
  await setPlan(t, owner.businessId, 'SUPREME');
  await t.sql('update businesses set time_zone = $2 where id = $1', [owner.businessId, TIME_ZONE]);
  staff = await staffTokensByRole(t, owner.token, {
    assistant: 'ROLE_STORE_ASSISTANT',
    reader: 'ROLE_INVENTORY_READER',
    contributor: 'ROLE_INVENTORY_CONTRIBUTOR',
    productAdmin: 'ROLE_PRODUCT_ADMIN',
  });
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t.close();
});

function send(method: 'GET' | 'POST', url: string, token: string, payload?: unknown, headers = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function createSheet(token: string, body: unknown): Promise<TCycleCount> {
  const res = await send('POST', '/api/cycle-counts', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TCycleCount>();
}

/** A shop with two drinks in one category and a snack in another, with cost prices. */
async function drinksShop(name: string) {
  const shop = await saleSetUp(
    t,
    owner.businessId,
    {
      cola: { price: '2.00', stock: 20 },
      water: { price: '1.00', stock: 10 },
      chips: { price: '1.50', stock: 5 },
    },
    name,
  );
  const drinks = await insertCategory(t, owner.businessId, shop.locationId, 'Drinks');
  const snacks = await insertCategory(t, owner.businessId, shop.locationId, 'Snacks');
  await t.sql('update products set category_id = $2, cost_price = $3 where id = $1', [
    shop.products.cola.id,
    drinks,
    '1.20',
  ]);
  await t.sql('update products set category_id = $2, cost_price = $3 where id = $1', [
    shop.products.water.id,
    drinks,
    '0.50',
  ]);
  await t.sql('update products set category_id = $2 where id = $1', [shop.products.chips.id, snacks]);
  return { ...shop, drinks, snacks };
}

describe('a count of one category while the shop sells', () => {
  it('finds the variance net of the sales since the freeze and fixes it, keeping later sales', async () => {
    const shop = await drinksShop('Count Street');
    const { cola, water } = shop.products;
    const sheet = await createSheet(staff.contributor, {
      locationId: shop.locationId,
      scope: { kind: 'CATEGORIES', categoryIds: [shop.drinks] },
      note: 'Monthly drinks count',
    });
    expect(sheet.status).toBe('COUNTING');
    expect(sheet.scope).toEqual({ kind: 'CATEGORIES', categoryIds: [shop.drinks] });
    const bySku = [cola, water].sort((a, b) => (a.sku < b.sku ? -1 : 1));
    expect(sheet.lines.map((line) => [line.lineNo, line.sku, line.expectedQuantity])).toEqual(
      bySku.map((product, index) => [index + 1, product.sku, product === cola ? 20 : 10]),
    );
    const colaLine = sheet.lines.find((line) => line.productId === cola.id);
    expect(colaLine).toMatchObject({
      unitCost: '1.2000',
      status: 'PENDING',
      countedQuantity: null,
      varianceUnits: null,
    });
    expect(colaLine?.category).toEqual({ id: shop.drinks, name: 'Drinks' });

    // A sale between the freeze and the count: 3 colas.
    await recordSale(t, staff.assistant, {
      storeId: shop.storeId,
      lines: [{ productId: cola.id, quantity: 3 }],
      paymentMethod: 'CASH',
    });
    // The assistant counts 15 colas (17 expected now: 2 missing) and the 10 waters, by product and by line.
    const waterLine = sheet.lines.find((line) => line.productId === water.id);
    const counted = await send('POST', `/api/cycle-counts/${sheet.id}/counts`, staff.assistant, {
      lines: [
        { productId: cola.id, countedQuantity: 15 },
        { lineNo: waterLine?.lineNo, countedQuantity: 10 },
      ],
    });
    expect(counted.statusCode, counted.body).toBe(200);
    // She counts blind: her answer says what she counted, not what was expected.
    const blind = counted.json<TCycleCount>().lines.find((line) => line.productId === cola.id);
    expect(blind).toMatchObject({ status: 'COUNTED', countedQuantity: 15 });
    expect(blind).not.toHaveProperty('expectedQuantity');
    expect(blind).not.toHaveProperty('varianceUnits');
    // The reviewer sees the variance.
    const afterCount = (
      await send('GET', `/api/cycle-counts/${sheet.id}`, staff.contributor)
    ).json<TCycleCount>();
    expect(afterCount.lines.find((line) => line.productId === cola.id)).toMatchObject({
      status: 'COUNTED',
      expectedQuantity: 20,
      countedQuantity: 15,
      movedSinceFreeze: -3,
      varianceUnits: -2,
      varianceValue: '-2.40',
    });
    expect(afterCount.lines.find((line) => line.productId === water.id)).toMatchObject({
      movedSinceFreeze: 0,
      varianceUnits: 0,
      varianceValue: '0.00',
    });
    expect(afterCount.totals).toEqual({
      lines: 2,
      linesCounted: 2,
      varianceUnits: -2,
      varianceValueAbsolute: '2.40',
      varianceValueNet: '-2.40',
    });

    // Another sale between the count and the acceptance: 4 colas.
    await recordSale(t, staff.assistant, {
      storeId: shop.storeId,
      lines: [{ productId: cola.id, quantity: 4 }],
      paymentMethod: 'CARD',
    });
    const reviewed = await send('POST', `/api/cycle-counts/${sheet.id}/review`, staff.contributor, {
      accept: afterCount.lines.map((line) => line.lineNo),
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json<TCycleCount>().lines.map((line) => [line.status, line.appliedDelta])).toEqual(
      bySku.map((product) => ['ACCEPTED', product === cola ? -2 : 0]),
    );
    // Counted 15, sold 4 since: 11. The water's count confirmed its 10 with a 0 row.
    expect(await quantityOf(t, cola.inventoryId)).toBe(11);
    expect(await quantityOf(t, water.inventoryId)).toBe(10);
    const colaLedger = await ledgerOf(t, cola.inventoryId);
    expect(colaLedger.slice(-1)[0]).toMatchObject({
      delta: -2,
      quantity_after: 11,
      reason: 'COUNT',
      reference: sheet.id,
    });
    expect((await ledgerOf(t, water.inventoryId)).slice(-1)[0]).toMatchObject({ delta: 0, reason: 'COUNT' });
    // The snack of the other category was never on the sheet.
    expect(await quantityOf(t, shop.products.chips.inventoryId)).toBe(5);

    const completed = await send('POST', `/api/cycle-counts/${sheet.id}/complete`, staff.contributor);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json<TCycleCount>()).toMatchObject({ status: 'COMPLETED', linesCounted: 2 });
    expect((await send('POST', `/api/cycle-counts/${sheet.id}/complete`, owner.token)).statusCode).toBe(409);
    for (const event of [
      'CYCLE_COUNT_CREATION',
      'CYCLE_COUNT_ENTRY',
      'CYCLE_COUNT_REVIEW',
      'CYCLE_COUNT_COMPLETION',
    ])
      expect(await auditEvents(t, owner.businessId, event), event).not.toEqual([]);
    await expectLedgerBalanced(t);
  });

  it('refuses an acceptance the stock cannot take (sold meanwhile) naming the line, and writes nothing', async () => {
    const shop = await drinksShop('Refusal Road');
    const { chips } = shop.products;
    const sheet = await createSheet(owner.token, {
      locationId: shop.locationId,
      scope: { kind: 'PRODUCTS', productIds: [chips.id] },
    });
    await send('POST', `/api/cycle-counts/${sheet.id}/counts`, staff.assistant, {
      lines: [{ lineNo: 1, countedQuantity: 1 }],
    });
    await recordSale(t, owner.token, {
      storeId: shop.storeId,
      lines: [{ productId: chips.id, quantity: 3 }],
      paymentMethod: 'CASH',
    });
    const refused = await send('POST', `/api/cycle-counts/${sheet.id}/review`, staff.contributor, {
      accept: [1],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      details: { lineNo: 1, available: 2 },
    });
    expect(refused.json<{ message: string }>().message).toContain(`Line 1 (${chips.sku})`);
    expect(await quantityOf(t, chips.inventoryId)).toBe(2);
    const read = await send('GET', `/api/cycle-counts/${sheet.id}`, staff.reader);
    expect(read.json<TCycleCount>().lines[0]?.status).toBe('COUNTED');
  });
});

describe('recount', () => {
  it('sends a line back, keeps its earlier count when counted again, and completes only once settled', async () => {
    const shop = await drinksShop('Recount Row');
    const { chips } = shop.products;
    const sheet = await createSheet(staff.contributor, {
      locationId: shop.locationId,
      scope: { kind: 'CATEGORIES', categoryIds: [shop.snacks] },
    });
    const url = `/api/cycle-counts/${sheet.id}`;
    await send('POST', `${url}/counts`, staff.assistant, {
      lines: [{ productId: chips.id, countedQuantity: 7 }],
    });
    // Counted already: a second count waits for the review.
    expect(
      (await send('POST', `${url}/counts`, staff.assistant, { lines: [{ lineNo: 1, countedQuantity: 6 }] }))
        .statusCode,
    ).toBe(409);
    const sentBack = await send('POST', `${url}/review`, staff.contributor, { recount: [1] });
    expect(sentBack.json<TCycleCount>().lines[0]).toMatchObject({ status: 'RECOUNT', countedQuantity: 7 });
    expect(sentBack.json<TCycleCount>().totals.linesCounted).toBe(0);
    const blocked = await send('POST', `${url}/complete`, staff.contributor);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ details: { lineNos: [1] } });
    // A line in RECOUNT is not accepted before its new count.
    expect((await send('POST', `${url}/review`, staff.contributor, { accept: [1] })).statusCode).toBe(409);
    const recounted = await send('POST', `${url}/counts`, staff.assistant, {
      lines: [{ lineNo: 1, countedQuantity: 5 }],
    });
    // Recounting blind too: the earlier count is not hers to see.
    expect(recounted.json<TCycleCount>().lines[0]).not.toHaveProperty('previousCountedQuantity');
    expect((await send('GET', url, staff.contributor)).json<TCycleCount>().lines[0]).toMatchObject({
      status: 'COUNTED',
      countedQuantity: 5,
      previousCountedQuantity: 7,
      varianceUnits: 0,
    });
    await send('POST', `${url}/review`, staff.contributor, { accept: [1] });
    expect(await quantityOf(t, chips.inventoryId)).toBe(5);
    expect((await send('POST', `${url}/complete`, staff.contributor)).statusCode).toBe(200);
  });

  it('completes with uncounted lines left as they were, and cancels a sheet under way', async () => {
    const shop = await drinksShop('Partial Place');
    const sheet = await createSheet(owner.token, { locationId: shop.locationId, scope: { kind: 'ALL' } });
    expect(sheet.lineCount).toBe(3);
    const done = await send('POST', `/api/cycle-counts/${sheet.id}/complete`, owner.token);
    expect(done.json<TCycleCount>()).toMatchObject({ status: 'COMPLETED', linesCounted: 0 });
    expect(await quantityOf(t, shop.products.cola.inventoryId)).toBe(20);

    const second = await createSheet(owner.token, { locationId: shop.locationId, scope: { kind: 'ALL' } });
    const cancelled = await send('POST', `/api/cycle-counts/${second.id}/cancel`, staff.contributor);
    expect(cancelled.json<TCycleCount>().status).toBe('CANCELLED');
    expect(
      (
        await send('POST', `/api/cycle-counts/${second.id}/counts`, staff.assistant, {
          lines: [{ lineNo: 1, countedQuantity: 1 }],
        })
      ).statusCode,
    ).toBe(409);
    expect(await auditEvents(t, owner.businessId, 'CYCLE_COUNT_CANCELLATION')).toHaveLength(1);

    const page = await send(
      'GET',
      `/api/cycle-counts?locationId=${shop.locationId}&status=COUNTING`,
      staff.reader,
    );
    expect(page.json<TPage<TCycleCountSummary>>().totalElements).toBe(0);
    const all = await send('GET', `/api/cycle-counts?locationId=${shop.locationId}&size=1`, staff.assistant);
    expect(all.json<TPage<TCycleCountSummary>>()).toMatchObject({ totalElements: 2, totalPages: 2, size: 1 });
    expect(all.json<TPage<TCycleCountSummary>>().content[0]?.id).toBe(second.id);
  });
});

describe('the list', () => {
  it("sums each sheet's net variance over its counted and accepted lines, and leaves the units out for a blind counter", async () => {
    const shop = await drinksShop('List Lane');
    const { cola, water } = shop.products;
    const untouched = await createSheet(owner.token, { locationId: shop.locationId, scope: { kind: 'ALL' } });
    const sheet = await createSheet(staff.contributor, {
      locationId: shop.locationId,
      scope: { kind: 'CATEGORIES', categoryIds: [shop.drinks] },
    });
    const url = `/api/cycle-counts/${sheet.id}`;
    // 20 colas at 1.20 expected, 18 found: -2, -2.40. 10 waters at 0.50, 11 found: +1, +0.50.
    await send('POST', `${url}/counts`, staff.assistant, {
      lines: [
        { productId: cola.id, countedQuantity: 18 },
        { productId: water.id, countedQuantity: 11 },
      ],
    });
    const listed = async (token: string) => {
      const res = await send('GET', `/api/cycle-counts?locationId=${shop.locationId}`, token);
      expect(res.statusCode, res.body).toBe(200);
      const content = res.json<TPage<TCycleCountSummary>>().content;
      return (id: string) => content.find((summary) => summary.id === id);
    };
    expect((await listed(staff.contributor))(sheet.id)).toMatchObject({
      linesCounted: 2,
      varianceUnits: -1,
      varianceValueNet: '-1.90',
    });

    // A line sent back waits for its new count: it leaves the sums, as it leaves the totals.
    const waterLine = sheet.lines.find((line) => line.productId === water.id)?.lineNo;
    await send('POST', `${url}/review`, staff.contributor, { recount: [waterLine] });
    const read = (await send('GET', url, staff.contributor)).json<TCycleCount>();
    const byId = await listed(staff.contributor);
    expect(byId(sheet.id)).toMatchObject({ linesCounted: 1, varianceUnits: -2, varianceValueNet: '-2.40' });
    expect(byId(sheet.id)?.varianceUnits).toBe(read.totals.varianceUnits);
    expect(byId(sheet.id)?.varianceValueNet).toBe(read.totals.varianceValueNet);
    expect(read).toMatchObject({ varianceUnits: -2, varianceValueNet: '-2.40' });
    // Nothing counted: nothing off.
    expect(byId(untouched.id)).toMatchObject({ linesCounted: 0, varianceUnits: 0, varianceValueNet: '0.00' });

    // The store assistant counts blind and sees no costs: neither sum, in the list or the sheet.
    const blind = (await listed(staff.assistant))(sheet.id);
    expect(blind).toMatchObject({ id: sheet.id, linesCounted: 1 });
    expect(blind).not.toHaveProperty('varianceUnits');
    expect(blind).not.toHaveProperty('varianceValueNet');
    const blindSheet = (await send('GET', url, staff.assistant)).json<TCycleCount>();
    expect(blindSheet).not.toHaveProperty('varianceUnits');
    expect(blindSheet).not.toHaveProperty('varianceValueNet');
    expect(blindSheet.totals).toEqual({ lines: 2, linesCounted: 1 });
    // An inventory reader reads the sums (she reviews nothing, but counts nothing either).
    expect((await listed(staff.reader))(sheet.id)).toMatchObject({ varianceUnits: -2 });
  });
});

describe('ABC classes', () => {
  it('classes active items by the last 90 days of sales value at the location, in the business time zone', async () => {
    const shop = await saleSetUp(
      t,
      owner.businessId,
      {
        p1: { price: '10.00', stock: 100 },
        p2: { price: '35.00', stock: 100 },
        p3: { price: '9.00', stock: 100 },
        p4: { price: '4.00', stock: 100 },
        p5: { price: '2.00', stock: 100 },
        p6: { price: '1.00', stock: 100 },
        p7: { price: '1.00', stock: 100 },
      },
      'Abc Avenue',
    );
    const { p1, p2, p3, p4, p5, p6, p7 } = shop.products;
    // 500 + 350 + 90 + 40 sold today through the till.
    await recordSale(t, owner.token, {
      storeId: shop.storeId,
      lines: [
        { productId: p1.id, quantity: 50 },
        { productId: p2.id, quantity: 10 },
        { productId: p3.id, quantity: 10 },
        { productId: p4.id, quantity: 10 },
      ],
      paymentMethod: 'CARD',
    });
    // Older days straight into the day rollup (the till takes sales 31 days back at most): p5's
    // 20.00 on the window's first day, p6's 1000.00 the day before it, outside.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
    const dayBefore = (days: number) => {
      const [y = 0, m = 1, d = 1] = today.split('-').map(Number);
      return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
    };
    for (const [product, day, total] of [
      [p5, dayBefore(89), '20.00'],
      [p6, dayBefore(90), '1000.00'],
    ] as const)
      await t.sql(
        `insert into sales_daily_products (business_id, store_id, day, product_id, sku, product_name, quantity, total)
         values ($1, $2, $3, $4, $5, $6, 1, $7)`,
        [owner.businessId, shop.storeId, day, product.id, product.sku, product.name, total],
      );
    // Another store's sales of the same SKU do not count here.
    const elsewhere = await saleSetUp(
      t,
      owner.businessId,
      { p1: { price: '100.00', stock: 100 } },
      'Elsewhere',
    );
    await recordSale(t, owner.token, {
      storeId: elsewhere.storeId,
      lines: [{ productId: elsewhere.products.p1.id, quantity: 90 }],
      paymentMethod: 'CASH',
    });
    // A retired item has no class.
    await t.sql('update inventory_items set active = false where id = $1', [p7.inventoryId]);

    const res = await send(
      'GET',
      `/api/cycle-counts/abc-classes/location/${shop.locationId}`,
      staff.assistant,
    );
    expect(res.statusCode, res.body).toBe(200);
    const classes = res.json<TAbcClasses>();
    expect(classes).toMatchObject({
      locationId: shop.locationId,
      fromDay: dayBefore(89),
      toDay: today,
      totalValue: '1000.00',
    });
    expect(classes.items.map((item) => [item.productId, item.salesValue, item.abcClass])).toEqual([
      [p1.id, '500.00', 'A'],
      [p2.id, '350.00', 'A'],
      [p3.id, '90.00', 'B'],
      [p4.id, '40.00', 'B'],
      [p5.id, '20.00', 'C'],
      [p6.id, '0.00', 'C'],
    ]);

    const classA = await createSheet(staff.contributor, {
      locationId: shop.locationId,
      scope: { kind: 'ABC', abcClass: 'A' },
    });
    expect(classA.lines.map((line) => line.productId).sort()).toEqual([p1.id, p2.id].sort());
    const classC = await createSheet(staff.contributor, {
      locationId: shop.locationId,
      scope: { kind: 'ABC', abcClass: 'C' },
    });
    expect(classC.lines.map((line) => line.productId).sort()).toEqual([p5.id, p6.id].sort());
  });
});

describe('roles', () => {
  it('lets readers read, assistants count, contributors start and review, and refuses the rest', async () => {
    const shop = await drinksShop('Roles Lane');
    const body = { locationId: shop.locationId, scope: { kind: 'ALL' } };
    for (const token of [staff.reader, staff.assistant, staff.productAdmin])
      expect((await send('POST', '/api/cycle-counts', token, body)).statusCode).toBe(403);
    const sheet = await createSheet(staff.contributor, body);
    const url = `/api/cycle-counts/${sheet.id}`;
    expect((await send('GET', url, staff.productAdmin)).statusCode).toBe(403);
    expect((await send('GET', url, staff.reader)).statusCode).toBe(200);
    expect(
      (await send('POST', `${url}/counts`, staff.reader, { lines: [{ lineNo: 1, countedQuantity: 1 }] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `${url}/counts`, staff.assistant, { lines: [{ lineNo: 1, countedQuantity: 1 }] }))
        .statusCode,
    ).toBe(200);
    expect((await send('POST', `${url}/review`, staff.assistant, { accept: [1] })).statusCode).toBe(403);
    expect((await send('POST', `${url}/complete`, staff.assistant)).statusCode).toBe(403);
    expect((await send('POST', `${url}/cancel`, staff.reader)).statusCode).toBe(403);
    expect(
      (await send('GET', `/api/cycle-counts/abc-classes/location/${shop.locationId}`, staff.productAdmin))
        .statusCode,
    ).toBe(403);
    expect((await send('POST', `${url}/review`, staff.contributor, { recount: [1] })).statusCode).toBe(200);
    expect((await send('POST', `${url}/cancel`, staff.contributor)).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('answers 400 on the field for malformed sheets, counts and reviews', async () => {
    const shop = await drinksShop('Bad Input Blvd');
    const sheet = await createSheet(owner.token, { locationId: shop.locationId, scope: { kind: 'ALL' } });
    const url = `/api/cycle-counts/${sheet.id}`;
    const bad: Array<[string, unknown]> = [
      ['/api/cycle-counts', { locationId: shop.locationId, scope: { kind: 'SOME' } }],
      ['/api/cycle-counts', { locationId: shop.locationId, scope: { kind: 'CATEGORIES', categoryIds: [] } }],
      ['/api/cycle-counts', { locationId: shop.locationId, scope: { kind: 'ABC', abcClass: 'D' } }],
      ['/api/cycle-counts', { locationId: 'not-an-id', scope: { kind: 'ALL' } }],
      [
        '/api/cycle-counts',
        {
          locationId: shop.locationId,
          scope: { kind: 'PRODUCTS', productIds: [shop.products.cola.id, shop.products.cola.id] },
        },
      ],
      [`${url}/counts`, { lines: [] }],
      [`${url}/counts`, { lines: [{ lineNo: 1, countedQuantity: -1 }] }],
      [`${url}/counts`, { lines: [{ lineNo: 1, countedQuantity: 1.5 }] }],
      [`${url}/counts`, { lines: [{ lineNo: 1, productId: shop.products.cola.id, countedQuantity: 1 }] }],
      [`${url}/counts`, { lines: [{ countedQuantity: 1 }] }],
      [`${url}/review`, {}],
      [`${url}/review`, { accept: [1], recount: [1] }],
      [`${url}/review`, { accept: [1, 1] }],
    ];
    for (const [path, payload] of bad) {
      const res = await send('POST', path, owner.token, payload);
      expect(res.statusCode, `${path} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await send('GET', '/api/cycle-counts?status=OPEN', owner.token)).statusCode).toBe(400);
  });

  it('answers 422 when nothing is in scope, naming the scope', async () => {
    const shop = await drinksShop('Empty Scope St');
    const empty = await insertCategory(t, owner.businessId, shop.locationId, 'Nothing here');
    const res = await send('POST', '/api/cycle-counts', owner.token, {
      locationId: shop.locationId,
      scope: { kind: 'CATEGORIES', categoryIds: [empty] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'UNPROCESSABLE', details: { field: 'scope' } });
    // A product placed here without a stock record is not counted either.
    const bare = await insertProductAt(t, owner.businessId, shop.locationId);
    const none = await send('POST', '/api/cycle-counts', owner.token, {
      locationId: shop.locationId,
      scope: { kind: 'PRODUCTS', productIds: [bare.id] },
    });
    expect(none.statusCode).toBe(422);
    const { rows } = await t.sql('select count(*)::int as n from cycle_counts where location_id = $1', [
      shop.locationId,
    ]);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('refuses a sheet of more than 5,000 lines', async () => {
    const shop = await saleSetUp(t, owner.businessId, {}, 'Big Barn');
    await t.sql(
      `insert into products (business_id, id, location_id, sku, name, price, list_position)
       select $1, gen_random_uuid(), $2, 'BIG-' || n, 'Big ' || n, 1, n from generate_series(1, 5001) n`,
      [owner.businessId, shop.locationId],
    );
    // Items at 0 (the column's default), so no ledger row is due. Fresh statistics first: the
    // foreign-key checks of the insert would be planned for the small table the earlier tests
    // left (a scan of all products per item) and take seconds.
    await t.sql('analyze products');
    await t.sql(
      `insert into inventory_items (business_id, id, location_id, product_id, list_position)
       select $1, gen_random_uuid(), $2, id, list_position from products where location_id = $2`,
      [owner.businessId, shop.locationId],
    );
    await t.sql('update locations set product_position_seq = 5001 where id = $1', [shop.locationId]);
    await t.sql(
      `insert into inventory_positions (business_id, location_id, last_position) values ($1, $2, 5001)`,
      [owner.businessId, shop.locationId],
    );
    const res = await send('POST', '/api/cycle-counts', owner.token, {
      locationId: shop.locationId,
      scope: { kind: 'ALL' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ details: { max: 5000 } });
    // One fewer is a sheet: counted and accepted whole, in one call each.
    await t.sql(`update inventory_items set active = false where location_id = $1 and list_position = 1`, [
      shop.locationId,
    ]);
    const sheet = await createSheet(owner.token, { locationId: shop.locationId, scope: { kind: 'ALL' } });
    expect(sheet.lineCount).toBe(5000);
    const counted = await send('POST', `/api/cycle-counts/${sheet.id}/counts`, owner.token, {
      lines: sheet.lines.map((line) => ({ lineNo: line.lineNo, countedQuantity: line.lineNo % 2 })),
    });
    expect(counted.json<TCycleCount>().totals).toMatchObject({ linesCounted: 5000, varianceUnits: 2500 });
    // A review accepts at most 500 lines (their items stay locked until it commits).
    const tooMany = await send('POST', `/api/cycle-counts/${sheet.id}/review`, owner.token, {
      accept: sheet.lines.slice(0, 501).map((line) => line.lineNo),
    });
    expect(tooMany.statusCode).toBe(400);
    await t.sql('analyze inventory_items');
    const reviewed = await send('POST', `/api/cycle-counts/${sheet.id}/review`, owner.token, {
      accept: sheet.lines.slice(0, 500).map((line) => line.lineNo),
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const { rows } = await t.sql(
      `select sum(i.quantity)::int as units from inventory_items i
       join cycle_count_lines c on c.inventory_id = i.id where c.count_id = $1 and c.line_no <= 500`,
      [sheet.id],
    );
    expect(rows[0]).toEqual({ units: 250 });
  });
});

describe('another business', () => {
  it("answers 404 for another business's sheets, locations and categories", async () => {
    const shop = await drinksShop('Private Parade');
    const sheet = await createSheet(owner.token, { locationId: shop.locationId, scope: { kind: 'ALL' } });
    const url = `/api/cycle-counts/${sheet.id}`;
    expect((await send('GET', url, other.token)).statusCode).toBe(404);
    expect(
      (await send('POST', `${url}/counts`, other.token, { lines: [{ lineNo: 1, countedQuantity: 0 }] }))
        .statusCode,
    ).toBe(404);
    expect((await send('POST', `${url}/review`, other.token, { recount: [1] })).statusCode).toBe(404);
    expect((await send('POST', `${url}/complete`, other.token)).statusCode).toBe(404);
    expect((await send('POST', `${url}/cancel`, other.token)).statusCode).toBe(404);
    expect(
      (
        await send('POST', '/api/cycle-counts', other.token, {
          locationId: shop.locationId,
          scope: { kind: 'ALL' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await send('GET', `/api/cycle-counts/abc-classes/location/${shop.locationId}`, other.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await send('GET', `/api/cycle-counts?locationId=${shop.locationId}`, other.token)).statusCode,
    ).toBe(404);
    const list = await send('GET', '/api/cycle-counts', other.token);
    expect(list.json<TPage<TCycleCountSummary>>().totalElements).toBe(0);
    // Their own location with our category: 404 naming it.
    const theirs = await saleSetUp(t, other.businessId, { tea: { price: '1.00', stock: 1 } }, 'Theirs');
    await insertInventoryItem(
      t,
      other.businessId,
      (await insertProductAt(t, other.businessId, theirs.locationId)).id,
      theirs.locationId,
      1,
    );
    const crossed = await send('POST', '/api/cycle-counts', other.token, {
      locationId: theirs.locationId,
      scope: { kind: 'CATEGORIES', categoryIds: [shop.drinks] },
    });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toMatchObject({ details: { field: 'scope.categoryIds', index: 0 } });
    expect((await send('GET', url, owner.token)).json<TCycleCount>().status).toBe('COUNTING');
  });
});
