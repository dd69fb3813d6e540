/**
 * Security review of the inventory API: hostile input from a signed-in user, and a lower role.
 *
 * Threat: a user allowed to change stock (or only to read it) who sends what no form would:
 * numbers at and past every edge (huge deltas, 2^31 and past, non-integers, numbers as text),
 * NUL characters, fields the API sets itself, prototype keys, search text full of wildcards and
 * quotes, lists of 10,000 lines, and a lower role's token on calls it may not make. Every answer
 * must be a clear 4xx or a correct 2xx, never a 500; a refused request writes nothing anywhere;
 * a quantity can never overflow its integer column nor go below 0.
 */
import { randomUUID } from 'node:crypto';
import { MAX_STOCK_QUANTITY, type TInventoryItem } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, staffTokensByRole } from '../factories/accounts.js';
import { setPlan } from '../factories/catalogue.js';
import {
  expectLedgerBalanced,
  insertProductAt,
  ledgerOf,
  openStock,
  quantityOf,
} from '../factories/inventory.js';
import {
  expectRefusal,
  inventoryFingerprint,
  seedStock,
  sendAs,
  type Call,
  type Stock,
} from './inventory-kit.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let s: Stock;
let staff: { reader: string; assistant: string; contributor: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Input Stores');
  await setPlan(t, owner.businessId, 'SUPREME');
  s = await seedStock(t, owner, 'Input', '4006381333931');
  staff = await staffTokensByRole(t, owner.token, {
    reader: 'ROLE_INVENTORY_READER',
    assistant: 'ROLE_STORE_ASSISTANT',
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

const call = (request: Call, token = owner.token) => sendAs(t, token, request);
const raw = (method: 'POST' | 'PUT', url: string, body: string, contentType = 'application/json') =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(owner.token), 'content-type': contentType },
    payload: body,
  });

async function freshItem(quantity: number): Promise<TInventoryItem> {
  const { id } = await insertProductAt(t, owner.businessId, s.shopId);
  return openStock(t, owner.token, { productId: id, locationId: s.shopId, quantity });
}

/** Sends each request, expecting `status` and nothing written anywhere. */
async function refusedWithoutWrites(
  requests: Array<[string, () => Promise<LightMyRequestResponse>]>,
  status: number,
) {
  for (const [what, send] of requests) {
    const before = await inventoryFingerprint(t);
    const res = await send();
    expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
    expect(res.body).not.toMatch(/stack|at .*\.ts:\d+/);
    expect(await inventoryFingerprint(t), `${what} wrote`).toEqual(before);
  }
}

const EDGE_NUMBERS: unknown[] = [
  -1,
  1.5,
  0.1 + 0.2,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 + 2,
  1e308,
  -1e308,
  '5',
  '1e3',
  true,
  null,
  [],
  {},
];

describe('SECURITY inventory: hostile input', () => {
  it('refuses quantities, deltas and counts at and past every edge with a 400 on the field, writing nothing', async () => {
    const item = await freshItem(10);
    const requests: Array<[string, () => Promise<LightMyRequestResponse>]> = [];
    for (const value of EDGE_NUMBERS) {
      const label = JSON.stringify(value);
      requests.push(
        [
          `create quantity ${label}`,
          () =>
            call({
              method: 'POST',
              url: '/api/inventory',
              json: { productId: s.freeProductId, locationId: s.shopId, quantity: value },
            }),
        ],
        [
          `create reorderPoint ${label}`,
          () =>
            call({
              method: 'POST',
              url: '/api/inventory',
              json: {
                productId: s.freeProductId,
                locationId: s.shopId,
                quantity: 1,
                reorderPoint: value === null ? -1 : value,
              },
            }),
        ],
        [
          `batch quantity ${label}`,
          () =>
            call({
              method: 'POST',
              url: '/api/inventory/batch',
              json: [{ productId: s.freeProductId, locationId: s.shopId, quantity: value }],
            }),
        ],
        [
          `count ${label}`,
          () =>
            call({
              method: 'PUT',
              url: `/api/inventory/${item.id}/location/${s.shopId}`,
              json: { quantity: value },
            }),
        ],
      );
      if (value !== -1)
        requests.push(
          [
            `adjust delta ${label}`,
            () =>
              call({
                method: 'PUT',
                url: `/api/inventory/${item.id}/adjust`,
                json: { delta: value, reason: 'FOUND' },
              }),
          ],
          [
            `adjust many delta ${label}`,
            () =>
              call({
                method: 'PUT',
                url: '/api/inventory/adjust',
                json: [{ inventoryId: item.id, delta: value, reason: 'FOUND' }],
              }),
          ],
        );
    }
    requests.push(
      [
        'adjust delta 0',
        () =>
          call({
            method: 'PUT',
            url: `/api/inventory/${item.id}/adjust`,
            json: { delta: 0, reason: 'FOUND' },
          }),
      ],
      [
        'adjust delta -0',
        () => raw('PUT', `/api/inventory/${item.id}/adjust`, '{"delta":-0,"reason":"FOUND"}'),
      ],
      [
        'adjust delta past the bound',
        () =>
          call({
            method: 'PUT',
            url: `/api/inventory/${item.id}/adjust`,
            json: { delta: -(MAX_STOCK_QUANTITY + 1), reason: 'LOST' },
          }),
      ],
      [
        'adjust a reason of the ledger, not a cause',
        () =>
          call({
            method: 'PUT',
            url: `/api/inventory/${item.id}/adjust`,
            json: { delta: 1, reason: 'MOVEMENT_IN' },
          }),
      ],
      [
        'number with a huge exponent as raw JSON',
        () => raw('PUT', `/api/inventory/${item.id}/adjust`, '{"delta":1e400,"reason":"FOUND"}'),
      ],
    );
    await refusedWithoutWrites(requests, 400);
    expect(await quantityOf(t, item.id)).toBe(10);
  });

  it('keeps huge deltas inside the bounds: below 0 is 409 INSUFFICIENT_STOCK, past the most an item holds 409, never a 500', async () => {
    const item = await freshItem(20);
    await refusedWithoutWrites(
      [
        [
          'take a billion',
          () =>
            call({
              method: 'PUT',
              url: `/api/inventory/${item.id}/adjust`,
              json: { delta: -MAX_STOCK_QUANTITY, reason: 'THEFT' },
            }),
        ],
        [
          'add a billion to 20',
          () =>
            call({
              method: 'PUT',
              url: `/api/inventory/${item.id}/adjust`,
              json: { delta: MAX_STOCK_QUANTITY, reason: 'FOUND' },
            }),
        ],
        [
          'two billions in one batch (past 2^31 together)',
          () =>
            call({
              method: 'PUT',
              url: '/api/inventory/adjust',
              json: [
                { inventoryId: item.id, delta: MAX_STOCK_QUANTITY - 20, reason: 'FOUND' },
                { inventoryId: item.id, delta: MAX_STOCK_QUANTITY, reason: 'FOUND' },
                { inventoryId: item.id, delta: MAX_STOCK_QUANTITY, reason: 'FOUND' },
              ],
            }),
        ],
      ],
      409,
    );
    // Up to the bound exactly, then not one more, however it is asked.
    const full = await call({
      method: 'PUT',
      url: `/api/inventory/${item.id}/adjust`,
      json: { delta: MAX_STOCK_QUANTITY - 20, reason: 'FOUND' },
    });
    expect(full.json()).toMatchObject({ quantity: MAX_STOCK_QUANTITY });
    for (const delta of [1, MAX_STOCK_QUANTITY]) {
      const res = await call({
        method: 'PUT',
        url: `/api/inventory/${item.id}/adjust`,
        json: { delta, reason: 'FOUND' },
      });
      expectRefusal(res, 409, 'CONFLICT');
    }
    // Sums over many full items pass 2^31 without overflowing.
    const other = await freshItem(0);
    await call({
      method: 'PUT',
      url: `/api/inventory/${other.id}/location/${s.shopId}`,
      json: { quantity: MAX_STOCK_QUANTITY },
    });
    const third = await freshItem(0);
    await call({
      method: 'PUT',
      url: `/api/inventory/${third.id}/location/${s.shopId}`,
      json: { quantity: MAX_STOCK_QUANTITY },
    });
    const count = await call({ method: 'GET', url: `/api/inventory/count?locationId=${s.shopId}` });
    expect(count.statusCode).toBe(200);
    expect(count.json<{ totalQuantity: number }>().totalQuantity).toBeGreaterThan(2 ** 31);
    const page = await call({ method: 'GET', url: `/api/inventory/page/location/${s.shopId}?size=100` });
    expect(page.statusCode).toBe(200);
  });

  it('refuses NUL characters in bodies, paths and queries with a 400, writing nothing', async () => {
    const item = await freshItem(5);
    await refusedWithoutWrites(
      [
        [
          'note',
          () =>
            call({
              method: 'PUT',
              url: `/api/inventory/${item.id}/adjust`,
              json: { delta: 1, reason: 'FOUND', note: 'a\u0000b' },
            }),
        ],
        [
          'count note',
          () =>
            call({
              method: 'PUT',
              url: `/api/inventory/${item.id}/location/${s.shopId}`,
              json: { quantity: 1, note: '\u0000' },
            }),
        ],
        [
          'batch note',
          () =>
            call({
              method: 'PUT',
              url: '/api/inventory/adjust',
              json: [{ inventoryId: item.id, delta: 1, reason: 'FOUND', note: 'x\u0000' }],
            }),
        ],
        [
          'reason',
          () =>
            call({
              method: 'PUT',
              url: `/api/inventory/${item.id}/adjust`,
              json: { delta: 1, reason: 'FOUND\u0000' },
            }),
        ],
        [
          'sku in the path',
          () => call({ method: 'GET', url: `/api/inventory/sku/INPUT%00TEA/location/${s.shopId}` }),
        ],
        [
          'search',
          () => call({ method: 'GET', url: `/api/inventory/page/location/${s.shopId}?search=te%00a` }),
        ],
        [
          'suggestions',
          () => call({ method: 'GET', url: `/api/inventory/search/sku?query=%00&locationId=${s.shopId}` }),
        ],
        ['availability', () => call({ method: 'GET', url: '/api/inventory/availability?sku=A%00' })],
      ],
      400,
    );
  });

  it('ignores fields the API sets itself: ids, business, active, dates, the quantity of an adjustment, the user', async () => {
    const forged = {
      id: randomUUID(),
      inventoryId: randomUUID(),
      businessId: randomUUID(),
      business_id: randomUUID(),
      active: false,
      createdAt: '2000-01-01T00:00:00Z',
      userId: randomUUID(),
      reason: 'COUNT',
    };
    const { id: productId } = await insertProductAt(t, owner.businessId, s.shopId);
    const created = await call({
      method: 'POST',
      url: '/api/inventory',
      json: { ...forged, productId, locationId: s.shopId, quantity: 3 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<TInventoryItem>();
    expect(item.id).not.toBe(forged.id);
    expect(item).toMatchObject({ active: true, quantity: 3 });
    const { rows } = await t.sql('select business_id from inventory_items where id = $1', [item.id]);
    expect(rows).toEqual([{ business_id: owner.businessId }]);
    const adjusted = await call({
      method: 'PUT',
      url: `/api/inventory/${item.id}/adjust`,
      json: {
        delta: 1,
        reason: 'FOUND',
        quantity: 999,
        quantityAfter: 999,
        userId: forged.userId,
        inventoryId: s.held.id,
      },
    });
    expect(adjusted.json()).toMatchObject({ id: item.id, quantity: 4 });
    expect((await ledgerOf(t, item.id)).at(-1)).toMatchObject({
      delta: 1,
      quantity_after: 4,
      user_id: owner.userId,
    });
    expect(await quantityOf(t, s.held.id)).toBe(20);
  });

  it('refuses prototype keys, malformed JSON and other content types without a 500', async () => {
    const item = await freshItem(5);
    const attempts: Array<[string, () => Promise<LightMyRequestResponse>, number]> = [
      [
        '__proto__',
        () =>
          raw(
            'PUT',
            `/api/inventory/${item.id}/adjust`,
            '{"delta":1,"reason":"FOUND","__proto__":{"delta":-5}}',
          ),
        400,
      ],
      [
        'constructor.prototype',
        () =>
          raw(
            'PUT',
            `/api/inventory/${item.id}/adjust`,
            '{"delta":1,"reason":"FOUND","constructor":{"prototype":{"x":1}}}',
          ),
        400,
      ],
      ['truncated JSON', () => raw('PUT', `/api/inventory/${item.id}/adjust`, '{"delta":1,'), 400],
      ['text/plain', () => raw('PUT', `/api/inventory/${item.id}/adjust`, 'delta=1', 'text/plain'), 415],
      [
        'form encoded',
        () => raw('POST', '/api/inventory', 'productId=x', 'application/x-www-form-urlencoded'),
        415,
      ],
    ];
    for (const [what, send, status] of attempts) await refusedWithoutWrites([[what, send]], status);
  });

  it('takes wildcards, quotes and odd text in searches literally, and refuses overlong ones', async () => {
    for (const search of ['%', '_', "' or 1=1 --", '\\', 'ｉｎｐｕｔ', '🍵', '*', '(', '[a-z]']) {
      for (const url of [
        `/api/inventory/page/location/${s.shopId}?search=${encodeURIComponent(search)}`,
        `/api/inventory/products/search?locationId=${s.shopId}&query=${encodeURIComponent(search)}`,
        `/api/inventory/search/sku?locationId=${s.shopId}&query=${encodeURIComponent(search)}`,
      ]) {
        const res = await call({ method: 'GET', url });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        expect(res.json(), url).toMatchObject({ content: [], totalElements: 0 });
      }
    }
    for (const url of [
      `/api/inventory/page/location/${s.shopId}?search=${'a'.repeat(65)}`,
      `/api/inventory/page/location/${s.shopId}?page=1&page=2`,
      `/api/inventory/page/location/${s.shopId}?size=ten`,
      `/api/inventory/availability?sku=${'A'.repeat(65)}`,
      `/api/inventory/availability?sku=${encodeURIComponent('../../etc')}`,
      `/api/inventory/count?locationId=${s.shopId}'--`,
      `/api/inventory/not-a-uuid/location/${s.shopId}`,
    ])
      expectRefusal(await call({ method: 'GET', url }), 400, 'VALIDATION_ERROR', url);
  });

  it('refuses lists of 10,000 lines quickly, writing nothing', async () => {
    const item = await freshItem(5);
    const started = Date.now();
    const lines = 10_000;
    for (const [what, request] of [
      [
        'adjust many',
        {
          method: 'PUT',
          url: '/api/inventory/adjust',
          json: Array.from({ length: lines }, () => ({ inventoryId: item.id, delta: -1, reason: 'LOST' })),
        },
      ],
      [
        'batch',
        {
          method: 'POST',
          url: '/api/inventory/batch',
          json: Array.from({ length: lines }, () => ({
            productId: s.freeProductId,
            locationId: s.shopId,
            quantity: 1,
          })),
        },
      ],
    ] as Array<[string, Call]>) {
      const before = await inventoryFingerprint(t);
      const res = await call(request);
      expect([400, 413], `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(await inventoryFingerprint(t), what).toEqual(before);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await quantityOf(t, item.id)).toBe(5);
  });
});

describe('SECURITY inventory: a lower role', () => {
  it('refuses the reader every write and the assistant creating, retiring and deleting, with a 403 that writes nothing', async () => {
    const item = await freshItem(5);
    const key = { 'idempotency-key': 'lower-role-key' };
    const writes: Call[] = [
      {
        method: 'POST',
        url: '/api/inventory',
        json: { productId: s.freeProductId, locationId: s.shopId, quantity: 1_000 },
        headers: key,
      },
      {
        method: 'POST',
        url: '/api/inventory/batch',
        json: [{ productId: s.freeProductId, locationId: s.shopId, quantity: 1 }],
        headers: key,
      },
      { method: 'PATCH', url: `/api/inventory/${item.id}/location/${s.shopId}/retire` },
      { method: 'DELETE', url: `/api/inventory/${s.empty.id}/location/${s.shopId}` },
      { method: 'DELETE', url: `/api/inventory/location/${s.shopId}/zero-quantity` },
    ];
    const adjustments: Call[] = [
      {
        method: 'PUT',
        url: `/api/inventory/${item.id}/adjust`,
        json: { delta: -5, reason: 'THEFT' },
        headers: key,
      },
      {
        method: 'PUT',
        url: '/api/inventory/adjust',
        json: [{ inventoryId: item.id, delta: -5, reason: 'THEFT' }],
        headers: key,
      },
      {
        method: 'PUT',
        url: `/api/inventory/${item.id}/location/${s.shopId}`,
        json: { quantity: 0 },
        headers: key,
      },
    ];
    const attempts: Array<[string, Call]> = [
      ...[...writes, ...adjustments].map((request): [string, Call] => [staff.reader, request]),
      ...writes.map((request): [string, Call] => [staff.assistant, request]),
      [staff.contributor, writes[3]!],
      [staff.contributor, writes[4]!],
    ];
    for (const [token, request] of attempts) {
      const before = await inventoryFingerprint(t);
      const res = await call(request, token);
      expectRefusal(res, 403, 'FORBIDDEN', `${request.method} ${request.url}`);
      expect(await inventoryFingerprint(t)).toEqual(before);
    }
    // Forged ids under a refused role are refused the same way: 403 before anything is looked up.
    expectRefusal(
      await call(
        { method: 'PUT', url: `/api/inventory/${randomUUID()}/adjust`, json: { delta: 1, reason: 'FOUND' } },
        staff.reader,
      ),
      403,
      'FORBIDDEN',
    );
    expect(await quantityOf(t, item.id)).toBe(5);
    // The assistant's own adjustment goes through, and its ledger row names the assistant's change.
    const allowed = await call(adjustments[0]!, staff.assistant);
    expect(allowed.json()).toMatchObject({ quantity: 0 });
  });
});
