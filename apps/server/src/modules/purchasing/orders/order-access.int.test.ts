import type { Role, TPurchaseOrder } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { apiCaller, ownerWithBusiness, staffTokensByRole } from '../../../../test/factories/accounts.js';
import { insertLocation, setPlan } from '../../../../test/factories/catalogue.js';
import { expectLedgerBalanced, insertProductAt } from '../../../../test/factories/inventory.js';
import { insertSupplier } from '../../../../test/factories/products.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let tokens: Record<string, string>;
let shopId: string;
let supplierId: string;
let productId: string;
const call = apiCaller(() => t);

const ROLES = {
  admin: 'ROLE_BUSINESS_ADMIN',
  inventoryAdmin: 'ROLE_INVENTORY_ADMIN',
  contributor: 'ROLE_INVENTORY_CONTRIBUTOR',
  reader: 'ROLE_INVENTORY_READER',
  assistant: 'ROLE_STORE_ASSISTANT',
  productAdmin: 'ROLE_PRODUCT_ADMIN',
  analyst: 'ROLE_ANALYTICS_ADMIN',
} as const satisfies Record<string, Role>;
type Who = keyof typeof ROLES;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t);
  // Room for seven staff users; purchasing itself has no plan gate (the Free plan orders too).
  await setPlan(t, owner.businessId, 'SUPREME');
  tokens = await staffTokensByRole(t, owner.token, ROLES);
  shopId = await insertLocation(t, owner.businessId, { name: 'Shop' });
  supplierId = await insertSupplier(t, owner.businessId, 'Acme');
  productId = (await insertProductAt(t, owner.businessId, shopId)).id;
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t.close();
});

const orderBody = () => ({
  supplierId,
  locationId: shopId,
  lines: [{ productId, quantity: 2, unitCost: '1.00' }],
});

async function sentOrder(): Promise<TPurchaseOrder> {
  const order: TPurchaseOrder = (await call('POST', '/api/purchase-orders', owner.token, orderBody())).json();
  await call('POST', `/api/purchase-orders/${order.id}/send`, owner.token);
  return order;
}

describe('purchase order access', () => {
  const readers: Who[] = ['admin', 'inventoryAdmin', 'contributor', 'reader', 'assistant'];
  // Readers who see costs: not the assistant; the catalogue and analytics roles read no orders at all.
  const documentReaders: Who[] = ['admin', 'inventoryAdmin', 'contributor', 'reader'];
  const writers: Who[] = ['admin', 'inventoryAdmin', 'contributor'];
  const receivers: Who[] = ['admin', 'inventoryAdmin', 'contributor', 'assistant'];
  const everyone = Object.keys(ROLES) as Who[];

  it('lets inventory roles and store assistants read; the PDF (it prints costs) to those who see costs', async () => {
    const order = await sentOrder();
    for (const who of everyone) {
      const token = tokens[who] ?? '';
      const expected = readers.includes(who) ? 200 : 403;
      expect((await call('GET', '/api/purchase-orders', token)).statusCode, who).toBe(expected);
      expect((await call('GET', `/api/purchase-orders/${order.id}`, token)).statusCode, who).toBe(expected);
      const document = documentReaders.includes(who) ? 200 : 403;
      expect((await call('GET', `/api/purchase-orders/${order.id}/document`, token)).statusCode, who).toBe(
        document,
      );
    }
  });

  it('lets inventory creators create, edit, send, close and cancel; others get 403', async () => {
    for (const who of everyone) {
      const token = tokens[who] ?? '';
      const isAllowed = writers.includes(who);
      const create = await call('POST', '/api/purchase-orders', token, orderBody());
      expect(create.statusCode, who).toBe(isAllowed ? 201 : 403);
      const id = isAllowed
        ? create.json<TPurchaseOrder>().id
        : (await call('POST', '/api/purchase-orders', owner.token, orderBody())).json<TPurchaseOrder>().id;
      const steps: Array<['PUT' | 'POST', string, unknown?]> = [
        ['PUT', `/api/purchase-orders/${id}`, orderBody()],
        ['POST', `/api/purchase-orders/${id}/send`],
        ['POST', `/api/purchase-orders/${id}/close`],
      ];
      for (const [method, url, payload] of steps) {
        expect((await call(method, url, token, payload)).statusCode, `${who} ${url}`).toBe(
          isAllowed ? 200 : 403,
        );
      }
      const draft = (
        await call('POST', '/api/purchase-orders', owner.token, orderBody())
      ).json<TPurchaseOrder>();
      const cancel = await call('POST', `/api/purchase-orders/${draft.id}/cancel`, token);
      expect(cancel.statusCode, who).toBe(isAllowed ? 200 : 403);
    }
  });

  it('lets whoever adjusts stock receive, store assistants included; readers and others get 403', async () => {
    for (const who of everyone) {
      const order = await sentOrder();
      const res = await call('POST', `/api/purchase-orders/${order.id}/receive`, tokens[who], {
        lines: [{ lineId: order.lines[0]?.id, quantity: 1 }],
      });
      expect(res.statusCode, who).toBe(receivers.includes(who) ? 200 : 403);
    }
    expect((await call('GET', '/api/purchase-orders')).statusCode).toBe(401);
  });

  it('answers 404 for another business’s order, whatever the call, and changes nothing', async () => {
    const order = await sentOrder();
    const stranger = await ownerWithBusiness(t, 'Other Shop');
    const calls: Array<['GET' | 'PUT' | 'POST', string, unknown?]> = [
      ['GET', `/api/purchase-orders/${order.id}`],
      ['GET', `/api/purchase-orders/${order.id}/document`],
      ['PUT', `/api/purchase-orders/${order.id}`, orderBody()],
      ['POST', `/api/purchase-orders/${order.id}/send`],
      [
        'POST',
        `/api/purchase-orders/${order.id}/receive`,
        { lines: [{ lineId: order.lines[0]?.id, quantity: 1 }] },
      ],
      ['POST', `/api/purchase-orders/${order.id}/close`],
      ['POST', `/api/purchase-orders/${order.id}/cancel`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, stranger.token, payload);
      // A PUT body naming our supplier is refused on the order first, or on the supplier: 404 either way.
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await call('GET', '/api/purchase-orders', stranger.token);
    expect(list.json().totalElements).toBe(0);
    const after: TPurchaseOrder = (await call('GET', `/api/purchase-orders/${order.id}`, owner.token)).json();
    expect(after).toMatchObject({ status: 'SENT', receivedQuantity: 0 });
  });
});
