import { randomUUID } from 'node:crypto';
import type { TCategory } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { insertLocation, setPlan } from '../../../../test/factories/catalogue.js';

type Account = { token: string; businessId?: string };

let t: TestApp;
let owner: Account & { businessId: string };
let other: Account & { businessId: string };
let reader: Account;
let contributor: Account;
let admin: Account;
let inventoryAdmin: Account;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Greengrocer');
  other = await ownerWithBusiness(t, 'Elsewhere Market');
  // The Free plan allows two staff users; these tests need four.
  await setPlan(t, owner.businessId, 'SUPREME');
  reader = await staffMember(t, owner.token, ['ROLE_PRODUCT_READER']);
  contributor = await staffMember(t, owner.token, ['ROLE_PRODUCT_CONTRIBUTOR']);
  admin = await staffMember(t, owner.token, ['ROLE_PRODUCT_ADMIN']);
  inventoryAdmin = await staffMember(t, owner.token, ['ROLE_INVENTORY_ADMIN']);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: Account | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

async function createCategory(
  locationId: string,
  categoryName: string,
  who: Account = owner,
  extra: object = {},
): Promise<TCategory> {
  const res = await call(who, 'POST', '/api/categories', { categoryName, locationId, ...extra });
  if (res.statusCode !== 201) throw new Error(`create category failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A product row as the products area writes it: its list position from the location's sequence. */
async function insertProduct(businessId: string, locationId: string, categoryId: string): Promise<string> {
  const id = randomUUID();
  const { rows } = await t.sql(
    `update locations set product_position_seq = product_position_seq + 1
      where business_id = $1 and id = $2 returning product_position_seq`,
    [businessId, locationId],
  );
  await t.sql(
    `insert into products (business_id, id, location_id, sku, name, price, category_id, list_position)
     values ($1, $2, $3, $4, 'Apples', 1.50, $5, $6)`,
    [businessId, id, locationId, `SKU-${id.slice(0, 8)}`, categoryId, rows[0].product_position_seq],
  );
  return id;
}

const names = (list: TCategory[]) => list.map((category) => category.categoryName);

describe('categories', () => {
  describe('createCategory', () => {
    it('creates a category at a location with the location named in the answer', async () => {
      const locationId = await insertLocation(t, owner.businessId, { name: 'High Street' });
      const res = await call(owner, 'POST', '/api/categories', {
        categoryName: '  Dairy ',
        description: 'Milk and cheese',
        locationId,
      });
      expect(res.statusCode).toBe(201);
      const category: TCategory = res.json();
      expect(category).toMatchObject({
        categoryName: 'Dairy',
        description: 'Milk and cheese',
        locationId,
        location: { id: locationId, name: 'High Street' },
        active: true,
      });
      expect(category.categoryId).toBe(category.id);
      const { rows } = await t.sql(`select business_id, name from categories where id = $1`, [category.id]);
      expect(rows).toEqual([{ business_id: owner.businessId, name: 'Dairy' }]);
    });

    it.each([
      ['no name', { categoryName: '   ' }, 'categoryName'],
      ['a name of 81 characters', { categoryName: 'x'.repeat(81) }, 'categoryName'],
      ['a location that is no id', { locationId: 'shop-1' }, 'locationId'],
      ['a description that is no text', { description: 12 }, 'description'],
    ])('refuses %s with 400', async (_name, change, field) => {
      const locationId = await insertLocation(t, owner.businessId);
      const res = await call(owner, 'POST', '/api/categories', {
        categoryName: 'Bakery',
        locationId,
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fieldErrors[field]).toBeDefined();
    });

    it('refuses a name the location has already, whatever its case, with 409 on categoryName', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      await createCategory(locationId, 'Frozen Food');
      const res = await call(owner, 'POST', '/api/categories', { categoryName: 'FROZEN food', locationId });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'categoryName' } });
      expect(res.json().message).toContain('already exists');
      const elsewhere = await insertLocation(t, owner.businessId);
      expect(
        (await call(owner, 'POST', '/api/categories', { categoryName: 'Frozen Food', locationId: elsewhere }))
          .statusCode,
      ).toBe(201);
    });

    it('refuses a discontinued location with 409 on locationId', async () => {
      const locationId = await insertLocation(t, owner.businessId, { active: false });
      const res = await call(owner, 'POST', '/api/categories', { categoryName: 'Snacks', locationId });
      expect(res.statusCode).toBe(409);
      expect(res.json().details).toEqual({ field: 'locationId' });
    });

    it("answers 404 for another business's location or an unknown one", async () => {
      const theirs = await insertLocation(t, other.businessId);
      for (const locationId of [theirs, randomUUID()]) {
        const res = await call(owner, 'POST', '/api/categories', { categoryName: 'Snacks', locationId });
        expect(res.statusCode).toBe(404);
      }
      expect((await t.sql(`select 1 from categories where location_id = $1`, [theirs])).rowCount).toBe(0);
    });

    it('lets a product contributor create; refuses a product reader and an inventory admin', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      expect(
        (await call(contributor, 'POST', '/api/categories', { categoryName: 'Tea', locationId })).statusCode,
      ).toBe(201);
      for (const who of [reader, inventoryAdmin]) {
        const res = await call(who, 'POST', '/api/categories', { categoryName: 'Coffee', locationId });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    });

    it('answers 401 without a token', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      expect(
        (await call(null, 'POST', '/api/categories', { categoryName: 'Tea', locationId })).statusCode,
      ).toBe(401);
    });
  });

  describe('listCategoriesAtLocation', () => {
    it('lists the active categories of the location by name, whatever the case; unfiltered adds the discontinued', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      await createCategory(locationId, 'bread');
      await createCategory(locationId, 'Apples');
      const gone = await createCategory(locationId, 'Candles');
      await createCategory(await insertLocation(t, owner.businessId), 'Another place');
      await call(owner, 'PATCH', `/api/categories/${gone.id}/location/${locationId}/discontinue`);

      const active = await call(reader, 'GET', `/api/categories/location/${locationId}`);
      expect(active.statusCode).toBe(200);
      expect(names(active.json())).toEqual(['Apples', 'bread']);
      const all = await call(reader, 'GET', `/api/categories/location/${locationId}/unfiltered`);
      expect(all.statusCode).toBe(200);
      expect(names(all.json())).toEqual(['Apples', 'bread', 'Candles']);
      expect(all.json()[2]).toMatchObject({ id: gone.id, active: false });
    });

    it('answers an empty list for a location without categories', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const res = await call(owner, 'GET', `/api/categories/location/${locationId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it("answers 404 for another business's location, so its categories never show", async () => {
      const theirs = await insertLocation(t, other.businessId);
      await createCategory(theirs, 'Their Category', other);
      for (const url of [
        `/api/categories/location/${theirs}`,
        `/api/categories/location/${theirs}/unfiltered`,
      ]) {
        expect((await call(owner, 'GET', url)).statusCode).toBe(404);
      }
      expect(names((await call(other, 'GET', `/api/categories/location/${theirs}`)).json())).toEqual([
        'Their Category',
      ]);
    });

    it('refuses an inventory admin and a caller without a token', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      expect((await call(inventoryAdmin, 'GET', `/api/categories/location/${locationId}`)).statusCode).toBe(
        403,
      );
      expect((await call(null, 'GET', `/api/categories/location/${locationId}/unfiltered`)).statusCode).toBe(
        401,
      );
    });

    it('answers 400 for a location that is no id', async () => {
      const res = await call(owner, 'GET', '/api/categories/location/main-street');
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fieldErrors.locationId).toBeDefined();
    });
  });

  describe('getCategoryAtLocation', () => {
    it('answers the category at its location and 404 at another location', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const elsewhere = await insertLocation(t, owner.businessId);
      const category = await createCategory(locationId, 'Spices');
      const res = await call(reader, 'GET', `/api/categories/${category.id}/location/${locationId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(category);
      const wrong = await call(owner, 'GET', `/api/categories/${category.id}/location/${elsewhere}`);
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().code).toBe('NOT_FOUND');
    });

    it("answers 404 for another business's category", async () => {
      const theirs = await insertLocation(t, other.businessId);
      const category = await createCategory(theirs, 'Secret', other);
      expect((await call(owner, 'GET', `/api/categories/${category.id}/location/${theirs}`)).statusCode).toBe(
        404,
      );
    });
  });

  describe('getCategoryByName', () => {
    it('finds the exact name whatever its case, and nothing by a part of it', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const category = await createCategory(locationId, 'Household');
      const found = await call(
        reader,
        'GET',
        `/api/categories/by-name?categoryName=HOUSEHOLD&locationId=${locationId}`,
      );
      expect(found.statusCode).toBe(200);
      expect(found.json()).toMatchObject({ id: category.id, categoryName: 'Household' });
      const part = await call(
        owner,
        'GET',
        `/api/categories/by-name?categoryName=House&locationId=${locationId}`,
      );
      expect(part.statusCode).toBe(404);
    });

    it('treats LIKE wildcards as plain characters', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      await createCategory(locationId, 'Wine');
      const res = await call(
        owner,
        'GET',
        `/api/categories/by-name?categoryName=W%25&locationId=${locationId}`,
      );
      expect(res.statusCode).toBe(404);
    });

    it("answers 404 at another business's location", async () => {
      const theirs = await insertLocation(t, other.businessId);
      await createCategory(theirs, 'Toys', other);
      expect(
        (await call(owner, 'GET', `/api/categories/by-name?categoryName=Toys&locationId=${theirs}`))
          .statusCode,
      ).toBe(404);
    });

    it('answers 400 without a name', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const res = await call(owner, 'GET', `/api/categories/by-name?locationId=${locationId}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fieldErrors.categoryName).toBeDefined();
    });
  });

  describe('updateCategory', () => {
    it('renames a category; an absent description stays and null clears it', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const category = await createCategory(locationId, 'Drinks', owner, { description: 'Cold ones' });
      const url = `/api/categories/${category.id}/location/${locationId}`;
      const renamed = await call(contributor, 'PUT', url, { categoryName: 'Beverages', locationId });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({
        id: category.id,
        categoryName: 'Beverages',
        description: 'Cold ones',
      });
      const cleared = await call(owner, 'PUT', url, {
        categoryName: 'Beverages',
        locationId,
        description: null,
      });
      expect(cleared.json().description).toBeNull();
      expect((await call(owner, 'GET', url)).json()).toEqual(cleared.json());
    });

    it('keeps its own name in another case, and refuses a name another category has', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const category = await createCategory(locationId, 'Pasta');
      await createCategory(locationId, 'Rice');
      const url = `/api/categories/${category.id}/location/${locationId}`;
      expect((await call(owner, 'PUT', url, { categoryName: 'PASTA', locationId })).statusCode).toBe(200);
      const clash = await call(owner, 'PUT', url, { categoryName: 'rice', locationId });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().details).toEqual({ field: 'categoryName' });
    });

    it('moves an unused category to another location', async () => {
      const from = await insertLocation(t, owner.businessId);
      const to = await insertLocation(t, owner.businessId, { name: 'Warehouse Road' });
      const category = await createCategory(from, 'Garden');
      const res = await call(owner, 'PUT', `/api/categories/${category.id}/location/${from}`, {
        categoryName: 'Garden',
        locationId: to,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ locationId: to, location: { id: to, name: 'Warehouse Road' } });
      expect((await call(owner, 'GET', `/api/categories/${category.id}/location/${from}`)).statusCode).toBe(
        404,
      );
      expect(names((await call(owner, 'GET', `/api/categories/location/${to}`)).json())).toEqual(['Garden']);
    });

    it('refuses to move a category that products use, or onto a taken name, or to a discontinued location', async () => {
      const from = await insertLocation(t, owner.businessId);
      const to = await insertLocation(t, owner.businessId);
      const closed = await insertLocation(t, owner.businessId, { active: false });
      const used = await createCategory(from, 'Fruit');
      await insertProduct(owner.businessId, from, used.id);
      const moved = await call(owner, 'PUT', `/api/categories/${used.id}/location/${from}`, {
        categoryName: 'Fruit',
        locationId: to,
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'locationId' } });

      const free = await createCategory(from, 'Veg');
      await createCategory(to, 'VEG');
      const clash = await call(owner, 'PUT', `/api/categories/${free.id}/location/${from}`, {
        categoryName: 'Veg',
        locationId: to,
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().details).toEqual({ field: 'categoryName' });
      const toClosed = await call(owner, 'PUT', `/api/categories/${free.id}/location/${from}`, {
        categoryName: 'Veg',
        locationId: closed,
      });
      expect(toClosed.statusCode).toBe(409);
      expect(toClosed.json().details).toEqual({ field: 'locationId' });
      const { rows } = await t.sql(`select location_id from categories where id = $1`, [free.id]);
      expect(rows).toEqual([{ location_id: from }]);
    });

    it("answers 404 at the wrong location path, for another business's category and for its location", async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const elsewhere = await insertLocation(t, owner.businessId);
      const category = await createCategory(locationId, 'Pets');
      const wrongPath = await call(owner, 'PUT', `/api/categories/${category.id}/location/${elsewhere}`, {
        categoryName: 'Pets',
        locationId: elsewhere,
      });
      expect(wrongPath.statusCode).toBe(404);
      const theirs = await insertLocation(t, other.businessId);
      const theirCategory = await createCategory(theirs, 'Pets', other);
      const res = await call(owner, 'PUT', `/api/categories/${theirCategory.id}/location/${theirs}`, {
        categoryName: 'Mine now',
        locationId,
      });
      expect(res.statusCode).toBe(404);
      const toTheirs = await call(owner, 'PUT', `/api/categories/${category.id}/location/${locationId}`, {
        categoryName: 'Pets',
        locationId: theirs,
      });
      expect(toTheirs.statusCode).toBe(404);
      const { rows } = await t.sql(`select name, location_id from categories where id = $1`, [
        theirCategory.id,
      ]);
      expect(rows).toEqual([{ name: 'Pets', location_id: theirs }]);
    });

    it('refuses a product reader with 403 and a bad body with 400', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const category = await createCategory(locationId, 'Baby');
      const url = `/api/categories/${category.id}/location/${locationId}`;
      expect((await call(reader, 'PUT', url, { categoryName: 'Infant', locationId })).statusCode).toBe(403);
      const bad = await call(owner, 'PUT', url, { categoryName: '', locationId });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fieldErrors.categoryName).toBeDefined();
    });
  });

  describe('deleteCategory', () => {
    it('deletes the category; its products stay, without a category', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const category = await createCategory(locationId, 'Cereal');
      const productId = await insertProduct(owner.businessId, locationId, category.id);
      const res = await call(admin, 'DELETE', `/api/categories/${category.id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const { rows } = await t.sql(`select category_id from products where id = $1`, [productId]);
      expect(rows).toEqual([{ category_id: null }]);
      expect(
        (await call(owner, 'GET', `/api/categories/${category.id}/location/${locationId}`)).statusCode,
      ).toBe(404);
      expect((await call(owner, 'DELETE', `/api/categories/${category.id}`)).statusCode).toBe(404);
    });

    it('refuses a product contributor with 403', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const category = await createCategory(locationId, 'Sauces');
      expect((await call(contributor, 'DELETE', `/api/categories/${category.id}`)).statusCode).toBe(403);
      expect((await t.sql(`select 1 from categories where id = $1`, [category.id])).rowCount).toBe(1);
    });

    it("answers 404 for another business's category and leaves it and its products alone", async () => {
      const theirs = await insertLocation(t, other.businessId);
      const category = await createCategory(theirs, 'Theirs', other);
      const productId = await insertProduct(other.businessId, theirs, category.id);
      expect((await call(owner, 'DELETE', `/api/categories/${category.id}`)).statusCode).toBe(404);
      const { rows } = await t.sql(`select category_id from products where id = $1`, [productId]);
      expect(rows).toEqual([{ category_id: category.id }]);
    });
  });

  describe('reactivateCategory and discontinueCategory', () => {
    it('discontinues and reactivates, answering the category each time', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const category = await createCategory(locationId, 'Seasonal');
      const base = `/api/categories/${category.id}/location/${locationId}`;
      const off = await call(contributor, 'PATCH', `${base}/discontinue`);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ id: category.id, categoryId: category.id, active: false });
      expect(names((await call(owner, 'GET', `/api/categories/location/${locationId}`)).json())).toEqual([]);
      const on = await call(owner, 'PATCH', `${base}/reactivate`, {});
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ id: category.id, active: true, location: { id: locationId } });
      expect(names((await call(owner, 'GET', `/api/categories/location/${locationId}`)).json())).toEqual([
        'Seasonal',
      ]);
    });

    it('refuses a body, a reader, the wrong location and another business', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const elsewhere = await insertLocation(t, owner.businessId);
      const category = await createCategory(locationId, 'Outdoor');
      const base = `/api/categories/${category.id}/location/${locationId}`;
      expect((await call(owner, 'PATCH', `${base}/discontinue`, { active: false })).statusCode).toBe(400);
      expect((await call(reader, 'PATCH', `${base}/discontinue`)).statusCode).toBe(403);
      expect((await call(null, 'PATCH', `${base}/discontinue`)).statusCode).toBe(401);
      expect(
        (await call(owner, 'PATCH', `/api/categories/${category.id}/location/${elsewhere}/discontinue`))
          .statusCode,
      ).toBe(404);
      const theirs = await insertLocation(t, other.businessId);
      const theirCategory = await createCategory(theirs, 'Outdoor', other);
      expect(
        (await call(owner, 'PATCH', `/api/categories/${theirCategory.id}/location/${theirs}/discontinue`))
          .statusCode,
      ).toBe(404);
      const { rows } = await t.sql(`select active from categories where id = any($1)`, [
        [category.id, theirCategory.id],
      ]);
      expect(rows).toEqual([{ active: true }, { active: true }]);
    });
  });
});
