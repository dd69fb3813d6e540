/**
 * Security review of the inventory API: another business's ids.
 *
 * Threat: a signed-in owner of business M (Mallory) who learned ids, SKUs and barcodes of business
 * V (Victim). Every path, query and body field that names a row is tried with V's value, alone and
 * mixed with M's own (forged product/location pairs, one foreign line in a batch), and with the
 * Idempotency-Key V used (a replay must never hand M the answer stored for V). Each must answer
 * 404 NOT_FOUND (never 403), name nothing of V's, and write nothing in any business. Then the
 * second wall: with the code's business filter forged to V's, row-level security still shows M's
 * transaction nothing of V's and lets it change nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/platform/auth/principal.js';
import { inTenant, type TenantScope } from '../../src/platform/db/tenancy.js';
import { changeStock } from '../../src/modules/inventory/stock/stock.service.js';
import { findItemViews, lockItemsById } from '../../src/modules/inventory/items/items.repository.js';
import { findLedgerPage } from '../../src/modules/inventory/items/item-lists.repository.js';
import { findStockPage } from '../../src/modules/inventory/items/stock-page.repository.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { ownerWithBusiness } from '../factories/accounts.js';
import { expectLedgerBalanced, quantityOf } from '../factories/inventory.js';
import {
  expectRefusal,
  inventoryFingerprint,
  seedStock,
  sendAs,
  type Call,
  type Stock,
} from './inventory-kit.js';

let t: TestApp;
let victim: Awaited<ReturnType<typeof ownerWithBusiness>>;
let mallory: Awaited<ReturnType<typeof ownerWithBusiness>>;
let v: Stock;
let m: Stock;

beforeAll(async () => {
  t = await buildTestApp();
  victim = await ownerWithBusiness(t, 'Victim Traders');
  mallory = await ownerWithBusiness(t, 'Mallory Goods');
  v = await seedStock(t, victim, 'Victim', '4006381333931');
  m = await seedStock(t, mallory, 'Mallory', '4006381333931');
});
afterAll(async () => {
  try {
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
});

/** V's names (locations, products, categories); a SKU the caller typed may come back as sent. */
const VICTIM_WORDS = /Victim\s/;

/** Every inventory item call, aimed at V's rows (some mixed with M's). */
function attacksOnVictim(): Array<[string, Call]> {
  const held = v.held;
  return [
    ['get at location', { method: 'GET', url: `/api/inventory/${held.id}/location/${v.shopId}` }],
    ['get V item at M location', { method: 'GET', url: `/api/inventory/${held.id}/location/${m.shopId}` }],
    ['with category', { method: 'GET', url: `/api/inventory/${held.id}/with-category` }],
    ['ledger', { method: 'GET', url: `/api/inventory/${held.id}/ledger` }],
    ['by V sku at V location', { method: 'GET', url: `/api/inventory/sku/${held.sku}/location/${v.shopId}` }],
    ['product sku', { method: 'GET', url: `/api/product/sku/${held.sku}/location/${v.shopId}` }],
    ['by V product', { method: 'GET', url: `/api/inventory/product/${held.productId}/location/${v.shopId}` }],
    [
      'by V product at M location',
      { method: 'GET', url: `/api/inventory/product/${held.productId}/location/${m.shopId}` },
    ],
    [
      'by barcode at V location',
      { method: 'GET', url: `/api/inventory/barcode/4006381333931/location/${v.shopId}` },
    ],
    ['stock page', { method: 'GET', url: `/api/inventory/page/location/${v.shopId}?active=all` }],
    [
      'products search',
      { method: 'GET', url: `/api/inventory/products/search?query=&locationId=${v.shopId}` },
    ],
    ['products of location', { method: 'GET', url: `/api/inventory/products/location/${v.shopId}` }],
    ['sku suggestions', { method: 'GET', url: `/api/inventory/search/sku?query=V&locationId=${v.shopId}` }],
    ['count at V location', { method: 'GET', url: `/api/inventory/count?locationId=${v.shopId}` }],
    ['count of V product', { method: 'GET', url: `/api/inventory/count?productId=${held.productId}` }],
    [
      'count M location, V product',
      { method: 'GET', url: `/api/inventory/count?locationId=${m.shopId}&productId=${held.productId}` },
    ],
    [
      'create V product at V location',
      {
        method: 'POST',
        url: '/api/inventory',
        json: { productId: v.freeProductId, locationId: v.shopId, quantity: 5 },
      },
    ],
    [
      'create V product at M location',
      {
        method: 'POST',
        url: '/api/inventory',
        json: { productId: v.freeProductId, locationId: m.shopId, quantity: 5 },
      },
    ],
    [
      'create M product at V location',
      {
        method: 'POST',
        url: '/api/inventory',
        json: { productId: m.freeProductId, locationId: v.shopId, quantity: 5 },
      },
    ],
    [
      'create for V product that has stock',
      {
        method: 'POST',
        url: '/api/inventory',
        json: { productId: held.productId, locationId: v.shopId, quantity: 5 },
      },
    ],
    [
      'batch: M line then V line',
      {
        method: 'POST',
        url: '/api/inventory/batch',
        json: [
          { productId: m.freeProductId, locationId: m.shopId, quantity: 1 },
          { productId: v.depotProductId, locationId: v.depotId, quantity: 1 },
        ],
      },
    ],
    [
      'adjust V item',
      { method: 'PUT', url: `/api/inventory/${held.id}/adjust`, json: { delta: -20, reason: 'THEFT' } },
    ],
    [
      'adjust many: M item then V item',
      {
        method: 'PUT',
        url: '/api/inventory/adjust',
        json: [
          { inventoryId: m.held.id, delta: 5, reason: 'FOUND' },
          { inventoryId: held.id, delta: -20, reason: 'THEFT' },
        ],
      },
    ],
    [
      'count V item',
      { method: 'PUT', url: `/api/inventory/${held.id}/location/${v.shopId}`, json: { quantity: 0 } },
    ],
    [
      'count V item at M location',
      { method: 'PUT', url: `/api/inventory/${held.id}/location/${m.shopId}`, json: { quantity: 0 } },
    ],
    ['retire V item', { method: 'PATCH', url: `/api/inventory/${held.id}/location/${v.shopId}/retire` }],
    [
      'reactivate V item',
      { method: 'PATCH', url: `/api/inventory/${held.id}/location/${v.shopId}/reactivate` },
    ],
    ['delete V empty item', { method: 'DELETE', url: `/api/inventory/${v.empty.id}/location/${v.shopId}` }],
    [
      'delete V empty item at M location',
      { method: 'DELETE', url: `/api/inventory/${v.empty.id}/location/${m.shopId}` },
    ],
    [
      'delete zero items at V location',
      { method: 'DELETE', url: `/api/inventory/location/${v.shopId}/zero-quantity` },
    ],
  ];
}

describe('SECURITY inventory: another business’s ids', () => {
  it('answers 404 to every call that names a row of V, names nothing of V, and writes nothing anywhere', async () => {
    for (const [what, call] of attacksOnVictim()) {
      const before = await inventoryFingerprint(t);
      const res = await sendAs(t, mallory.token, call);
      expectRefusal(res, 404, 'NOT_FOUND', what);
      expect(res.body, what).not.toMatch(VICTIM_WORDS);
      expect(await inventoryFingerprint(t), `${what} wrote`).toEqual(before);
    }
    expect(await quantityOf(t, v.held.id)).toBe(20);
    expect(await quantityOf(t, v.empty.id)).toBe(0);
  });

  it('shows M only its own stock where a call names no id: sums, availability by V’s SKU', async () => {
    const count = await sendAs(t, mallory.token, { method: 'GET', url: '/api/inventory/count' });
    expect(count.json()).toEqual({ totalQuantity: 20 });
    const availability = await sendAs(t, mallory.token, {
      method: 'GET',
      url: `/api/inventory/availability?sku=${v.held.sku}`,
    });
    expect(availability.json()).toEqual([]);
    // The same barcode in both businesses: M finds its own item only.
    const mine = await sendAs(t, mallory.token, {
      method: 'GET',
      url: `/api/inventory/barcode/4006381333931/location/${m.shopId}`,
    });
    expect(mine.json()).toMatchObject({ id: m.held.id });
  });

  it('never replays V’s stored answer to M for the same Idempotency-Key and body', async () => {
    const key = 'shared-key-1';
    const call: Call = {
      method: 'PUT',
      url: `/api/inventory/${v.held.id}/adjust`,
      json: { delta: 1, reason: 'FOUND' },
      headers: { 'idempotency-key': key },
    };
    const victims = await sendAs(t, victim.token, call);
    expect(victims.statusCode).toBe(200);
    const before = await inventoryFingerprint(t);
    const res = await sendAs(t, mallory.token, call);
    expectRefusal(res, 404, 'NOT_FOUND');
    expect(res.body).not.toMatch(VICTIM_WORDS);
    expect(await inventoryFingerprint(t)).toEqual(before);
    // And V's key still replays V's own answer.
    expect((await sendAs(t, victim.token, call)).json()).toEqual(victims.json());
    await sendAs(t, victim.token, { ...call, json: { delta: -1, reason: 'CORRECTION' }, headers: {} });
  });

  describe('the second wall: row-level security', () => {
    const principalOf = (account: { userId: string; businessId: string }): Principal => ({
      userId: account.userId,
      businessId: account.businessId,
      roles: ['ROLE_BUSINESS_OWNER'],
      tokenVersion: 0,
      tokenId: randomUUID(),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    /** M's transaction, with the code's own business filter forged to V's. */
    const asMalloryForgingVictim = <T>(work: (scope: TenantScope) => Promise<T>) =>
      inTenant(t.database.db, principalOf(mallory), (scope) =>
        work({ tx: scope.tx, businessId: victim.businessId }),
      );

    it('hides V’s items, ledger and stock page from M even when the business filter says V', async () => {
      expect(await asMalloryForgingVictim((scope) => findItemViews(scope, [v.held.id]))).toEqual([]);
      expect(await asMalloryForgingVictim((scope) => lockItemsById(scope, [v.held.id]))).toEqual([]);
      expect(
        await asMalloryForgingVictim((scope) => findLedgerPage(scope, v.held.id, { limit: 10, offset: 0 })),
      ).toEqual({ rows: [], total: 0 });
      // The stock page's statement does not even see V's location (placed and walked pages alike).
      for (const filter of [
        { active: null, isLowStockOnly: false },
        { active: true, isLowStockOnly: false },
        { search: 'v', active: false, isLowStockOnly: true },
      ])
        expect(
          await asMalloryForgingVictim((scope) =>
            findStockPage(scope, v.shopId, filter, { limit: 10, offset: 0 }),
          ),
        ).toBeUndefined();
    });

    it('lets the stock function change nothing of V’s from M’s transaction', async () => {
      const before = await inventoryFingerprint(t);
      await expect(
        asMalloryForgingVictim((scope) =>
          changeStock(scope, { userId: mallory.userId }, [
            { locationId: v.shopId, productId: v.held.productId, delta: -5, reason: 'SALE' },
          ]),
        ),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await inventoryFingerprint(t)).toEqual(before);
    });
  });
});
