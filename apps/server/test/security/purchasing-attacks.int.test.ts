import type { TPurchaseOrder } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { apiCaller, bearer, ownerWithBusiness, staffTokensByRole } from '../factories/accounts.js';
import { insertLocation, setPlan } from '../factories/catalogue.js';
import { expectLedgerBalanced, insertProductAt } from '../factories/inventory.js';
import { insertSupplier } from '../factories/products.js';

/**
 * Purchase orders under attack (threat model: internet-facing; any signed-in user of another
 * business, or of this one with fewer roles, is hostile). Every refusal is checked to have
 * written nothing: orders, lines, receipts, stock, ledger, audit and idempotency keys.
 */

let t: TestApp;
const call = apiCaller(() => t);

type Business = {
  owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
  shopId: string;
  supplierId: string;
  productId: string;
};
let ours: Business;
let theirs: Business;
let reader: string;
let assistant: string;

async function seed(name: string): Promise<Business> {
  const owner = await ownerWithBusiness(t, name);
  const shopId = await insertLocation(t, owner.businessId, { name: `${name} shop` });
  const supplierId = await insertSupplier(t, owner.businessId, `${name} supplier`);
  const productId = (await insertProductAt(t, owner.businessId, shopId, { name: `${name} tea` })).id;
  return { owner, shopId, supplierId, productId };
}

beforeAll(async () => {
  t = await buildTestApp();
  ours = await seed('Ours');
  theirs = await seed('Theirs');
  await setPlan(t, ours.owner.businessId, 'SUPREME');
  ({ reader, assistant } = await staffTokensByRole(t, ours.owner.token, {
    reader: 'ROLE_INVENTORY_READER',
    assistant: 'ROLE_STORE_ASSISTANT',
  }));
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t.close();
});

const TABLES = [
  'purchase_orders',
  'purchase_order_lines',
  'purchase_receipts',
  'purchase_order_counters',
  'inventory_items',
  'stock_ledger',
  'audit_logs',
  'idempotency_keys',
] as const;

async function fingerprint(): Promise<Record<string, string>> {
  const columns = TABLES.map(
    (table) =>
      `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x) as ${table}`,
  );
  return (await t.sql(`select ${columns.join(', ')}`)).rows[0] as Record<string, string>;
}

/** Runs `attack`, expects `status`, and that nothing anywhere changed. */
async function refusedWithoutTrace(status: number, attack: () => ReturnType<typeof call>): Promise<void> {
  const before = await fingerprint();
  const res = await attack();
  expect(res.statusCode, res.body).toBe(status);
  expect(await fingerprint()).toEqual(before);
}

function orderBody(b: Business, overrides: Record<string, unknown> = {}, line: Record<string, unknown> = {}) {
  return {
    supplierId: b.supplierId,
    locationId: b.shopId,
    lines: [{ productId: b.productId, quantity: 10, unitCost: '2.00', ...line }],
    ...overrides,
  };
}

async function sentOrder(b: Business, quantity = 10): Promise<TPurchaseOrder> {
  const order: TPurchaseOrder = (
    await call('POST', '/api/purchase-orders', b.owner.token, orderBody(b, {}, { quantity }))
  ).json();
  const res = await call('POST', `/api/purchase-orders/${order.id}/send`, b.owner.token);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('purchase order attacks', () => {
  it('cannot name another business’s supplier, location or product in a body (404, nothing written)', async () => {
    const token = ours.owner.token;
    const foreign = [
      orderBody(ours, { supplierId: theirs.supplierId }),
      orderBody(ours, { locationId: theirs.shopId }),
      orderBody(ours, {}, { productId: theirs.productId }),
      // Their whole order, sent with our token: every id is unknown here.
      orderBody(theirs),
    ];
    for (const payload of foreign) {
      await refusedWithoutTrace(404, () => call('POST', '/api/purchase-orders', token, payload));
    }
    const draft: TPurchaseOrder = (await call('POST', '/api/purchase-orders', token, orderBody(ours))).json();
    for (const payload of foreign) {
      await refusedWithoutTrace(404, () => call('PUT', `/api/purchase-orders/${draft.id}`, token, payload));
    }
  });

  it('cannot receive against a line of another order, ours or theirs, nor reach their order by id', async () => {
    const mine = await sentOrder(ours);
    const otherOfMine = await sentOrder(ours);
    const theirOrder = await sentOrder(theirs);
    for (const lineId of [otherOfMine.lines[0]?.id, theirOrder.lines[0]?.id]) {
      await refusedWithoutTrace(404, () =>
        call('POST', `/api/purchase-orders/${mine.id}/receive`, ours.owner.token, {
          lines: [{ lineId, quantity: 1 }],
        }),
      );
    }
    await refusedWithoutTrace(404, () =>
      call('POST', `/api/purchase-orders/${theirOrder.id}/receive`, ours.owner.token, {
        lines: [{ lineId: theirOrder.lines[0]?.id, quantity: 1 }],
      }),
    );
    for (const action of ['send', 'close', 'cancel']) {
      await refusedWithoutTrace(404, () =>
        call('POST', `/api/purchase-orders/${theirOrder.id}/${action}`, ours.owner.token),
      );
    }
    expect(
      (await call('GET', `/api/purchase-orders/${theirOrder.id}/document`, ours.owner.token)).statusCode,
    ).toBe(404);
    const filtered = await call(
      'GET',
      `/api/purchase-orders?supplierId=${theirs.supplierId}`,
      ours.owner.token,
    );
    expect(filtered.json().totalElements).toBe(0);
  });

  it('refuses a role’s escalation: a reader cannot write, an assistant cannot create or send', async () => {
    const order = await sentOrder(ours);
    const draft: TPurchaseOrder = (
      await call('POST', '/api/purchase-orders', ours.owner.token, orderBody(ours))
    ).json();
    const lineId = order.lines[0]?.id;
    const attacks: Array<[string, 'POST' | 'PUT', string, unknown?]> = [
      [reader, 'POST', '/api/purchase-orders', orderBody(ours)],
      [reader, 'POST', `/api/purchase-orders/${order.id}/receive`, { lines: [{ lineId, quantity: 1 }] }],
      [reader, 'POST', `/api/purchase-orders/${order.id}/close`],
      [assistant, 'POST', '/api/purchase-orders', orderBody(ours)],
      [assistant, 'PUT', `/api/purchase-orders/${draft.id}`, orderBody(ours)],
      [assistant, 'POST', `/api/purchase-orders/${draft.id}/send`],
      [assistant, 'POST', `/api/purchase-orders/${order.id}/cancel`],
    ];
    for (const [token, method, url, payload] of attacks) {
      await refusedWithoutTrace(403, () => call(method, url, token, payload));
    }
  });

  it('refuses negative, huge, fractional and non-numeric quantities and money with 3 decimals or an exponent', async () => {
    const token = ours.owner.token;
    const lines: Array<Record<string, unknown>> = [
      { quantity: -1 },
      { quantity: 0 },
      { quantity: 2.5 },
      { quantity: 1e10 },
      { quantity: '5' },
      { quantity: Number.MAX_SAFE_INTEGER + 2 },
      { unitCost: '1.234' },
      { unitCost: '1e2' },
      { unitCost: 1e21 },
      { unitCost: '-0.01' },
      { unitCost: '0x10' },
      { unitCost: '1234567890123.00' },
      { unitCost: 'NaN' },
    ];
    for (const line of lines) {
      await refusedWithoutTrace(400, () =>
        call('POST', '/api/purchase-orders', token, orderBody(ours, {}, line)),
      );
    }
    const order = await sentOrder(ours);
    const lineId = order.lines[0]?.id;
    const receipts: unknown[] = [
      { lines: [{ lineId, quantity: -3 }] },
      { lines: [{ lineId, quantity: 1.5 }] },
      { lines: [{ lineId, quantity: 3, damaged: 4 }] },
      { lines: [{ lineId, quantity: 3, damaged: 0.5 }] },
      { lines: [{ lineId, quantity: 2_000_000_000 }] },
      // The same line twice (in another case too): it would count twice against what is outstanding.
      {
        lines: [
          { lineId, quantity: 6 },
          { lineId: String(lineId).toUpperCase(), quantity: 6 },
        ],
      },
      { lines: Array.from({ length: 201 }, () => ({ lineId, quantity: 1 })) },
    ];
    for (const payload of receipts) {
      await refusedWithoutTrace(400, () =>
        call('POST', `/api/purchase-orders/${order.id}/receive`, token, payload),
      );
    }
    // Over-receipt: more than ordered, whole receipt refused.
    await refusedWithoutTrace(409, () =>
      call('POST', `/api/purchase-orders/${order.id}/receive`, token, { lines: [{ lineId, quantity: 11 }] }),
    );
  });

  it('refuses state-machine abuse: receive a cancelled or draft order, edit a sent one, reopen a closed one', async () => {
    const token = ours.owner.token;
    const cancelled = await sentOrder(ours);
    await call('POST', `/api/purchase-orders/${cancelled.id}/cancel`, token);
    const closed = await sentOrder(ours);
    await call('POST', `/api/purchase-orders/${closed.id}/close`, token);
    const draft: TPurchaseOrder = (await call('POST', '/api/purchase-orders', token, orderBody(ours))).json();
    const sent = await sentOrder(ours);
    const receiveOne = (order: TPurchaseOrder) => ({ lines: [{ lineId: order.lines[0]?.id, quantity: 1 }] });
    const attacks: Array<['POST' | 'PUT', string, unknown?]> = [
      ['POST', `/api/purchase-orders/${cancelled.id}/receive`, receiveOne(cancelled)],
      ['POST', `/api/purchase-orders/${closed.id}/receive`, receiveOne(closed)],
      ['POST', `/api/purchase-orders/${draft.id}/receive`, receiveOne(draft)],
      ['PUT', `/api/purchase-orders/${sent.id}`, orderBody(ours, {}, { quantity: 999 })],
      ['POST', `/api/purchase-orders/${closed.id}/send`],
      ['POST', `/api/purchase-orders/${cancelled.id}/send`],
      ['POST', `/api/purchase-orders/${cancelled.id}/close`],
      ['POST', `/api/purchase-orders/${closed.id}/cancel`],
    ];
    for (const [method, url, payload] of attacks) {
      await refusedWithoutTrace(409, () => call(method, url, token, payload));
    }
  });

  it('lets two parallel receipts of the whole order through one at a time: never over-received', async () => {
    const order = await sentOrder(ours, 10);
    const lineId = order.lines[0]?.id;
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', `/api/purchase-orders/${order.id}/receive`, ours.owner.token, {
          lines: [{ lineId, quantity: 7 }],
        }),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const { rows } = await t.sql(
      `select x.received_quantity, i.quantity, (select coalesce(sum(delta), 0)::int from stock_ledger
         where reference = $1) as ledger
       from purchase_order_lines x
       join inventory_items i on i.business_id = x.business_id and i.product_id = x.product_id
       where x.id = $2`,
      [order.id, lineId],
    );
    expect(rows[0]).toMatchObject({ received_quantity: 7, ledger: 7 });
  });

  it('replays a receipt sent again with the same Idempotency-Key, and refuses the key for another body', async () => {
    const order = await sentOrder(ours, 10);
    const lineId = order.lines[0]?.id;
    const send = (quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/purchase-orders/${order.id}/receive`,
        headers: { ...bearer(ours.owner.token), 'idempotency-key': `receipt-${order.id}` },
        payload: { lines: [{ lineId, quantity }] },
      });
    const first = await send(4);
    expect(first.statusCode).toBe(200);
    const before = await fingerprint();
    const again = await send(4);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await fingerprint()).toEqual(before);
    const other = await send(5);
    expect(other.statusCode).toBe(422);
    expect(await fingerprint()).toEqual(before);
    // Another user's same key is another key.
    const byAssistant = await t.app.inject({
      method: 'POST',
      url: `/api/purchase-orders/${order.id}/receive`,
      headers: { ...bearer(assistant), 'idempotency-key': `receipt-${order.id}` },
      payload: { lines: [{ lineId, quantity: 4 }] },
    });
    expect(byAssistant.statusCode).toBe(200);
    expect(byAssistant.json().receivedQuantity).toBe(8);
  });

  it('refuses a NUL character in a note, and never answers another business’s names in a refusal', async () => {
    await refusedWithoutTrace(400, () =>
      call('POST', '/api/purchase-orders', ours.owner.token, orderBody(ours, { note: 'a\u0000b' })),
    );
    const res = await call(
      'POST',
      '/api/purchase-orders',
      ours.owner.token,
      orderBody(ours, {}, { productId: theirs.productId }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Theirs');
  });
});
