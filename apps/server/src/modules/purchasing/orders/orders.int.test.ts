import type { TPurchaseOrder, TPurchaseOrderPage, TSentPurchaseOrder } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inJobTenant } from '../../../platform/db/tenancy.js';
import { openOrderQuantities } from '../purchasing.service.js';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { apiCaller, ownerWithBusiness } from '../../../../test/factories/accounts.js';
import { insertLocation } from '../../../../test/factories/catalogue.js';
import { plainText } from '../../../../test/factories/mail.js';
import { expectLedgerBalanced, insertProductAt } from '../../../../test/factories/inventory.js';
import { auditEvents, insertInventoryItem, insertSupplier } from '../../../../test/factories/products.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
const call = apiCaller(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Corner Shop');
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t.close();
});

/** A shop with two products (one stocked at 10, cost price 2.00; one with no item) and a supplier. */
async function setUp(supplierEmail: string | null = 'orders@acme.test') {
  const shopId = await insertLocation(t, owner.businessId, { name: 'High Street' });
  const tea = await insertProductAt(t, owner.businessId, shopId, { name: 'Green tea' });
  const mugs = await insertProductAt(t, owner.businessId, shopId, { name: 'Mug' });
  await t.sql('update products set cost_price = 2.00 where id = $1', [tea.id]);
  const teaItem = await insertInventoryItem(t, owner.businessId, tea.id, shopId, 10);
  const supplierId = await insertSupplier(t, owner.businessId, `Acme ${shopId.slice(0, 6)}`);
  await t.sql('update suppliers set email = $2, contact_name = $3 where id = $1', [
    supplierId,
    supplierEmail,
    'Ann Acme',
  ]);
  return { shopId, tea, mugs, teaItem, supplierId };
}

type SetUp = Awaited<ReturnType<typeof setUp>>;

function body(s: SetUp, lines: Array<[string, number, string]>, extra: Record<string, unknown> = {}) {
  return {
    supplierId: s.supplierId,
    locationId: s.shopId,
    lines: lines.map(([productId, quantity, unitCost]) => ({ productId, quantity, unitCost })),
    ...extra,
  };
}

async function created(s: SetUp, lines: Array<[string, number, string]>): Promise<TPurchaseOrder> {
  const res = await call('POST', '/api/purchase-orders', owner.token, body(s, lines));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function sent(s: SetUp, lines: Array<[string, number, string]>): Promise<TPurchaseOrder> {
  const order = await created(s, lines);
  const res = await call('POST', `/api/purchase-orders/${order.id}/send`, owner.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function receive(orderId: string, lines: Array<{ lineId: string; quantity: number; damaged?: number }>) {
  return call('POST', `/api/purchase-orders/${orderId}/receive`, owner.token, { lines });
}

async function itemOf(locationId: string, productId: string) {
  const { rows } = await t.sql(
    `select id, quantity, average_unit_cost::text as cost from inventory_items
     where location_id = $1 and product_id = $2`,
    [locationId, productId],
  );
  return rows[0] as { id: string; quantity: number; cost: string | null } | undefined;
}

describe('purchase orders', () => {
  it('walks an order from draft to received: mail with the PDF, damaged units kept out, costs averaged', async () => {
    const s = await setUp();
    const draft = await created(s, [[s.tea.id, 8, '2.80']]);
    expect(draft).toMatchObject({
      status: 'DRAFT',
      number: expect.any(Number),
      supplierName: expect.stringContaining('Acme'),
      locationName: 'High Street',
      totalCost: '22.40',
      lineCount: 1,
    });
    expect(draft.orderNumber).toBe(`PO-${String(draft.number).padStart(6, '0')}`);
    expect(draft.purchaseOrderId).toBe(draft.id);

    // A draft is replaced whole: fields and lines.
    const put = await call(
      'PUT',
      `/api/purchase-orders/${draft.id}`,
      owner.token,
      body(
        s,
        [
          [s.tea.id, 10, '3.00'],
          [s.mugs.id, 4, '1.25'],
        ],
        { expectedAt: '2030-05-01', note: 'Side door' },
      ),
    );
    expect(put.statusCode, put.body).toBe(200);
    const updated: TPurchaseOrder = put.json();
    expect(
      updated.lines.map((line) => [line.lineNo, line.sku, line.quantity, line.unitCost, line.lineCost]),
    ).toEqual([
      [1, s.tea.sku, 10, '3.00', '30.00'],
      [2, s.mugs.sku, 4, '1.25', '5.00'],
    ]);
    expect(updated).toMatchObject({ expectedAt: '2030-05-01', note: 'Side door', totalCost: '35.00' });

    const sendRes = await call('POST', `/api/purchase-orders/${draft.id}/send`, owner.token);
    expect(sendRes.statusCode, sendRes.body).toBe(200);
    const sentOrder: TSentPurchaseOrder = sendRes.json();
    expect(sentOrder).toMatchObject({ status: 'SENT', mailedTo: 'orders@acme.test' });
    expect(sentOrder.sentAt).not.toBeNull();
    const mails = (await t.mails()).filter((mail) => /^To: orders@acme\.test/im.test(mail));
    expect(mails).toHaveLength(1);
    const [mail = ''] = mails;
    expect(mail).toMatch(new RegExp(`^Subject: Purchase order ${draft.orderNumber} from Corner Shop`, 'im'));
    expect(mail).toContain(`filename=purchase-order-${draft.orderNumber}.pdf`);
    expect(mail).toMatch(/Content-Type: application\/pdf/i);
    expect(plainText(mail)).toContain('Deliver to: High Street.');
    expect(plainText(mail)).not.toContain('<p>');

    const [teaLine, mugLine] = sentOrder.lines;
    if (!teaLine || !mugLine) throw new Error('two lines');
    // Half of the tea, two of it damaged: 3 units into stock at 3.00.
    const first = await receive(draft.id, [{ lineId: teaLine.id, quantity: 5, damaged: 2 }]);
    expect(first.statusCode, first.body).toBe(200);
    const partly: TPurchaseOrder = first.json();
    expect(partly.status).toBe('PARTIALLY_RECEIVED');
    expect(partly.lines[0]).toMatchObject({
      receivedQuantity: 5,
      damagedQuantity: 2,
      outstandingQuantity: 5,
    });
    // (10 x 2.00 cost price + 3 x 3.00) / 13 = 29 / 13 = 2.2308 (rounded to 4 places)
    expect(await itemOf(s.shopId, s.tea.id)).toMatchObject({ quantity: 13, cost: '2.2308' });

    // The mugs had no stock record: the receipt creates it.
    expect(await itemOf(s.shopId, s.mugs.id)).toBeUndefined();
    const second = await receive(draft.id, [
      { lineId: mugLine.id, quantity: 4 },
      { lineId: teaLine.id, quantity: 5 },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const done: TPurchaseOrder = second.json();
    expect(done.status).toBe('RECEIVED');
    expect(done.receivedAt).not.toBeNull();
    expect(await itemOf(s.shopId, s.mugs.id)).toMatchObject({ quantity: 4, cost: '1.2500' });
    // (13 x 2.2308 + 5 x 3.00) / 18 = 44.0004 / 18 = 2.4445
    expect(await itemOf(s.shopId, s.tea.id)).toMatchObject({ quantity: 18, cost: '2.4445' });
    expect(done.totals).toEqual({
      orderedQuantity: 14,
      receivedQuantity: 14,
      damagedQuantity: 2,
      outstandingQuantity: 0,
      totalCost: '35.00',
      receivedCost: '35.00',
      damagedCost: '6.00',
    });
    expect(
      done.receipts.map((receipt) => receipt.lines.map((line) => [line.sku, line.quantity, line.damaged])),
    ).toEqual([
      [[s.tea.sku, 5, 2]],
      [
        [s.tea.sku, 5, 0],
        [s.mugs.sku, 4, 0],
      ],
    ]);
    expect(done.receipts[0]?.receivedBy).toBe(owner.userId);

    const { rows: ledger } = await t.sql(
      `select product_id, delta, reason, reference, unit_cost::text as cost, user_id from stock_ledger
       where reference = $1 order by created_at, id`,
      [draft.id],
    );
    // One receipt's changes run in the stock function's lock order: sorted by delta here.
    type LedgerRow = { product_id: string; delta: number; reason: string; cost: string };
    const rows = (ledger as LedgerRow[]).map(
      (row) => [row.product_id, row.delta, row.reason, row.cost] as const,
    );
    expect(rows.sort((a, b) => a[1] - b[1])).toEqual([
      [s.tea.id, 3, 'PURCHASE', '3.0000'],
      [s.mugs.id, 4, 'PURCHASE', '1.2500'],
      [s.tea.id, 5, 'PURCHASE', '3.0000'],
    ]);
    expect(ledger.every((row) => row.user_id === owner.userId)).toBe(true);

    const read = await call('GET', `/api/purchase-orders/${draft.id}`, owner.token);
    expect(read.json()).toEqual(done);
    const pdf = await call('GET', `/api/purchase-orders/${draft.id}/document`, owner.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const audit = (type: string) => auditEvents(t, owner.businessId, type);
    expect((await audit('PURCHASE_ORDER_CREATION')).at(-1)?.description).toBe(
      `Purchase order ${draft.orderNumber} to ${draft.supplierName}: 1 line, 8 units, for High Street created.`,
    );
    expect((await audit('PURCHASE_ORDER_UPDATE')).at(-1)?.description).toBe(
      `Purchase order ${draft.orderNumber} to ${draft.supplierName}: 2 lines, 14 units, for High Street changed.`,
    );
    expect((await audit('PURCHASE_ORDER_SENT')).at(-1)?.description).toContain('mailed to orders@acme.test');
    const receipts = await audit('PURCHASE_ORDER_RECEIPT');
    expect(receipts.at(-2)?.description).toBe(
      `Purchase order ${draft.orderNumber} from ${draft.supplierName}: 5 units received on 1 line at High Street ` +
        '(2 damaged, not stocked); the order is now partly received.',
    );
    expect(receipts.at(-1)?.description).toContain('the order is now received.');
  });

  it('sends without a mail when the supplier has no e-mail address', async () => {
    const s = await setUp(null);
    const before = (await t.mails()).length;
    const order = await created(s, [[s.tea.id, 1, '1.00']]);
    const res = await call('POST', `/api/purchase-orders/${order.id}/send`, owner.token);
    expect(res.json()).toMatchObject({ status: 'SENT', mailedTo: null });
    expect((await t.mails()).length).toBe(before);
  });

  it('closes a partly received order (nothing outstanding after) and cancels one of which nothing arrived', async () => {
    const s = await setUp();
    const order = await sent(s, [[s.tea.id, 10, '1.00']]);
    await receive(order.id, [{ lineId: order.lines[0]?.id ?? '', quantity: 4 }]);
    const closed = await call('POST', `/api/purchase-orders/${order.id}/close`, owner.token);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      status: 'CLOSED',
      totals: { receivedQuantity: 4, outstandingQuantity: 0 },
    });
    expect((await auditEvents(t, owner.businessId, 'PURCHASE_ORDER_CLOSURE')).at(-1)?.description).toContain(
      '4 units of 10 received, 6 will not come',
    );

    const other = await sent(s, [[s.tea.id, 2, '1.00']]);
    const cancelled = await call('POST', `/api/purchase-orders/${other.id}/cancel`, owner.token);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    const draft = await created(s, [[s.tea.id, 2, '1.00']]);
    expect((await call('POST', `/api/purchase-orders/${draft.id}/cancel`, owner.token)).statusCode).toBe(200);
  });

  it('refuses what the state does not allow with 409', async () => {
    const s = await setUp();
    const order = await sent(s, [[s.tea.id, 3, '1.00']]);
    const lineId = order.lines[0]?.id ?? '';
    const update = body(s, [[s.tea.id, 1, '1.00']]);
    const draft = await created(s, [[s.tea.id, 1, '1.00']]);
    const refusals: Array<['PUT' | 'POST', string, unknown?]> = [
      ['PUT', `/api/purchase-orders/${order.id}`, update],
      ['POST', `/api/purchase-orders/${order.id}/send`],
      [
        'POST',
        `/api/purchase-orders/${draft.id}/receive`,
        { lines: [{ lineId: draft.lines[0]?.id, quantity: 1 }] },
      ],
      ['POST', `/api/purchase-orders/${draft.id}/close`],
    ];
    for (const [method, url, payload] of refusals) {
      const res = await call(method, url, owner.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
    }
    // Over-receipt names the line.
    const over = await receive(order.id, [{ lineId, quantity: 4 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json().details).toMatchObject({ lineId, ordered: 3, outstanding: 3, requested: 4 });
    // Something arrived: no cancel; then received in full: no close, no receipt, no edit.
    await receive(order.id, [{ lineId, quantity: 1 }]);
    expect((await call('POST', `/api/purchase-orders/${order.id}/cancel`, owner.token)).statusCode).toBe(409);
    await receive(order.id, [{ lineId, quantity: 2 }]);
    for (const action of ['close', 'cancel', 'send']) {
      expect((await call('POST', `/api/purchase-orders/${order.id}/${action}`, owner.token)).statusCode).toBe(
        409,
      );
    }
    expect((await receive(order.id, [{ lineId, quantity: 1 }])).statusCode).toBe(409);
  });

  it('refuses bad input with field errors', async () => {
    const s = await setUp();
    const cases: Array<[unknown, string]> = [
      [body(s, []), 'lines'],
      [body(s, [[s.tea.id, 0, '1.00']]), 'lines.0.quantity'],
      [body(s, [[s.tea.id, 1.5, '1.00']]), 'lines.0.quantity'],
      [body(s, [[s.tea.id, 1_000_000_001, '1.00']]), 'lines.0.quantity'],
      [body(s, [[s.tea.id, 1, '1.005']]), 'lines.0.unitCost'],
      [body(s, [[s.tea.id, 1, '-1.00']]), 'lines.0.unitCost'],
      [body(s, [[s.tea.id, 1, '1e3']]), 'lines.0.unitCost'],
      [
        body(s, [
          [s.tea.id, 1, '1.00'],
          [s.tea.id.toUpperCase(), 2, '1.00'],
        ]),
        'lines.1.productId',
      ],
      [body(s, [[s.tea.id, 1, '1.00']], { expectedAt: '31-12-2030' }), 'expectedAt'],
      [{ ...body(s, [[s.tea.id, 1, '1.00']]), supplierId: 'nope' }, 'supplierId'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/purchase-orders', owner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().details.fieldErrors)).toContain(field);
    }
    const order = await sent(s, [[s.tea.id, 5, '1.00']]);
    const lineId = order.lines[0]?.id ?? '';
    const receipts: Array<[unknown, string]> = [
      [{ lines: [{ lineId, quantity: 2, damaged: 3 }] }, 'lines.0.damaged'],
      [{ lines: [{ lineId, quantity: 0 }] }, 'lines.0.quantity'],
      [{ lines: [{ lineId, quantity: 1, damaged: -1 }] }, 'lines.0.damaged'],
      [
        {
          lines: [
            { lineId, quantity: 1 },
            { lineId, quantity: 1 },
          ],
        },
        'lines.1.lineId',
      ],
      [{ lines: [] }, 'lines'],
    ];
    for (const [payload, field] of receipts) {
      const res = await call('POST', `/api/purchase-orders/${order.id}/receive`, owner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().details.fieldErrors)).toContain(field);
    }
  });

  it('refuses a product not at the location, an unknown or discontinued supplier, a discontinued location', async () => {
    const s = await setUp();
    const elsewhere = await insertLocation(t, owner.businessId, { name: 'Depot' });
    const depotTea = await insertProductAt(t, owner.businessId, elsewhere);
    const notHere = await call(
      'POST',
      '/api/purchase-orders',
      owner.token,
      body(s, [[depotTea.id, 1, '1.00']]),
    );
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().details).toMatchObject({ index: 0, field: 'lines.0.productId' });
    const unknown = await call('POST', '/api/purchase-orders', owner.token, {
      ...body(s, [[s.tea.id, 1, '1.00']]),
      supplierId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    await t.sql('update suppliers set active = false where id = $1', [s.supplierId]);
    const discontinued = await call(
      'POST',
      '/api/purchase-orders',
      owner.token,
      body(s, [[s.tea.id, 1, '1.00']]),
    );
    expect(discontinued.statusCode).toBe(409);
    await t.sql('update suppliers set active = true where id = $1', [s.supplierId]);
    await t.sql('update locations set active = false where id = $1', [s.shopId]);
    expect(
      (await call('POST', '/api/purchase-orders', owner.token, body(s, [[s.tea.id, 1, '1.00']]))).statusCode,
    ).toBe(409);
    await t.sql('update locations set active = true where id = $1', [s.shopId]);
  });

  it('numbers orders 1, 2, 3 per business even when created at once', async () => {
    const s = await setUp();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/api/purchase-orders', owner.token, body(s, [[s.tea.id, 1, '1.00']])),
      ),
    );
    const numbers = results.map((res) => res.json<TPurchaseOrder>().number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    const { rows } = await t.sql(
      'select array_agg(number order by number) as numbers, max(number) as last from purchase_orders where business_id = $1',
      [owner.businessId],
    );
    const all = rows[0].numbers as number[];
    expect(all).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
  });

  it('pages orders newest first with filters, and tells open and drafted quantities per product', async () => {
    const s = await setUp();
    const a = await created(s, [[s.tea.id, 5, '1.00']]);
    const b = await sent(s, [
      [s.tea.id, 7, '1.00'],
      [s.mugs.id, 2, '1.00'],
    ]);
    await receive(b.id, [{ lineId: b.lines[0]?.id ?? '', quantity: 3 }]);
    const page = async (query: string) => {
      const res = await call('GET', `/api/purchase-orders?${query}`, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TPurchaseOrderPage>();
    };
    const mine = await page(`locationId=${s.shopId}`);
    expect(mine.content.map((order) => order.id)).toEqual([b.id, a.id]);
    expect(mine.content[0]).toMatchObject({
      lineCount: 2,
      orderedQuantity: 9,
      receivedQuantity: 3,
      totalCost: '9.00',
    });
    expect(mine.totalElements).toBe(2);
    const partly = await page(`locationId=${s.shopId}&status=PARTIALLY_RECEIVED`);
    expect(partly.content.map((order) => order.id)).toEqual([b.id]);
    const bySupplier = await page(`supplierId=${s.supplierId}&size=1&page=1`);
    expect(bySupplier).toMatchObject({ page: 1, size: 1, totalElements: 2, totalPages: 2 });
    expect(bySupplier.content.map((order) => order.id)).toEqual([a.id]);
    expect((await call('GET', '/api/purchase-orders?status=LOST', owner.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/purchase-orders?size=101', owner.token)).statusCode).toBe(400);

    const quantities = await inJobTenant(t.database.db, owner.businessId, (scope) =>
      openOrderQuantities(scope, s.shopId),
    );
    expect(Object.fromEntries(quantities)).toEqual({
      [s.tea.id]: { open: 4, drafted: 5 },
      [s.mugs.id]: { open: 2, drafted: 0 },
    });
  });

  it('refuses to delete a product or a supplier that an order names (409 IN_USE)', async () => {
    const s = await setUp();
    await created(s, [[s.mugs.id, 1, '1.00']]);
    const product = await call('DELETE', `/api/products/${s.mugs.id}/location/${s.shopId}`, owner.token);
    expect(product.statusCode, product.body).toBe(409);
    expect(product.json()).toMatchObject({
      code: 'IN_USE',
      message: expect.stringContaining('purchase orders'),
    });
    const supplier = await call('DELETE', `/api/suppliers/${s.supplierId}`, owner.token);
    expect(supplier.statusCode, supplier.body).toBe(409);
    expect(supplier.json().code).toBe('IN_USE');
    const { rows } = await t.sql('select count(*)::int as n from suppliers where id = $1', [s.supplierId]);
    expect(rows[0].n).toBe(1);
  });
});
