import type { TPage, TStockRow } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { apiCaller, ownerWithBusiness } from '../../../../test/factories/accounts.js';
import { insertLocation } from '../../../../test/factories/catalogue.js';
import {
  expectLedgerBalanced,
  insertProductAt,
  positionsOutOfLine,
} from '../../../../test/factories/inventory.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { ensureItems } from '../stock/stock.service.js';

/**
 * The stock table pages by position (stock-page.repository.ts): whatever was retired, deleted or
 * added since, every page at every depth and size must be the slice of the items in the order
 * they were added that a plain filter of that list gives, with its total; and the positions of a
 * location must stay exactly 1..last_position over its items and gaps (positionsOutOfLine).
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let shop: string;

/** The shop's items in the order they were added: the test's own record of what the table holds. */
type Kept = {
  id: string;
  sku: string;
  name: string;
  quantity: number;
  reorderPoint: number | null;
  active: boolean;
  deleted: boolean;
};
const added: Kept[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Paged Stock');
  shop = await insertLocation(t, owner.businessId, { name: 'Shop' });
  await addItems(30);
});
afterAll(async () => {
  try {
    expect(await positionsOutOfLine(t)).toEqual([]);
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
});

const call = apiCaller(() => t);

/**
 * `count` new items in one batch, SKUs falling as they are added (so SKU order is the reverse of
 * the table's): every third at 0, every fourth under its reorder point, names alternating.
 */
async function addItems(count: number): Promise<void> {
  const start = added.length;
  const body = [];
  for (let k = start + 1; k <= start + count; k++) {
    const sku = `S-${String(1000 - k)}`;
    const name = k % 2 ? `Green tea ${k}` : `Coffee ${k}`;
    const { id: productId } = await insertProductAt(t, owner.businessId, shop, { sku, name });
    const quantity = k % 3 === 0 ? 0 : k;
    const reorderPoint = k % 4 === 0 ? quantity + 1 : null;
    body.push({ productId, locationId: shop, quantity, reorderPoint });
    added.push({ id: '', sku, name, quantity, reorderPoint, active: true, deleted: false });
  }
  const res = await call('POST', '/api/inventory/batch', owner.token, body);
  expect(res.statusCode, res.body).toBe(201);
  res.json<Array<{ id: string }>>().forEach((item, i) => {
    const kept = added[start + i];
    if (kept) kept.id = item.id;
  });
}

/** The k-th item added (from 1). */
function nth(k: number): Kept {
  const kept = added[k - 1];
  if (!kept) throw new Error(`no item ${k}`);
  return kept;
}

type Filter = { query: string; keeps: (item: Kept) => boolean };

const FILTERS: Filter[] = [
  { query: '', keeps: (item) => item.active },
  { query: 'active=all', keeps: () => true },
  { query: 'active=false', keeps: (item) => !item.active },
  {
    query: 'isLowStock=true',
    keeps: (item) => item.active && item.reorderPoint !== null && item.quantity < item.reorderPoint,
  },
  {
    query: 'search=green&active=all',
    keeps: (item) => item.name.toLowerCase().startsWith('green'),
  },
  { query: 'search=s-99', keeps: (item) => item.active && item.sku.toLowerCase().startsWith('s-99') },
];

/** Every page of every filter at several sizes, up to one past the end, against the record. */
async function expectEveryPage(): Promise<void> {
  expect(await positionsOutOfLine(t)).toEqual([]);
  for (const filter of FILTERS) {
    const expected = added.filter((item) => !item.deleted && filter.keeps(item)).map((item) => item.sku);
    for (const size of [1, 4, 7, 10, 100]) {
      const pages = Math.ceil(expected.length / size);
      for (let page = 0; page <= pages; page++) {
        const res = await call(
          'GET',
          `/api/inventory/page/location/${shop}?page=${page}&size=${size}&${filter.query}`,
          owner.token,
        );
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json<TPage<TStockRow>>();
        const where = `${filter.query} page ${page} size ${size}`;
        expect(
          answer.content.map((row) => row.sku),
          where,
        ).toEqual(expected.slice(page * size, (page + 1) * size));
        expect(answer.totalElements, where).toBe(expected.length);
      }
    }
  }
}

async function retire(k: number, active: boolean): Promise<void> {
  const action = active ? 'reactivate' : 'retire';
  const res = await call('PATCH', `/api/inventory/${nth(k).id}/location/${shop}/${action}`, owner.token);
  expect(res.statusCode, res.body).toBe(200);
  nth(k).active = active;
}

describe('the stock table, paged by position', () => {
  it('pages the items in the order they were added, at every depth', async () => {
    await expectEveryPage();
  });

  it('steps over retired and deleted items, first, last and in runs', async () => {
    for (const k of [2, 5, 7, 8, 29]) await retire(k, false);
    // Deletable: at 0 (every third), the first's and the last's quantities taken to 0 first.
    for (const k of [1, 30]) {
      const res = await call('PUT', `/api/inventory/${nth(k).id}/location/${shop}`, owner.token, {
        quantity: 0,
      });
      expect(res.statusCode, res.body).toBe(200);
      nth(k).quantity = 0;
    }
    for (const k of [1, 12, 15, 30]) {
      const res = await call('DELETE', `/api/inventory/${nth(k).id}/location/${shop}`, owner.token);
      expect(res.statusCode, res.body).toBe(204);
      nth(k).deleted = true;
    }
    await expectEveryPage();
  });

  it('adds new items after the last position, and a reactivated one where it was', async () => {
    await addItems(5);
    await retire(5, true);
    await expectEveryPage();
  });

  it('steps over the gaps the removal of every empty item leaves', async () => {
    const res = await call('DELETE', `/api/inventory/location/${shop}/zero-quantity`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    for (const item of added) if (item.quantity === 0) item.deleted = true;
    expect(added.filter((item) => item.deleted).length).toBeGreaterThan(8);
    await expectEveryPage();
  });

  it('hands out one position each to items created at one location at the same time', async () => {
    const yard = await insertLocation(t, owner.businessId, { name: 'Yard' });
    const products = await Promise.all(
      Array.from({ length: 12 }, (_, i) => insertProductAt(t, owner.businessId, yard, { sku: `Y-${i}` })),
    );
    const answers = await Promise.all(
      products.map((product) =>
        call('POST', '/api/inventory', owner.token, { productId: product.id, locationId: yard, quantity: 1 }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 201));
    expect(await positionsOutOfLine(t)).toEqual([]);
    const page = await call('GET', `/api/inventory/page/location/${yard}?size=100`, owner.token);
    expect(page.json<TPage<TStockRow>>().totalElements).toBe(12);
  });

  it('records the position of a creation that lost the race for its product as a gap', async () => {
    const dock = await insertLocation(t, owner.businessId, { name: 'Dock' });
    const product = await insertProductAt(t, owner.businessId, dock, { sku: 'RACE-1' });
    const pair = [{ locationId: dock, productId: product.id }];
    const principal = {
      userId: owner.userId,
      businessId: owner.businessId,
      roles: ['ROLE_BUSINESS_OWNER' as const],
      tokenVersion: 0,
      tokenId: owner.userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    };
    // The first creates the item and holds the location's counter until it commits; the second
    // starts meanwhile (its snapshot sees no item), waits for the counter, then meets the item.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let created: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (created = resolve));
    const winner = inTenant(t.database.db, principal, async (scope) => {
      await ensureItems(scope, pair);
      created();
      await held;
    });
    await first;
    const loser = inTenant(t.database.db, principal, (scope) => ensureItems(scope, pair));
    await waitForLockWait();
    release();
    await Promise.all([winner, loser]);
    const { rows } = await t.sql(
      `select (select count(*)::int from inventory_items where location_id = $1) as items,
              (select array_agg(list_position order by list_position) from inventory_position_gaps where location_id = $1) as gaps`,
      [dock],
    );
    expect(rows[0]).toEqual({ items: 1, gaps: ['2'] });
    expect(await positionsOutOfLine(t)).toEqual([]);
    const page = await call('GET', `/api/inventory/page/location/${dock}`, owner.token);
    expect(page.json<TPage<TStockRow>>()).toMatchObject({ totalElements: 1, content: [{ sku: 'RACE-1' }] });
  });

  it('answers an empty page for a location that never held stock', async () => {
    const empty = await insertLocation(t, owner.businessId, { name: 'Empty' });
    for (const query of ['', 'page=3', 'active=all', 'active=false', 'search=x']) {
      const res = await call('GET', `/api/inventory/page/location/${empty}?${query}`, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
    }
  });
});

/** Until some transaction waits for a lock (the loser, on the counter), at most 5 s. */
async function waitForLockWait(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    // pg_locks spans the cluster: a lock wait in another test file's database must not count (a
    // row lock's wait is on a transaction id, which names no database: the waiter's session does).
    const { rows } = await t.sql(
      `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where not l.granted and a.datname = current_database()`,
    );
    if ((rows[0] as { n: number }).n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the second creation never waited for the first');
}
