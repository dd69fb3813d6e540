import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../../test/factories/inventory.js';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { insertLocation, setPlan } from '../../../../test/factories/catalogue.js';
import { PNG_1X1 } from '../../../../test/factories/multipart.js';
import {
  auditEvents,
  createProduct,
  insertCategory,
  insertInventoryItem,
  insertProducts,
  insertSupplier,
  postProduct,
  productForm,
} from '../../../../test/factories/products.js';
import { isValidEan13 } from './product-rules.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let contributor: { token: string };
let reader: { token: string };
let productAdmin: { token: string };
let main: string;
let second: string;
let otherLocation: string;

const PNG = { data: PNG_1X1, contentType: 'image/png' };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t);
  await setPlan(t, owner.businessId, 'SUPREME');
  contributor = await staffMember(t, owner.token, ['ROLE_PRODUCT_CONTRIBUTOR']);
  reader = await staffMember(t, owner.token, ['ROLE_PRODUCT_READER']);
  productAdmin = await staffMember(t, owner.token, ['ROLE_PRODUCT_ADMIN']);
  main = await insertLocation(t, owner.businessId, { name: 'High Street' });
  second = await insertLocation(t, owner.businessId, { name: 'Harbour' });
  other = await ownerWithBusiness(t, 'Other Shop');
  otherLocation = await insertLocation(t, other.businessId, { name: 'Elsewhere' });
});
afterAll(async () => {
  // Stock these tests write straight into the database carries its ledger (test/factories).
  try {
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
});

async function productRows(sku: string) {
  const { rows } = await t.sql(
    `select id, location_id, list_position, image_url, barcode, category_id, active from products
     where business_id = $1 and sku = $2 order by location_id`,
    [owner.businessId, sku],
  );
  return rows as Array<{
    id: string;
    location_id: string;
    list_position: string;
    image_url: string | null;
    barcode: string | null;
    category_id: string | null;
    active: boolean;
  }>;
}

function blobPath(name: string): string {
  return path.join(t.config.dataDir, 'blobs', 'inventory', ...name.split('/'));
}

async function blobExists(name: string): Promise<boolean> {
  return access(blobPath(name)).then(
    () => true,
    () => false,
  );
}

async function productBlobCount(businessId: string): Promise<number> {
  const dir = path.join(t.config.dataDir, 'blobs', 'inventory', 'businesses', businessId, 'products');
  return (await readdir(dir).catch(() => [])).length;
}

function putJson(token: string, id: string, body: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    headers: bearer(token),
    payload: body as object,
  });
}

describe('products (writes)', () => {
  describe('createProduct', () => {
    it('creates a product at its location, in the next list position, with an audit entry', async () => {
      const supplierId = await insertSupplier(t, owner.businessId);
      const categoryId = await insertCategory(t, owner.businessId, main, 'Drinks');
      const res = await postProduct(t, owner.token, {
        name: ' Green Tea ',
        sku: 'TEA-1',
        barcode: '4006381333931',
        description: 'Loose leaf',
        price: '3.5',
        costPrice: '1.20',
        categoryId,
        supplierId,
        locationId: main,
        unit: 'box',
        reorderPoint: '5',
      });
      expect(res.statusCode).toBe(201);
      const product = res.json();
      expect(product).toMatchObject({
        productId: product.id,
        name: 'Green Tea',
        sku: 'TEA-1',
        barcode: '4006381333931',
        description: 'Loose leaf',
        price: '3.50',
        costPrice: '1.20',
        effectivePrice: '3.50',
        discount: null,
        categoryId,
        supplierId,
        locationId: main,
        unit: 'box',
        reorderPoint: 5,
        imageUrl: null,
        stock: 0,
        active: true,
      });
      const [row] = await productRows('TEA-1');
      const { rows: seq } = await t.sql(`select product_position_seq from locations where id = $1`, [main]);
      expect(Number(row?.list_position)).toBe(Number(seq[0]?.product_position_seq));
      const events = await auditEvents(t, owner.businessId, 'PRODUCT_CREATION');
      expect(events.at(-1)).toMatchObject({
        user_id: owner.userId,
        description: expect.stringContaining('TEA-1'),
      });
    });

    it('creates the article with one image at two locations in one call', async () => {
      const before = await auditEvents(t, owner.businessId, 'PRODUCT_CREATION');
      const res = await postProduct(
        t,
        contributor.token,
        { name: 'Mug', sku: 'MUG-1', price: '8.00', locationId: main, locationIds: [second, main] },
        PNG,
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ locationId: main, sku: 'MUG-1' });
      const rows = await productRows('MUG-1');
      expect(rows.map((row) => row.location_id).sort()).toEqual([main, second].sort());
      const imageUrl = res.json().imageUrl as string;
      expect(imageUrl).toMatch(new RegExp(`^businesses/${owner.businessId}/products/`));
      expect(rows.every((row) => row.image_url === imageUrl)).toBe(true);
      expect(await blobExists(imageUrl)).toBe(true);
      expect((await auditEvents(t, owner.businessId, 'PRODUCT_CREATION')).length).toBe(before.length + 2);
    });

    it('refuses the same SKU twice at one location, naming the field and the location', async () => {
      await createProduct(t, owner.token, { sku: 'DUP-1', locationId: main });
      const res = await postProduct(t, owner.token, {
        name: 'Again',
        sku: 'DUP-1',
        price: '1',
        locationId: main,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'sku' } });
      expect(res.json().message).toContain('High Street');
    });

    it('refuses a barcode already used at the location', async () => {
      await createProduct(t, owner.token, { sku: 'BC-1', barcode: '5901234123457', locationId: main });
      const res = await postProduct(t, owner.token, {
        name: 'Other',
        sku: 'BC-2',
        barcode: '5901234123457',
        price: '1',
        locationId: main,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'barcode' } });
    });

    it('allows the same SKU at two locations, counted once as an article', async () => {
      const count = async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/products/product-count/business',
            headers: bearer(owner.token),
          })
        ).json().count as number;
      const before = await count();
      await createProduct(t, owner.token, { sku: 'TWO-1', locationId: main });
      expect(await count()).toBe(before + 1);
      await createProduct(t, owner.token, { sku: 'TWO-1', locationId: second });
      expect(await count()).toBe(before + 1);
    });

    it('writes all locations or none: a conflict at one leaves nothing, not even the image', async () => {
      await createProduct(t, owner.token, { sku: 'HALF-1', locationId: second });
      const blobs = await productBlobCount(owner.businessId);
      const res = await postProduct(
        t,
        owner.token,
        { name: 'Half', sku: 'HALF-1', price: '1', locationId: main, locationIds: second },
        PNG,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('Harbour');
      expect((await productRows('HALF-1')).map((row) => row.location_id)).toEqual([second]);
      expect(await productBlobCount(owner.businessId)).toBe(blobs);
    });

    it('uses the category of the same name at further locations, else none', async () => {
      const third = await insertLocation(t, owner.businessId, { name: 'Market' });
      const snacks = await insertCategory(t, owner.businessId, main, 'Snacks');
      const snacksThere = await insertCategory(t, owner.businessId, second, 'SNACKS');
      await createProduct(t, owner.token, {
        sku: 'CAT-1',
        categoryId: snacks,
        locationId: main,
        locationIds: [second, third],
      });
      const byLocation = new Map(
        (await productRows('CAT-1')).map((row) => [row.location_id, row.category_id]),
      );
      expect(byLocation.get(main)).toBe(snacks);
      expect(byLocation.get(second)).toBe(snacksThere);
      expect(byLocation.get(third)).toBeNull();
    });

    it('refuses a category of another location (400), an unknown category or supplier (404)', async () => {
      const elsewhere = await insertCategory(t, owner.businessId, second, 'Elsewhere');
      const base = { name: 'X', sku: 'CAT-X', price: '1', locationId: main };
      const wrong = await postProduct(t, owner.token, { ...base, categoryId: elsewhere });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().details.fieldErrors.categoryId).toBeDefined();
      const foreignCategory = await insertCategory(t, other.businessId, otherLocation, 'Theirs');
      expect((await postProduct(t, owner.token, { ...base, categoryId: foreignCategory })).statusCode).toBe(
        404,
      );
      const foreignSupplier = await insertSupplier(t, other.businessId);
      expect((await postProduct(t, owner.token, { ...base, supplierId: foreignSupplier })).statusCode).toBe(
        404,
      );
    });

    it('answers 400 with field errors for bad input', async () => {
      const res = await postProduct(t, owner.token, {
        name: '',
        sku: 'bad sku!',
        price: '-1',
        barcode: '12',
        locationId: 'nope',
      });
      expect(res.statusCode).toBe(400);
      const fields = Object.keys(res.json().details.fieldErrors);
      expect(fields).toEqual(expect.arrayContaining(['name', 'sku', 'price', 'barcode', 'locationId']));
    });

    it('refuses an unexpected form part and a JSON body', async () => {
      const odd = await postProduct(t, owner.token, {
        name: 'A',
        sku: 'A-1',
        price: '1',
        locationId: main,
        colour: 'red',
      });
      expect(odd.statusCode).toBe(400);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: bearer(owner.token),
        payload: { name: 'A', sku: 'A-1', price: '1', locationId: main },
      });
      expect(json.statusCode).toBe(415);
    });

    it("answers 404 for another business's location and 409 for a discontinued one", async () => {
      const foreign = await postProduct(t, owner.token, {
        name: 'A',
        sku: 'F-1',
        price: '1',
        locationId: otherLocation,
      });
      expect(foreign.statusCode).toBe(404);
      const further = await postProduct(t, owner.token, {
        name: 'A',
        sku: 'F-1',
        price: '1',
        locationId: main,
        locationIds: otherLocation,
      });
      expect(further.statusCode).toBe(404);
      const closed = await insertLocation(t, owner.businessId, { name: 'Closed', active: false });
      const res = await postProduct(t, owner.token, {
        name: 'A',
        sku: 'F-2',
        price: '1',
        locationId: closed,
      });
      expect(res.statusCode).toBe(409);
      expect(await productRows('F-1')).toEqual([]);
    });

    it('lets product contributors create and refuses readers (403) and strangers (401)', async () => {
      const fields = { name: 'Role', sku: 'ROLE-1', price: '1', locationId: main };
      expect((await postProduct(t, reader.token, fields)).statusCode).toBe(403);
      const form = productForm(fields);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: form.headers,
        payload: form.payload,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await postProduct(t, contributor.token, fields)).statusCode).toBe(201);
    });
  });

  describe('the plan limit of the Free plan', () => {
    it('counts distinct SKUs: the 100th article passes, the 101st is a plan violation', async () => {
      const free = await ownerWithBusiness(t, 'Free Shop');
      const here = await insertLocation(t, free.businessId, { name: 'Only' });
      const there = await insertLocation(t, free.businessId, { name: 'Second' });
      await insertProducts(t, free.businessId, here, 99);
      const hundredth = await postProduct(t, free.token, {
        name: 'P100',
        sku: 'P-100',
        price: '1',
        locationId: here,
      });
      expect(hundredth.statusCode).toBe(201);
      expect(hundredth.json().id).toBeDefined();
      const { rows } = await t.sql(`select list_position from products where id = $1`, [hundredth.json().id]);
      expect(Number(rows[0]?.list_position)).toBe(100);
      const over = await postProduct(t, free.token, {
        name: 'P101',
        sku: 'P-101',
        price: '1',
        locationId: here,
      });
      expect(over.statusCode).toBe(403);
      expect(over.headers['x-plan-violation']).toBe('1');
      expect(over.json().code).toBe('PLAN_VIOLATION');
      // The same article at a second location is no new article.
      const again = await postProduct(t, free.token, {
        name: 'P100',
        sku: 'P-100',
        price: '1',
        locationId: there,
      });
      expect(again.statusCode).toBe(201);
    });
  });

  describe('updateProduct', () => {
    it('updates from JSON and keeps what the form does not change', async () => {
      const created = await createProduct(t, owner.token, {
        sku: 'UP-1',
        locationId: main,
        barcode: '9780306406157',
      });
      const res = await putJson(contributor.token, created.id, {
        name: 'Earl Grey',
        sku: 'UP-1',
        barcode: null,
        price: 4.25,
        locationId: main,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: created.id,
        name: 'Earl Grey',
        price: '4.25',
        barcode: null,
        unit: 'pcs',
      });
    });

    it('updates the article at further locations, creates it where missing, and replaces the image', async () => {
      const third = await insertLocation(t, owner.businessId, { name: 'Station' });
      const first = await postProduct(
        t,
        owner.token,
        { name: 'Jam', sku: 'UP-2', price: '2', locationId: main, locationIds: second },
        PNG,
      );
      expect(first.statusCode).toBe(201);
      const oldImage = first.json().imageUrl as string;
      const update = productForm(
        { name: 'Plum Jam', sku: 'UP-2B', price: '2.40', locationId: main, locationIds: [second, third] },
        PNG,
      );
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${first.json().id}`,
        headers: { ...update.headers, ...bearer(owner.token) },
        payload: update.payload,
      });
      expect(res.statusCode).toBe(200);
      const newImage = res.json().imageUrl as string;
      expect(newImage).not.toBe(oldImage);
      const rows = await productRows('UP-2B');
      expect(rows.map((row) => row.location_id).sort()).toEqual([main, second, third].sort());
      expect(rows.every((row) => row.image_url === newImage)).toBe(true);
      expect(await productRows('UP-2')).toEqual([]);
      expect(await blobExists(oldImage)).toBe(false);
      expect(await blobExists(newImage)).toBe(true);
    });

    it('refuses a SKU taken at a further location (409) and changes nothing', async () => {
      const mine = await createProduct(t, owner.token, {
        sku: 'UP-3',
        locationId: main,
        locationIds: second,
      });
      await createProduct(t, owner.token, { sku: 'UP-3-TAKEN', locationId: second });
      const res = await putJson(owner.token, mine.id, {
        name: 'Renamed',
        sku: 'UP-3-TAKEN',
        price: '1',
        locationId: main,
        locationIds: [second],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ details: { field: 'sku' } });
      expect((await productRows('UP-3')).length).toBe(2);
    });

    it('refuses moving the product (400), unknown ids (404), readers (403), other businesses (404)', async () => {
      const mine = await createProduct(t, owner.token, { sku: 'UP-4', locationId: main });
      const body = { name: 'A', sku: 'UP-4', price: '1', locationId: main };
      const moved = await putJson(owner.token, mine.id, { ...body, locationId: second });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().details.fieldErrors.locationId).toBeDefined();
      expect((await putJson(owner.token, crypto.randomUUID(), body)).statusCode).toBe(404);
      expect((await putJson(reader.token, mine.id, body)).statusCode).toBe(403);
      expect((await putJson(other.token, mine.id, { ...body, locationId: otherLocation })).statusCode).toBe(
        404,
      );
      const bad = await putJson(owner.token, mine.id, { ...body, price: 'free' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fieldErrors.price).toBeDefined();
    });
  });

  describe('generateProductBarcode', () => {
    it('sets one valid in-store EAN-13 on every row of the article without a barcode', async () => {
      const product = await createProduct(t, owner.token, {
        sku: 'GEN-1',
        locationId: main,
        locationIds: second,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/generate-barcode`,
        headers: bearer(contributor.token),
      });
      expect(res.statusCode).toBe(200);
      const code = res.json().barcode as string;
      expect(code).toMatch(/^2\d{12}$/);
      expect(isValidEan13(code)).toBe(true);
      expect((await productRows('GEN-1')).map((row) => row.barcode)).toEqual([code, code]);
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/generate-barcode`,
        headers: bearer(owner.token),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain(code);
    });

    it('refuses readers (403) and other businesses (404)', async () => {
      const product = await createProduct(t, owner.token, { sku: 'GEN-2', locationId: main });
      const url = `/api/products/${product.id}/generate-barcode`;
      expect((await t.app.inject({ method: 'POST', url, headers: bearer(reader.token) })).statusCode).toBe(
        403,
      );
      expect((await t.app.inject({ method: 'POST', url, headers: bearer(other.token) })).statusCode).toBe(
        404,
      );
    });
  });

  describe('deleteProduct', () => {
    const remove = (token: string, id: string, locationId: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/products/${id}/location/${locationId}`,
        headers: bearer(token),
      });

    it('deletes, records the gap and the audit entry, and removes an image no row uses', async () => {
      const res = await postProduct(
        t,
        owner.token,
        { name: 'Gone', sku: 'DEL-1', price: '1', locationId: main },
        PNG,
      );
      const product = res.json();
      const position = (await productRows('DEL-1'))[0]?.list_position;
      const deleted = await remove(productAdmin.token, product.id, main);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toMatchObject({ id: product.id, sku: 'DEL-1' });
      const { rows: gaps } = await t.sql(
        `select 1 from product_position_gaps where location_id = $1 and list_position = $2`,
        [main, position],
      );
      expect(gaps.length).toBe(1);
      expect(await productRows('DEL-1')).toEqual([]);
      expect(await blobExists(product.imageUrl)).toBe(false);
      const events = await auditEvents(t, owner.businessId, 'PRODUCT_DELETION');
      expect(events.at(-1)).toMatchObject({
        user_id: expect.any(String),
        description: expect.stringContaining('DEL-1'),
      });
    });

    it('keeps an image another row of the article still shows', async () => {
      const res = await postProduct(
        t,
        owner.token,
        { name: 'Kept', sku: 'DEL-2', price: '1', locationId: main, locationIds: second },
        PNG,
      );
      expect((await remove(owner.token, res.json().id, main)).statusCode).toBe(200);
      expect(await blobExists(res.json().imageUrl)).toBe(true);
    });

    it('refuses a product with stock records (409 IN_USE), contributors (403), other businesses (404)', async () => {
      const product = await createProduct(t, owner.token, { sku: 'DEL-3', locationId: main });
      expect((await remove(contributor.token, product.id, main)).statusCode).toBe(403);
      expect((await remove(other.token, product.id, main)).statusCode).toBe(404);
      expect((await remove(owner.token, product.id, second)).statusCode).toBe(404);
      await insertInventoryItem(t, owner.businessId, product.id, main, 3);
      const res = await remove(owner.token, product.id, main);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('IN_USE');
      expect((await productRows('DEL-3')).length).toBe(1);
    });
  });

  describe('reactivateProduct and discontinueProduct', () => {
    const patch = (token: string, id: string, locationId: string, action: string, payload?: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/products/${id}/location/${locationId}/${action}`,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });

    it('flips the flag and answers the product', async () => {
      const product = await createProduct(t, owner.token, { sku: 'ACT-1', locationId: main });
      const off = await patch(contributor.token, product.id, main, 'discontinue');
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ id: product.id, active: false });
      const on = await patch(owner.token, product.id, main, 'reactivate', {});
      expect(on.statusCode).toBe(200);
      expect(on.json().active).toBe(true);
    });

    it('refuses a body, readers, the wrong location and other businesses', async () => {
      const product = await createProduct(t, owner.token, { sku: 'ACT-2', locationId: main });
      expect((await patch(owner.token, product.id, main, 'discontinue', { active: false })).statusCode).toBe(
        400,
      );
      expect((await patch(reader.token, product.id, main, 'discontinue')).statusCode).toBe(403);
      expect((await patch(owner.token, product.id, second, 'discontinue')).statusCode).toBe(404);
      expect((await patch(other.token, product.id, main, 'discontinue')).statusCode).toBe(404);
      expect((await productRows('ACT-2'))[0]?.active).toBe(true);
    });
  });
});
