import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { insertLocation } from '../../../../test/factories/catalogue.js';
import { createProduct, insertProducts } from '../../../../test/factories/products.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let reader: { token: string };
let outsider: { token: string };
let shop: string;
let ids: string[];

type Page = {
  content: Array<{ id: string; active: boolean }>;
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t);
  reader = await staffMember(t, owner.token, ['ROLE_PRODUCT_READER']);
  outsider = await staffMember(t, owner.token, ['ROLE_INVENTORY_READER']);
  shop = await insertLocation(t, owner.businessId, { name: 'Shop' });
  other = await ownerWithBusiness(t, 'Other Shop');

  // 60 products; some discontinued and some deleted through the API, at the start, in runs, and
  // at the end, so that pages straddle every kind of hole.
  ids = await insertProducts(t, owner.businessId, shop, 60);
  const discontinued = [0, 1, 7, 8, 9, 20, 33, 34, 58];
  const deleted = [2, 10, 11, 21, 22, 23, 40, 59];
  for (const index of discontinued) {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${ids[index]}/location/${shop}/discontinue`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
  }
  for (const index of deleted) {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${ids[index]}/location/${shop}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
  }
  // One more through the API after the holes: it takes the next position, at the end.
  await createProduct(t, owner.token, { sku: 'LAST-1', locationId: shop });
});
afterAll(async () => {
  await t.close();
});

function list(token: string, locationId: string, query: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/products/location/${locationId}?${query}`,
    headers: bearer(token),
  });
}

/** The reference: the whole list by a plain ORDER BY, to slice as LIMIT/OFFSET would. */
async function plainList(active: 'true' | 'false' | 'all'): Promise<string[]> {
  const filter = active === 'all' ? '' : `and active = ${active}`;
  const { rows } = await t.sql(
    `select id from products where business_id = $1 and location_id = $2 ${filter} order by list_position`,
    [owner.businessId, shop],
  );
  return rows.map((row: { id: string }) => row.id);
}

describe('products (paging a location by position)', () => {
  describe('listProductsByLocation', () => {
    it('answers every page of every size and filter as ORDER BY/OFFSET would', async () => {
      for (const active of ['true', 'all', 'false'] as const) {
        const reference = await plainList(active);
        for (const size of [1, 3, 7, 10, 25, 100]) {
          const pages = Math.ceil(reference.length / size) + 1;
          for (let page = 0; page <= pages; page++) {
            const res = await list(owner.token, shop, `page=${page}&size=${size}&active=${active}`);
            expect(res.statusCode).toBe(200);
            const body: Page = res.json();
            const where = `active=${active} size=${size} page=${page}`;
            expect(
              body.content.map((p) => p.id),
              where,
            ).toEqual(reference.slice(page * size, (page + 1) * size));
            expect(body.totalElements, where).toBe(reference.length);
            expect(body.totalPages, where).toBe(Math.ceil(reference.length / size));
            expect(body).toMatchObject({ page, size });
          }
        }
      }
    });

    it('lists active products by default, ten a page, in the order they were added', async () => {
      const res = await list(owner.token, shop, '');
      expect(res.statusCode).toBe(200);
      const body: Page = res.json();
      expect(body.size).toBe(10);
      expect(body.content.every((p) => p.active)).toBe(true);
      // 61 placed, 8 deleted, 9 discontinued.
      expect(body.totalElements).toBe(44);
      expect(body.content[0]?.id).toBe(ids[3]);
      const last = await list(owner.token, shop, 'page=4&size=10');
      expect(last.json<Page>().content.at(-1)).toMatchObject({ sku: 'LAST-1' });
    });

    it('answers an empty page past the end', async () => {
      const res = await list(owner.token, shop, 'page=2000&size=10');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ content: [], page: 2000, totalElements: 44, totalPages: 5 });
    });

    it('answers 404 with the specification text at a location without products', async () => {
      const empty = await insertLocation(t, owner.businessId, { name: 'Empty' });
      const res = await list(owner.token, empty, '');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'No products available in this location.',
      });
      // Also when every product placed there was deleted again.
      const cleared = await insertLocation(t, owner.businessId, { name: 'Cleared' });
      const product = await createProduct(t, owner.token, { sku: 'GONE-1', locationId: cleared });
      await t.app.inject({
        method: 'DELETE',
        url: `/api/products/${product.id}/location/${cleared}`,
        headers: bearer(owner.token),
      });
      const after = await list(owner.token, cleared, 'active=all');
      expect(after.statusCode).toBe(404);
      expect(after.json().message).toBe('No products available in this location.');
    });

    it("answers 404 for another business's location and shows none of its products", async () => {
      const theirs = await insertLocation(t, other.businessId, { name: 'Theirs' });
      await insertProducts(t, other.businessId, theirs, 5, 'THEIRS');
      const res = await list(owner.token, theirs, '');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('The location was not found.');
      const mine: Page = (await list(owner.token, shop, 'size=100&active=all')).json();
      const { rows } = await t.sql(`select id from products where business_id = $1`, [other.businessId]);
      const foreign = new Set(rows.map((row: { id: string }) => row.id));
      expect(mine.content.some((p) => foreign.has(p.id))).toBe(false);
    });

    it('answers 400 for bad paging values', async () => {
      for (const query of ['page=-1', 'size=0', 'size=101', 'page=x', 'active=maybe']) {
        const res = await list(owner.token, shop, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().details.fieldErrors, query).toBeDefined();
      }
    });

    it('lets product readers list and refuses other roles (403) and strangers (401)', async () => {
      expect((await list(reader.token, shop, '')).statusCode).toBe(200);
      expect((await list(outsider.token, shop, '')).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/products/location/${shop}` });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
