import {
  ROLES,
  SALE_BACKDATE_DAYS,
  STAFF_ROLES,
  isPermitted,
  type Permission,
  type Role,
  type TSale,
  type TPage,
  type TSaleSummary,
} from '@app/contracts';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../test/factories/accounts.js';
import { insertStore, setPlan } from '../../../test/factories/catalogue.js';
import { expectLedgerBalanced, insertProductAt } from '../../../test/factories/inventory.js';
import { expectRollupsBalanced, recordSale, saleSetUp } from '../../../test/factories/sales.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** UTC+14 all year: for most of the day its date is not UTC's, so `day` proves the zone is used. */
const TIME_ZONE = 'Pacific/Kiritimati';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
/** One signed-in member of staff per role (the owner's token for the owner). */
const tokenOf = {} as Record<Role, string>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Corner Shop');
  other = await ownerWithBusiness(t, 'Other Shop');
  await setPlan(t, owner.businessId, 'SUPREME');
  await t.sql('update businesses set time_zone = $2 where id = $1', [owner.businessId, TIME_ZONE]);
  tokenOf.ROLE_BUSINESS_OWNER = owner.token;
  for (const role of STAFF_ROLES) tokenOf[role] = (await staffMember(t, owner.token, [role])).token;
});
afterEach(async () => {
  await expectRollupsBalanced(t);
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

async function stockOf(inventoryId: string): Promise<number> {
  const { rows } = await t.sql('select quantity from inventory_items where id = $1', [inventoryId]);
  return (rows[0] as { quantity: number }).quantity;
}

async function counts(): Promise<Record<string, number>> {
  const { rows } = await t.sql(`select
    (select count(*) from sales)::int as sales, (select count(*) from sale_lines)::int as lines,
    (select count(*) from sales_daily_products)::int as product_rollups,
    (select count(*) from sales_daily_stores)::int as store_rollups,
    (select count(*) from stock_ledger)::int as ledger`);
  return rows[0] as Record<string, number>;
}

function dayIn(timeZone: string, instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

async function setDiscount(productId: string, percentage: string, from: Date, to: Date): Promise<void> {
  await t.sql(
    `update products set discount_percentage = $2, discount_valid_from = $3, discount_valid_to = $4 where id = $1`,
    [productId, percentage, from, to],
  );
}

describe('recordSale', () => {
  it('prices each line with the discount valid at soldAt, takes the stock and answers what a GET answers', async () => {
    const world = await saleSetUp(t, owner.businessId, {
      tea: { price: '4.00', stock: 10 },
      bread: { price: '2.50', stock: 5 },
      milk: { price: '1.20', stock: 8, barcode: '4006381333931' },
    });
    const { tea, bread, milk } = world.products;
    const now = Date.now();
    await setDiscount(tea.id, '15', new Date(now - HOUR), new Date(now + HOUR));
    await setDiscount(bread.id, '50', new Date(now - 3 * DAY), new Date(now - 2 * DAY));

    const sale = await recordSale(t, owner.token, {
      storeId: world.storeId,
      lines: [
        { productId: tea.id, quantity: 3 },
        { sku: bread.sku.toLowerCase(), quantity: 2 },
        { barcode: '4006381333931', quantity: 1 },
      ],
      paymentMethod: 'CARD',
      customerRef: ' LOYAL-42 ',
    });

    expect(sale).toMatchObject({
      kind: 'SALE',
      refundOf: null,
      storeId: world.storeId,
      storeName: 'Main Street',
      locationId: world.locationId,
      paymentMethod: 'CARD',
      customerRef: 'LOYAL-42',
      subtotal: '18.20',
      discountTotal: '1.80',
      total: '16.40',
      unitsSold: 6,
      createdBy: owner.userId,
    });
    expect(sale.saleId).toBe(sale.id);
    expect(sale.lines).toEqual([
      {
        lineNo: 1,
        productId: tea.id,
        productName: 'Tea',
        sku: tea.sku,
        barcode: null,
        quantity: 3,
        unitPrice: '4.00',
        discount: '0.60',
        totalPrice: '10.20',
        refundedQuantity: 0,
        // No receipt gave Tea a cost and it has no cost price: unknown.
        unitCost: null,
        cost: null,
        margin: null,
      },
      expect.objectContaining({ lineNo: 2, productId: bread.id, discount: '0.00', totalPrice: '5.00' }),
      expect.objectContaining({
        lineNo: 3,
        productId: milk.id,
        barcode: '4006381333931',
        totalPrice: '1.20',
      }),
    ]);
    expect([
      await stockOf(tea.inventoryId),
      await stockOf(bread.inventoryId),
      await stockOf(milk.inventoryId),
    ]).toEqual([7, 3, 7]);
    const { rows: ledger } = await t.sql(
      `select product_id, delta, reason, reference, user_id from stock_ledger where reference = $1 order by delta`,
      [sale.id],
    );
    expect(ledger).toEqual([
      { product_id: tea.id, delta: -3, reason: 'SALE', reference: sale.id, user_id: owner.userId },
      { product_id: bread.id, delta: -2, reason: 'SALE', reference: sale.id, user_id: owner.userId },
      { product_id: milk.id, delta: -1, reason: 'SALE', reference: sale.id, user_id: owner.userId },
    ]);
    const { rows } = await t.sql('select day::text as day from sales where id = $1', [sale.id]);
    expect(rows[0]).toEqual({ day: dayIn(TIME_ZONE, new Date(sale.soldAt)) });

    for (const url of [
      `/api/sales/${sale.id}`,
      `/api/sales/${sale.id}/store/${world.storeId}`,
      `/api/sales-analytics/${sale.id}/store/${world.storeId}`,
    ]) {
      const read = await send('GET', url, owner.token);
      expect(read.statusCode, url).toBe(200);
      expect(read.json(), url).toEqual(sale);
    }
  });

  it('applies the discount valid at a backdated soldAt, on that day of the business; its refund counts today', async () => {
    const world = await saleSetUp(t, owner.businessId, { jam: { price: '5.00', stock: 4 } });
    const soldAt = new Date(Date.now() - 2.5 * DAY);
    await setDiscount(
      world.products.jam.id,
      '20',
      new Date(soldAt.getTime() - HOUR),
      new Date(Date.now() - DAY),
    );
    const sale = await recordSale(t, owner.token, {
      storeId: world.storeId,
      lines: [{ productId: world.products.jam.id, quantity: 2 }],
      paymentMethod: 'CASH',
      soldAt: soldAt.toISOString(),
    });
    expect(sale).toMatchObject({
      soldAt: soldAt.toISOString(),
      subtotal: '10.00',
      discountTotal: '2.00',
      total: '8.00',
    });
    const refund = await send('POST', `/api/sales/${sale.id}/refund`, owner.token, {
      lines: [{ lineNo: 1, quantity: 1 }],
    });
    expect(refund.json()).toMatchObject({ kind: 'REFUND', total: '-4.00' });
    const { rows } = await t.sql(
      'select day::text as day, transactions, units, total from sales_daily_stores where store_id = $1 order by day',
      [world.storeId],
    );
    expect(rows).toEqual([
      { day: dayIn(TIME_ZONE, soldAt), transactions: 1, units: 2, total: '8.00' },
      { day: dayIn(TIME_ZONE, new Date()), transactions: 0, units: -1, total: '-4.00' },
    ]);
  });

  it('compares a SKU in any case, the exact spelling first; several other spellings are ambiguous (409)', async () => {
    const world = await saleSetUp(t, owner.businessId, { kiwi: { price: '0.80', stock: 9 } });
    const lower = await insertProductAt(t, owner.businessId, world.locationId, {
      sku: 'kw-1',
      name: 'Kiwi (lower)',
    });
    const upper = await insertProductAt(t, owner.businessId, world.locationId, {
      sku: 'KW-1',
      name: 'Kiwi (upper)',
    });
    const sell = (sku: string) =>
      send('POST', '/api/sales', owner.token, {
        storeId: world.storeId,
        lines: [{ sku, quantity: 1 }],
        paymentMethod: 'CASH',
      });
    // The exact spelling names its product; neither has stock, so the refusal names which one.
    expect((await sell('KW-1')).json().details).toMatchObject({ index: 0, productId: upper.id });
    expect((await sell('kw-1')).json().details).toMatchObject({ index: 0, productId: lower.id });
    const ambiguous = await sell('Kw-1');
    expect(ambiguous.statusCode).toBe(409);
    expect(ambiguous.json().message).toMatch(/^Line 1: SKU Kw-1 matches KW-1, kw-1 at Main Street/);
    const sale = await recordSale(t, owner.token, {
      storeId: world.storeId,
      lines: [{ sku: world.products.kiwi.sku.toLowerCase(), quantity: 1 }],
      paymentMethod: 'CASH',
    });
    expect(sale.lines[0]?.productId).toBe(world.products.kiwi.id);
  });

  it('answers a retry with the same Idempotency-Key as the first time and sells once; another body is 422', async () => {
    const world = await saleSetUp(t, owner.businessId, { soap: { price: '3.00', stock: 10 } });
    const body = {
      storeId: world.storeId,
      lines: [{ productId: world.products.soap.id, quantity: 2 }],
      paymentMethod: 'CASH',
    };
    const key = { 'idempotency-key': `sale-${world.storeId}` };
    const first = await send('POST', '/api/sales', owner.token, body, key);
    const again = await send('POST', '/api/sales', owner.token, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(world.products.soap.inventoryId)).toBe(8);
    const { rows } = await t.sql('select count(*)::int as n from sales where store_id = $1', [world.storeId]);
    expect(rows[0]).toEqual({ n: 1 });

    const changed = await send('POST', '/api/sales', owner.token, { ...body, paymentMethod: 'CARD' }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().code).toBe('UNPROCESSABLE');
    expect(await stockOf(world.products.soap.inventoryId)).toBe(8);
  });

  it('sells all lines or none: a line short of stock is 409 naming it, and nothing is written', async () => {
    const world = await saleSetUp(t, owner.businessId, {
      rice: { price: '2.00', stock: 5 },
      oil: { price: '6.00', stock: 1 },
    });
    const { rice, oil } = world.products;
    const unstocked = await insertProductAt(t, owner.businessId, world.locationId, { name: 'Flour' });
    const before = await counts();
    const cases: Array<[unknown[], number, RegExp, number]> = [
      [
        [
          { productId: rice.id, quantity: 2 },
          { productId: oil.id, quantity: 3 },
        ],
        1,
        /^Line 2: only 1 of Oil/,
        1,
      ],
      // One product on two lines is checked against its whole quantity, named by its first line.
      [
        [
          { productId: rice.id, quantity: 4 },
          { sku: rice.sku, quantity: 2 },
        ],
        0,
        /^Line 1: only 5 of Rice .* takes 6/,
        5,
      ],
      // No stock record at the store at all: none in stock.
      [[{ productId: unstocked.id, quantity: 1 }], 0, /^Line 1: only 0 of Flour/, 0],
    ];
    for (const [lines, index, message, available] of cases) {
      const res = await send('POST', '/api/sales', owner.token, {
        storeId: world.storeId,
        lines,
        paymentMethod: 'CASH',
      });
      expect(res.statusCode, JSON.stringify(lines)).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', details: { index, available } });
      expect(res.json().message).toMatch(message);
    }
    expect(await counts()).toEqual(before);
    expect([await stockOf(rice.inventoryId), await stockOf(oil.inventoryId)]).toEqual([5, 1]);
  });

  it('refuses a product unknown at the store, discontinued, or of another location: 404 naming the line', async () => {
    const world = await saleSetUp(t, owner.businessId, {
      salt: { price: '1.00', stock: 5, barcode: '5901234123457' },
      pepper: { price: '2.00', stock: 5 },
    });
    await t.sql('update products set active = false where id = $1', [world.products.pepper.id]);
    const elsewhere = await saleSetUp(
      t,
      owner.businessId,
      { sugar: { price: '1.00', stock: 5 } },
      'Elsewhere',
    );
    const before = await counts();
    const good = { productId: world.products.salt.id, quantity: 1 };
    const cases: Array<[unknown, RegExp]> = [
      [{ sku: 'NO-SUCH-SKU', quantity: 1 }, /^Line 2: no SKU NO-SUCH-SKU at Main Street/],
      [{ barcode: '0000000000000', quantity: 1 }, /^Line 2: no barcode 0000000000000/],
      [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }, /^Line 2: no product/],
      [{ productId: elsewhere.products.sugar.id, quantity: 1 }, /^Line 2: no product/],
      [{ sku: elsewhere.products.sugar.sku, quantity: 1 }, /^Line 2: no SKU/],
      [{ productId: world.products.pepper.id, quantity: 1 }, /^Line 2: Pepper .* is discontinued/],
    ];
    for (const [line, message] of cases) {
      const res = await send('POST', '/api/sales', owner.token, {
        storeId: world.storeId,
        lines: [good, line],
        paymentMethod: 'CASH',
      });
      expect(res.statusCode, JSON.stringify(line)).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', details: { index: 1 } });
      expect(res.json().message).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a store that is unknown, inactive or of another business (404)', async () => {
    const world = await saleSetUp(t, owner.businessId, { cake: { price: '9.00', stock: 2 } });
    const closed = await insertStore(t, owner.businessId, { name: 'Closed' });
    await t.sql('update stores set active = false where id = $1', [closed.storeId]);
    const theirs = await saleSetUp(t, other.businessId, { cake: { price: '9.00', stock: 2 } });
    const lines = [{ productId: world.products.cake.id, quantity: 1 }];
    for (const storeId of ['00000000-0000-4000-8000-000000000000', closed.storeId, theirs.storeId]) {
      const res = await send('POST', '/api/sales', owner.token, { storeId, lines, paymentMethod: 'CASH' });
      expect(res.statusCode, storeId).toBe(404);
    }
    // Their store with their own product, by their id: still not found for this business.
    const res = await send('POST', '/api/sales', owner.token, {
      storeId: theirs.storeId,
      lines: [{ productId: theirs.products.cake.id, quantity: 1 }],
      paymentMethod: 'CASH',
    });
    expect(res.statusCode).toBe(404);
    expect(await stockOf(theirs.products.cake.inventoryId)).toBe(2);
  });

  it('refuses bad input with field errors (400)', async () => {
    const world = await saleSetUp(t, owner.businessId, { gum: { price: '0.50', stock: 5 } });
    const id = world.products.gum.id;
    const base = { storeId: world.storeId, lines: [{ productId: id, quantity: 1 }], paymentMethod: 'CASH' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, lines: [] }, 'lines'],
      [{ ...base, lines: [{ productId: id, quantity: 0 }] }, 'lines.0.quantity'],
      [{ ...base, lines: [{ productId: id, sku: 'GUM', quantity: 1 }] }, 'lines.0.productId'],
      [{ ...base, lines: [{ quantity: 1 }] }, 'lines.0.productId'],
      [{ ...base, paymentMethod: 'CHEQUE' }, 'paymentMethod'],
      [{ ...base, storeId: 'store-1' }, 'storeId'],
      [{ ...base, soldAt: new Date(Date.now() + HOUR).toISOString() }, 'soldAt'],
      [{ ...base, soldAt: new Date(Date.now() - (SALE_BACKDATE_DAYS + 1) * DAY).toISOString() }, 'soldAt'],
      [{ ...base, soldAt: '2026-01-01 10:00' }, 'soldAt'],
    ];
    for (const [body, field] of cases) {
      const res = await send('POST', '/api/sales', owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().details.fieldErrors), JSON.stringify(body)).toContain(field);
    }
    expect(await stockOf(world.products.gum.inventoryId)).toBe(5);
  });

  it('takes a unit price set by hand only from staff who may update products, and applies no discount to it', async () => {
    const world = await saleSetUp(t, owner.businessId, { wine: { price: '12.00', stock: 5 } });
    const now = Date.now();
    await setDiscount(world.products.wine.id, '10', new Date(now - HOUR), new Date(now + HOUR));
    const body = {
      storeId: world.storeId,
      lines: [
        { productId: world.products.wine.id, quantity: 1 },
        { productId: world.products.wine.id, quantity: 2, unitPrice: '9.5' },
      ],
      paymentMethod: 'CASH',
    };
    const refused = await send('POST', '/api/sales', tokenOf.ROLE_STORE_ASSISTANT, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', details: { index: 1 } });
    expect(refused.json().message).toMatch(/^Line 2: only staff who may edit products can set a unit price/);
    expect(await stockOf(world.products.wine.inventoryId)).toBe(5);

    const sale = await recordSale(t, tokenOf.ROLE_BUSINESS_ADMIN, body);
    expect(sale.lines.map((line) => [line.unitPrice, line.discount, line.totalPrice])).toEqual([
      ['12.00', '1.20', '10.80'],
      ['9.50', '0.00', '19.00'],
    ]);
    expect(sale.total).toBe('29.80');
  });
});

describe('refundSale', () => {
  it('refunds part, then the rest, then nothing more; stock and refunded quantities follow', async () => {
    const world = await saleSetUp(t, owner.businessId, {
      pens: { price: '2.00', stock: 10 },
      pads: { price: '5.00', stock: 10 },
    });
    const { pens, pads } = world.products;
    const now = Date.now();
    await setDiscount(pads.id, '10', new Date(now - HOUR), new Date(now + HOUR));
    const sale = await recordSale(t, owner.token, {
      storeId: world.storeId,
      lines: [
        { productId: pens.id, quantity: 4 },
        { productId: pads.id, quantity: 2 },
      ],
      paymentMethod: 'CARD',
    });
    const url = `/api/sales/${sale.id}/refund`;

    const partial = await send('POST', url, tokenOf.ROLE_INVENTORY_CONTRIBUTOR, {
      lines: [{ lineNo: 2, quantity: 1 }],
    });
    expect(partial.statusCode).toBe(201);
    const refund: TSale = partial.json();
    expect(refund).toMatchObject({
      kind: 'REFUND',
      refundOf: sale.id,
      storeId: world.storeId,
      paymentMethod: 'CARD',
      subtotal: '-5.00',
      discountTotal: '-0.50',
      total: '-4.50',
      unitsSold: -1,
    });
    expect(refund.lines).toEqual([
      expect.objectContaining({
        lineNo: 1,
        productId: pads.id,
        quantity: -1,
        unitPrice: '5.00',
        discount: '0.50',
        totalPrice: '-4.50',
      }),
    ]);
    expect((await send('GET', `/api/sales/${refund.id}`, owner.token)).json()).toEqual(refund);
    expect(await stockOf(pads.inventoryId)).toBe(9);
    const { rows: ledger } = await t.sql('select delta, reason from stock_ledger where reference = $1', [
      refund.id,
    ]);
    expect(ledger).toEqual([{ delta: 1, reason: 'SALE' }]);

    const over = await send('POST', url, owner.token, {
      lines: [
        { lineNo: 1, quantity: 1 },
        { lineNo: 2, quantity: 2 },
      ],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'CONFLICT', details: { index: 1, lineNo: 2, left: 1 } });
    expect(over.json().message).toMatch(/^Line 2: 1 of Pads is left to refund, not 2/);
    const unknown = await send('POST', url, owner.token, { lines: [{ lineNo: 3, quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fieldErrors).toHaveProperty(['lines.0.lineNo']);

    const rest = await send('POST', url, owner.token);
    expect(rest.statusCode).toBe(201);
    expect(
      rest.json().lines.map((line: { sku: string; quantity: number }) => [line.sku, line.quantity]),
    ).toEqual([
      [pens.sku, -4],
      [pads.sku, -1],
    ]);
    expect([await stockOf(pens.inventoryId), await stockOf(pads.inventoryId)]).toEqual([10, 10]);
    const read = (await send('GET', `/api/sales/${sale.id}`, owner.token)).json<TSale>();
    expect(read.lines.map((line) => line.refundedQuantity)).toEqual([4, 2]);
    // Sale and refunds on one day: the day nets to nothing but still counts one transaction.
    const { rows } = await t.sql(
      'select transactions, units, total from sales_daily_stores where store_id = $1',
      [world.storeId],
    );
    expect(rows).toEqual([{ transactions: 1, units: 0, total: '0.00' }]);

    const again = await send('POST', url, owner.token, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/refunded already/);
    const ofRefund = await send('POST', `/api/sales/${refund.id}/refund`, owner.token);
    expect(ofRefund.statusCode).toBe(409);
    expect(ofRefund.json().message).toMatch(/cannot be refunded/);
  });

  it("refuses a store assistant's refund and another business's sale, changing nothing", async () => {
    const world = await saleSetUp(t, owner.businessId, { cups: { price: '1.50', stock: 6 } });
    const sale = await recordSale(t, tokenOf.ROLE_STORE_ASSISTANT, {
      storeId: world.storeId,
      lines: [{ productId: world.products.cups.id, quantity: 2 }],
      paymentMethod: 'CASH',
    });
    const before = await counts();
    const assistant = await send('POST', `/api/sales/${sale.id}/refund`, tokenOf.ROLE_STORE_ASSISTANT);
    expect(assistant.statusCode).toBe(403);
    const stranger = await send('POST', `/api/sales/${sale.id}/refund`, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    expect(await stockOf(world.products.cups.inventoryId)).toBe(4);
  });

  it('answers a retried refund with the same Idempotency-Key once', async () => {
    const world = await saleSetUp(t, owner.businessId, { mugs: { price: '7.00', stock: 3 } });
    const sale = await recordSale(t, owner.token, {
      storeId: world.storeId,
      lines: [{ productId: world.products.mugs.id, quantity: 3 }],
      paymentMethod: 'CASH',
    });
    const key = { 'idempotency-key': `refund-${sale.id}` };
    const body = { lines: [{ lineNo: 1, quantity: 1 }] };
    const first = await send('POST', `/api/sales/${sale.id}/refund`, owner.token, body, key);
    const again = await send('POST', `/api/sales/${sale.id}/refund`, owner.token, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(world.products.mugs.inventoryId)).toBe(1);
  });
});

describe('reading sales', () => {
  it('lists sales newest first, paged in SQL, filtered by store, time and kind', async () => {
    const world = await saleSetUp(t, owner.businessId, { nuts: { price: '3.00', stock: 50 } }, 'List Store');
    const start = Date.now() - 10 * HOUR;
    const sales: TSale[] = [];
    for (let i = 0; i < 5; i++) {
      sales.push(
        await recordSale(t, owner.token, {
          storeId: world.storeId,
          lines: [{ productId: world.products.nuts.id, quantity: i + 1 }],
          paymentMethod: 'CASH',
          soldAt: new Date(start + i * HOUR).toISOString(),
        }),
      );
    }
    const refund = (await send('POST', `/api/sales/${sales[0]?.id}/refund`, owner.token)).json<TSale>();
    const list = async (query: string) => {
      const res = await send(
        'GET',
        `/api/sales?storeId=${world.storeId}&${query}`,
        tokenOf.ROLE_ANALYTICS_READER,
      );
      expect(res.statusCode, query).toBe(200);
      return res.json<TPage<TSaleSummary>>();
    };

    const first = await list('size=2');
    expect(first).toMatchObject({ page: 0, size: 2, totalElements: 6, totalPages: 3 });
    expect(first.content.map((row) => row.id)).toEqual([refund.id, sales[4]?.id]);
    expect(first.content[1]).toMatchObject({
      lineCount: 1,
      unitsSold: 5,
      total: '15.00',
      storeName: 'List Store',
    });
    expect(first.content[1]).not.toHaveProperty('lines');
    expect((await list('size=2&page=2')).content.map((row) => row.id)).toEqual([sales[1]?.id, sales[0]?.id]);
    expect(await list('size=2&page=3')).toMatchObject({ content: [], totalElements: 6 });

    const window = await list(
      `from=${encodeURIComponent(new Date(start + HOUR).toISOString())}&to=${encodeURIComponent(new Date(start + 3 * HOUR).toISOString())}`,
    );
    expect(window.content.map((row) => row.id)).toEqual([sales[2]?.id, sales[1]?.id]);
    expect((await list('kind=REFUND')).content.map((row) => row.id)).toEqual([refund.id]);
    expect((await list('kind=SALE')).totalElements).toBe(5);

    for (const query of ['size=0', 'size=101', 'page=-1', 'kind=VOID', 'from=yesterday', 'storeId=nope']) {
      const res = await send('GET', `/api/sales?${query}`, owner.token);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("answers 404 for another business's sale and for a sale read under another store", async () => {
    const mine = await saleSetUp(t, owner.businessId, { figs: { price: '4.00', stock: 5 } });
    const theirs = await saleSetUp(t, other.businessId, { figs: { price: '4.00', stock: 5 } });
    const sale = await recordSale(t, owner.token, {
      storeId: mine.storeId,
      lines: [{ productId: mine.products.figs.id, quantity: 1 }],
      paymentMethod: 'OTHER',
    });
    const theirSale = await recordSale(t, other.token, {
      storeId: theirs.storeId,
      lines: [{ productId: theirs.products.figs.id, quantity: 1 }],
      paymentMethod: 'OTHER',
    });
    for (const url of [
      `/api/sales/${theirSale.id}`,
      `/api/sales/${theirSale.id}/store/${theirs.storeId}`,
      `/api/sales-analytics/${theirSale.id}/store/${theirs.storeId}`,
      `/api/sales/${sale.id}/store/${theirs.storeId}`,
      `/api/sales-analytics/${sale.id}/store/${theirs.storeId}`,
    ]) {
      expect((await send('GET', url, owner.token)).statusCode, url).toBe(404);
    }
    const listed = (await send('GET', `/api/sales?storeId=${theirs.storeId}`, owner.token)).json();
    expect(listed).toMatchObject({ content: [], totalElements: 0 });
    const all = (await send('GET', '/api/sales?size=100', other.token)).json<TPage<TSaleSummary>>();
    expect(all.content.map((row) => row.id)).toEqual([theirSale.id]);
  });
});

describe('who may record, refund and read sales', () => {
  const rules: Array<[Permission, string]> = [
    ['sales:record', 'record'],
    ['sales:refund', 'refund'],
    ['sales:read', 'read'],
  ];

  it('follows the permission matrix for every role', async () => {
    const world = await saleSetUp(t, owner.businessId, { pins: { price: '0.10', stock: 1000 } });
    const line = { productId: world.products.pins.id, quantity: 1 };
    const outcome: Record<string, Record<string, number>> = {};
    const expected: Record<string, Record<string, number>> = {};
    for (const role of ROLES) {
      const token = tokenOf[role];
      const sale = await recordSale(t, owner.token, {
        storeId: world.storeId,
        lines: [line],
        paymentMethod: 'CASH',
      });
      const record = await send('POST', '/api/sales', token, {
        storeId: world.storeId,
        lines: [line],
        paymentMethod: 'CASH',
      });
      const refund = await send('POST', `/api/sales/${sale.id}/refund`, token);
      const read = await send('GET', `/api/sales/${sale.id}`, token);
      outcome[role] = { record: record.statusCode, refund: refund.statusCode, read: read.statusCode };
      expected[role] = Object.fromEntries(
        rules.map(([permission, name]) => [
          name,
          isPermitted([role], permission) ? (name === 'read' ? 200 : 201) : 403,
        ]),
      );
    }
    expect(outcome).toEqual(expected);
    // The matrix itself, as the issue puts it: business and inventory roles record, analytics roles read.
    expect(isPermitted(['ROLE_STORE_ASSISTANT'], 'sales:record')).toBe(true);
    expect(isPermitted(['ROLE_STORE_ASSISTANT'], 'sales:refund')).toBe(false);
    expect(isPermitted(['ROLE_ANALYTICS_READER'], 'sales:read')).toBe(true);
    expect(isPermitted(['ROLE_ANALYTICS_READER'], 'sales:record')).toBe(false);
    expect(isPermitted(['ROLE_INVENTORY_READER'], 'sales:record')).toBe(false);
  });
});

describe('the request role', () => {
  it('may not change a sale, nor any column of a line but refunded_quantity', async () => {
    const client = new pg.Client({ connectionString: t.requestUrl });
    await client.connect();
    try {
      await client.query(
        `begin; select set_config('role', 'app_tenant', true), set_config('app.business_id', '${owner.businessId}', true)`,
      );
      const attempt = async (sql: string) => {
        await client.query('savepoint attempt');
        try {
          await client.query(sql);
          await client.query('release savepoint attempt');
          return 'allowed';
        } catch (error) {
          await client.query('rollback to savepoint attempt');
          return (error as Error).message;
        }
      };
      expect(await attempt(`update sales set total = 0`)).toMatch(/permission denied/);
      expect(await attempt(`delete from sales`)).toMatch(/permission denied/);
      for (const column of ['quantity', 'unit_price', 'line_total', 'product_id', 'sold_at']) {
        expect(await attempt(`update sale_lines set ${column} = ${column}`), column).toMatch(
          /permission denied/,
        );
      }
      expect(await attempt(`delete from sale_lines`)).toMatch(/permission denied/);
      expect(await attempt(`update sale_lines set refunded_quantity = refunded_quantity`)).toBe('allowed');
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });
});

describe('two checkouts of the last unit at once', () => {
  it('sells it once: one 201, one 409, and the rollups balance', async () => {
    const world = await saleSetUp(t, owner.businessId, { lamp: { price: '30.00', stock: 1 } });
    const body = {
      storeId: world.storeId,
      lines: [{ productId: world.products.lamp.id, quantity: 1 }],
      paymentMethod: 'CARD',
    };
    const answers = await Promise.all([
      send('POST', '/api/sales', owner.token, body),
      send('POST', '/api/sales', tokenOf.ROLE_STORE_ASSISTANT, body),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      details: { index: 0, available: 0 },
    });
    expect(await stockOf(world.products.lamp.inventoryId)).toBe(0);
    const { rows } = await t.sql(
      `select (select count(*) from sales where store_id = $1)::int as sales, transactions, units
       from sales_daily_stores where store_id = $1`,
      [world.storeId],
    );
    expect(rows).toEqual([{ sales: 1, transactions: 1, units: 1 }]);
  });
});
