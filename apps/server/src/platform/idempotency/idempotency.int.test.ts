import type { TInventoryItem } from '@app/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../test/factories/accounts.js';
import { insertLocation } from '../../../test/factories/catalogue.js';
import {
  expectLedgerBalanced,
  insertProductAt,
  ledgerCount,
  openStock,
  quantityOf,
} from '../../../test/factories/inventory.js';

/**
 * Idempotency-Key on the stock-changing calls (DESIGN 13), through the inventory API: a repeat
 * with the same key and body answers the first answer and writes nothing; another body is a 422;
 * keys belong to one user; a bad header is a 400; concurrent repeats apply once.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let colleague: { token: string };
let shop: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Retry Stores');
  colleague = await staffMember(t, owner.token, ['ROLE_INVENTORY_ADMIN']);
  shop = await insertLocation(t, owner.businessId, { name: 'Shop' });
});
afterAll(async () => {
  try {
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
});

function send(
  method: InjectOptions['method'],
  url: string,
  body: unknown,
  key?: string,
  token = owner.token,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body as object,
  });
}

async function stock(quantity: number): Promise<TInventoryItem> {
  const { id } = await insertProductAt(t, owner.businessId, shop);
  return openStock(t, owner.token, { productId: id, locationId: shop, quantity });
}

/** Rows of everything a stock call writes, over all businesses. */
async function written(): Promise<{ items: number; ledger: number; audit: number }> {
  const { rows } = await t.sql(`select (select count(*)::int from inventory_items) as items,
    (select count(*)::int from stock_ledger) as ledger, (select count(*)::int from audit_logs) as audit`);
  return rows[0] as { items: number; ledger: number; audit: number };
}

let keys = 0;
const newKey = () => `key-${++keys}-${Date.now()}`;

describe('Idempotency-Key', () => {
  it('replays the first answer of a creation, status and body, and writes nothing more', async () => {
    const { id: productId } = await insertProductAt(t, owner.businessId, shop);
    const key = newKey();
    const body = { productId, locationId: shop, quantity: 4 };
    const first = await send('POST', '/api/inventory', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const after = await written();
    const again = await send('POST', '/api/inventory', { quantity: 4, locationId: shop, productId }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await written()).toEqual(after);
    // Without the key the same body is a new request: the record exists now.
    expect((await send('POST', '/api/inventory', body)).statusCode).toBe(409);
  });

  it('replays an adjustment even after later changes, without applying it twice', async () => {
    const item = await stock(10);
    const key = newKey();
    const first = await send('PUT', `/api/inventory/${item.id}/adjust`, { delta: -3, reason: 'LOST' }, key);
    expect(first.json()).toMatchObject({ quantity: 7 });
    await send('PUT', `/api/inventory/${item.id}/adjust`, { delta: 5, reason: 'FOUND' });
    const ledger = await ledgerCount(t);
    const again = await send('PUT', `/api/inventory/${item.id}/adjust`, { delta: -3, reason: 'LOST' }, key);
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 200, body: first.json() });
    expect(await quantityOf(t, item.id)).toBe(12);
    expect(await ledgerCount(t)).toBe(ledger);
  });

  it('replays the batch calls and the count too', async () => {
    const [a, b] = [await stock(5), await stock(5)];
    const calls: Array<[InjectOptions['method'], string, unknown]> = [
      [
        'PUT',
        '/api/inventory/adjust',
        [
          { inventoryId: a.id, delta: 1, reason: 'FOUND' },
          { inventoryId: b.id, delta: -1, reason: 'LOST' },
        ],
      ],
      ['PUT', `/api/inventory/${a.id}/location/${shop}`, { quantity: 2 }],
      [
        'POST',
        '/api/inventory/batch',
        [{ productId: (await insertProductAt(t, owner.businessId, shop)).id, locationId: shop, quantity: 1 }],
      ],
    ];
    for (const [method, url, body] of calls) {
      const key = newKey();
      const first = await send(method, url, body, key);
      expect(first.statusCode, first.body).toBeLessThan(300);
      const before = await written();
      const again = await send(method, url, body, key);
      expect({ status: again.statusCode, body: again.json<unknown>() }, url).toEqual({
        status: first.statusCode,
        body: first.json<unknown>(),
      });
      expect(await written(), url).toEqual(before);
    }
  });

  it('answers 422 for the same key with another body or on another call, and writes nothing', async () => {
    const item = await stock(10);
    const key = newKey();
    await send('PUT', `/api/inventory/${item.id}/adjust`, { delta: -1, reason: 'LOST' }, key);
    const before = await written();
    const otherBody = await send(
      'PUT',
      `/api/inventory/${item.id}/adjust`,
      { delta: -2, reason: 'LOST' },
      key,
    );
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({
      code: 'UNPROCESSABLE',
      message: 'This Idempotency-Key was used for another request. Use a new key for a new request.',
    });
    const otherCall = await send('PUT', `/api/inventory/${item.id}/location/${shop}`, { quantity: 1 }, key);
    expect(otherCall.statusCode).toBe(422);
    expect(await written()).toEqual(before);
    expect(await quantityOf(t, item.id)).toBe(9);
  });

  it("keeps each user's keys apart: a colleague's same key is a request of its own", async () => {
    const item = await stock(10);
    const key = newKey();
    const mine = await send('PUT', `/api/inventory/${item.id}/adjust`, { delta: -1, reason: 'LOST' }, key);
    const theirs = await send(
      'PUT',
      `/api/inventory/${item.id}/adjust`,
      { delta: -1, reason: 'LOST' },
      key,
      colleague.token,
    );
    expect([mine.json<TInventoryItem>().quantity, theirs.json<TInventoryItem>().quantity]).toEqual([9, 8]);
    expect(await quantityOf(t, item.id)).toBe(8);
  });

  it('answers 400 for a header that is not 1 to 255 visible ASCII characters, before writing anything', async () => {
    const item = await stock(10);
    const before = await written();
    for (const key of ['', 'has space', 'x'.repeat(256), 'café']) {
      const res = await send('PUT', `/api/inventory/${item.id}/adjust`, { delta: 1, reason: 'FOUND' }, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { fieldErrors: { 'Idempotency-Key': ['1 to 255 visible ASCII characters.'] } },
      });
    }
    expect(await written()).toEqual(before);
    expect(
      (await send('PUT', `/api/inventory/${item.id}/adjust`, { delta: 1, reason: 'FOUND' }, 'x'.repeat(255)))
        .statusCode,
    ).toBe(200);
  });

  it('applies concurrent requests with the same key once, and answers them all alike', async () => {
    const item = await stock(50);
    const key = newKey();
    const ledger = await ledgerCount(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        send('PUT', `/api/inventory/${item.id}/adjust`, { delta: -5, reason: 'LOST' }, key),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(await quantityOf(t, item.id)).toBe(45);
    expect(await ledgerCount(t)).toBe(ledger + 1);
  });

  it('leaves the key free when the first attempt was refused, so the retry can succeed', async () => {
    const item = await stock(1);
    const key = newKey();
    const refused = await send('PUT', `/api/inventory/${item.id}/adjust`, { delta: -3, reason: 'LOST' }, key);
    expect(refused.statusCode).toBe(409);
    await send('PUT', `/api/inventory/${item.id}/adjust`, { delta: 5, reason: 'RECEIVED' });
    const retried = await send('PUT', `/api/inventory/${item.id}/adjust`, { delta: -3, reason: 'LOST' }, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ quantity: 3 });
  });

  it('treats a key older than 24 hours as new', async () => {
    const item = await stock(10);
    const key = newKey();
    await send('PUT', `/api/inventory/${item.id}/adjust`, { delta: -1, reason: 'LOST' }, key);
    await t.sql(`update idempotency_keys set created_at = now() - interval '25 hours' where key = $1`, [key]);
    const later = await send('PUT', `/api/inventory/${item.id}/adjust`, { delta: -1, reason: 'LOST' }, key);
    expect(later.json()).toMatchObject({ quantity: 8 });
  });
});
