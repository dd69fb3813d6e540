import { randomUUID } from 'node:crypto';
import type { TSupplier, TSupplierPage } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { insertLocation, setPlan } from '../../../../test/factories/catalogue.js';

type Account = { token: string };

let t: TestApp;
let owner: Account & { businessId: string };
let other: Account & { businessId: string };
let reader: Account;
let assistant: Account;
let contributor: Account;
let admin: Account;
let productAdmin: Account;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Greengrocer');
  other = await ownerWithBusiness(t, 'Elsewhere Market');
  // The Free plan allows two staff users; these tests need five.
  await setPlan(t, owner.businessId, 'SUPREME');
  reader = await staffMember(t, owner.token, ['ROLE_INVENTORY_READER']);
  assistant = await staffMember(t, owner.token, ['ROLE_STORE_ASSISTANT']);
  contributor = await staffMember(t, owner.token, ['ROLE_INVENTORY_CONTRIBUTOR']);
  admin = await staffMember(t, owner.token, ['ROLE_INVENTORY_ADMIN']);
  productAdmin = await staffMember(t, owner.token, ['ROLE_PRODUCT_ADMIN']);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: Account | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

async function createSupplier(name: string, who: Account = owner, extra: object = {}): Promise<TSupplier> {
  const res = await call(who, 'POST', '/api/suppliers', { name, ...extra });
  if (res.statusCode !== 201) throw new Error(`create supplier failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function listSuppliers(who: Account, query = ''): Promise<TSupplierPage> {
  const res = await call(who, 'GET', `/api/suppliers${query}`);
  if (res.statusCode !== 200) throw new Error(`list suppliers failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

const names = (page: TSupplierPage) => page.content.map((supplier) => supplier.name);

/** A product row as the products area writes it: its list position from the location's sequence. */
async function insertProduct(businessId: string, supplierId: string): Promise<string> {
  const locationId = await insertLocation(t, businessId);
  const id = randomUUID();
  await t.sql(`update locations set product_position_seq = 1 where business_id = $1 and id = $2`, [
    businessId,
    locationId,
  ]);
  await t.sql(
    `insert into products (business_id, id, location_id, sku, name, price, supplier_id, list_position)
     values ($1, $2, $3, 'SKU-1', 'Pears', 2.00, $4, 1)`,
    [businessId, id, locationId, supplierId],
  );
  return id;
}

describe('suppliers', () => {
  describe('createSupplier', () => {
    it('creates a supplier with its details', async () => {
      const res = await call(contributor, 'POST', '/api/suppliers', {
        name: ' Orchard Farms ',
        contactName: 'Pat Picker',
        email: 'orders@orchard.test',
        phone: '+44 20 7946 0000',
        address: '1 Orchard Lane',
        notes: '',
        leadTimeDays: 4,
      });
      expect(res.statusCode).toBe(201);
      const supplier: TSupplier = res.json();
      expect(supplier).toMatchObject({
        name: 'Orchard Farms',
        contactName: 'Pat Picker',
        email: 'orders@orchard.test',
        phone: '+44 20 7946 0000',
        address: '1 Orchard Lane',
        notes: null,
        leadTimeDays: 4,
        active: true,
      });
      expect(supplier.supplierId).toBe(supplier.id);
      const { rows } = await t.sql(`select business_id from suppliers where id = $1`, [supplier.id]);
      expect(rows).toEqual([{ business_id: owner.businessId }]);
    });

    it.each([
      ['no name', { name: ' ' }, 'name'],
      ['a malformed e-mail', { email: 'orders@' }, 'email'],
      ['a phone with letters', { phone: 'call me' }, 'phone'],
      ['notes of 2001 characters', { notes: 'n'.repeat(2001) }, 'notes'],
      ['a lead time over a year', { leadTimeDays: 366 }, 'leadTimeDays'],
      ['a fractional lead time', { leadTimeDays: 2.5 }, 'leadTimeDays'],
      ['a negative lead time', { leadTimeDays: -1 }, 'leadTimeDays'],
    ])('refuses %s with 400', async (_name, change, field) => {
      const res = await call(owner, 'POST', '/api/suppliers', { name: 'Valid Name', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fieldErrors[field]).toBeDefined();
    });

    it('refuses a name the business has already, whatever its case, with 409 on name', async () => {
      await createSupplier('Dairy Direct');
      const res = await call(owner, 'POST', '/api/suppliers', { name: 'DAIRY direct' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'name' } });
      expect(res.json().message).toContain('already exists');
      // Another business keeps its own names.
      expect((await call(other, 'POST', '/api/suppliers', { name: 'Dairy Direct' })).statusCode).toBe(201);
    });

    it('refuses an inventory reader, a store assistant and a product admin; 401 without a token', async () => {
      for (const who of [reader, assistant, productAdmin]) {
        const res = await call(who, 'POST', '/api/suppliers', { name: `Nope ${randomUUID()}` });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await call(null, 'POST', '/api/suppliers', { name: 'Anonymous' })).statusCode).toBe(401);
    });
  });

  describe('listSuppliers', () => {
    let pager: Account & { businessId: string };
    beforeAll(async () => {
      pager = await ownerWithBusiness(t, 'Paging Shop');
      for (let n = 12; n >= 1; n--) {
        await createSupplier(`Supplier ${String(n).padStart(2, '0')}`, pager, {
          contactName: n === 3 ? 'Robin 100% Reliable' : null,
          email: n === 7 ? 'sales@NORTHWIND.test' : null,
        });
      }
    });

    it('pages by name in SQL with the totals', async () => {
      const first = await listSuppliers(pager, '?page=0&size=5');
      expect(first).toMatchObject({ page: 0, size: 5, totalElements: 12, totalPages: 3 });
      expect(names(first)).toEqual([
        'Supplier 01',
        'Supplier 02',
        'Supplier 03',
        'Supplier 04',
        'Supplier 05',
      ]);
      const last = await listSuppliers(pager, '?page=2&size=5');
      expect(names(last)).toEqual(['Supplier 11', 'Supplier 12']);
      expect(last).toMatchObject({ totalElements: 12, totalPages: 3 });
      const beyond = await listSuppliers(pager, '?page=3&size=5');
      expect(beyond).toMatchObject({ content: [], page: 3, totalElements: 12, totalPages: 3 });
      const full = await listSuppliers(pager, '?page=1&size=6');
      expect(full).toMatchObject({ totalElements: 12, totalPages: 2 });
      expect(names(full)[0]).toBe('Supplier 07');
    });

    it('defaults to page 0 of 10', async () => {
      const page = await listSuppliers(pager);
      expect(page).toMatchObject({ page: 0, size: 10, totalElements: 12, totalPages: 2 });
      expect(page.content).toHaveLength(10);
    });

    it.each([
      ['size=0', 'size'],
      ['size=101', 'size'],
      ['size=2.5', 'size'],
      ['page=-1', 'page'],
      ['page=first', 'page'],
      ['active=maybe', 'active'],
      [`search=${'s'.repeat(101)}`, 'search'],
    ])('refuses %s with 400', async (query, field) => {
      const res = await call(pager, 'GET', `/api/suppliers?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fieldErrors[field]).toBeDefined();
    });

    it('shows active suppliers by default, the discontinued with active=false, both with active=all', async () => {
      const shop = await ownerWithBusiness(t, 'Filter Shop');
      await createSupplier('Alpha', shop);
      const gone = await createSupplier('Beta', shop);
      await call(shop, 'PATCH', `/api/suppliers/${gone.id}/discontinue`);
      expect(names(await listSuppliers(shop))).toEqual(['Alpha']);
      expect(names(await listSuppliers(shop, '?active=false'))).toEqual(['Beta']);
      const all = await listSuppliers(shop, '?active=all');
      expect(names(all)).toEqual(['Alpha', 'Beta']);
      expect(all.totalElements).toBe(2);
    });

    it('searches part of the name, contact or e-mail whatever the case, wildcards taken literally', async () => {
      expect(names(await listSuppliers(pager, '?search=plier%2011'))).toEqual(['Supplier 11']);
      expect(names(await listSuppliers(pager, '?search=northwind'))).toEqual(['Supplier 07']);
      expect(names(await listSuppliers(pager, '?search=100%25'))).toEqual(['Supplier 03']);
      expect(names(await listSuppliers(pager, '?search=_'))).toEqual([]);
      const counted = await listSuppliers(pager, '?search=SUPPLIER%201&size=2');
      expect(counted).toMatchObject({ totalElements: 3, totalPages: 2 });
      expect(names(counted)).toEqual(['Supplier 10', 'Supplier 11']);
    });

    it("never shows another business's suppliers", async () => {
      await createSupplier('Hidden Supplier', other);
      const page = await listSuppliers(pager, '?active=all&size=100');
      expect(page.totalElements).toBe(12);
      expect(names(page)).not.toContain('Hidden Supplier');
      expect((await listSuppliers(pager, '?search=Hidden')).content).toEqual([]);
    });

    it('lets readers, store assistants and product staff (a product names its supplier) list; refuses no token', async () => {
      expect((await call(reader, 'GET', '/api/suppliers')).statusCode).toBe(200);
      expect((await call(assistant, 'GET', '/api/suppliers')).statusCode).toBe(200);
      expect((await call(productAdmin, 'GET', '/api/suppliers')).statusCode).toBe(200);
      expect(
        (await call(productAdmin, 'POST', '/api/suppliers', { name: 'Not mine to add' })).statusCode,
      ).toBe(403);
      expect((await call(null, 'GET', '/api/suppliers')).statusCode).toBe(401);
    });
  });

  describe('getSupplier', () => {
    it('answers a supplier, discontinued ones too', async () => {
      const supplier = await createSupplier('Bakers Guild');
      await call(owner, 'PATCH', `/api/suppliers/${supplier.id}/discontinue`);
      const res = await call(reader, 'GET', `/api/suppliers/${supplier.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: supplier.id, supplierId: supplier.id, active: false });
    });

    it("answers 404 for another business's supplier and an unknown one, 400 for no id", async () => {
      const theirs = await createSupplier('Their Supplier', other);
      expect((await call(owner, 'GET', `/api/suppliers/${theirs.id}`)).statusCode).toBe(404);
      expect((await call(owner, 'GET', `/api/suppliers/${randomUUID()}`)).statusCode).toBe(404);
      const bad = await call(owner, 'GET', '/api/suppliers/acme');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fieldErrors.id).toBeDefined();
    });
  });

  describe('updateSupplier', () => {
    it('changes the details; a field left out keeps its value and null clears it', async () => {
      const supplier = await createSupplier('Fish Co', owner, { contactName: 'Finn', address: 'Pier 4' });
      const res = await call(contributor, 'PUT', `/api/suppliers/${supplier.id}`, {
        name: 'Fish Company',
        contactName: null,
        phone: '0123',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: supplier.id,
        supplierId: supplier.id,
        name: 'Fish Company',
        contactName: null,
        address: 'Pier 4',
        phone: '0123',
      });
      expect((await call(owner, 'GET', `/api/suppliers/${supplier.id}`)).json()).toEqual(res.json());
    });

    it('keeps its own name in another case, and refuses a name another supplier has', async () => {
      const supplier = await createSupplier('Meat Market');
      await createSupplier('Veg Market');
      const url = `/api/suppliers/${supplier.id}`;
      expect((await call(owner, 'PUT', url, { name: 'MEAT market' })).statusCode).toBe(200);
      const clash = await call(owner, 'PUT', url, { name: 'veg market' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().details).toEqual({ field: 'name' });
    });

    it("answers 404 for another business's supplier and leaves it alone; refuses a reader and a bad body", async () => {
      const theirs = await createSupplier('Their Own', other);
      expect((await call(owner, 'PUT', `/api/suppliers/${theirs.id}`, { name: 'Mine' })).statusCode).toBe(
        404,
      );
      const { rows } = await t.sql(`select name from suppliers where id = $1`, [theirs.id]);
      expect(rows).toEqual([{ name: 'Their Own' }]);
      const mine = await createSupplier('Spice Route');
      expect((await call(reader, 'PUT', `/api/suppliers/${mine.id}`, { name: 'Spices' })).statusCode).toBe(
        403,
      );
      const bad = await call(owner, 'PUT', `/api/suppliers/${mine.id}`, { name: 'Spice Route', email: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fieldErrors.email).toBeDefined();
    });
  });

  describe('deleteSupplier', () => {
    it('deletes the supplier; its products stay, without a supplier', async () => {
      const supplier = await createSupplier('Closing Down Ltd');
      const productId = await insertProduct(owner.businessId, supplier.id);
      const res = await call(admin, 'DELETE', `/api/suppliers/${supplier.id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const { rows } = await t.sql(`select supplier_id from products where id = $1`, [productId]);
      expect(rows).toEqual([{ supplier_id: null }]);
      expect((await call(owner, 'GET', `/api/suppliers/${supplier.id}`)).statusCode).toBe(404);
      expect((await call(owner, 'DELETE', `/api/suppliers/${supplier.id}`)).statusCode).toBe(404);
    });

    it('refuses an inventory contributor with 403', async () => {
      const supplier = await createSupplier('Keep Me');
      expect((await call(contributor, 'DELETE', `/api/suppliers/${supplier.id}`)).statusCode).toBe(403);
      expect((await t.sql(`select 1 from suppliers where id = $1`, [supplier.id])).rowCount).toBe(1);
    });

    it("answers 404 for another business's supplier and leaves its products alone", async () => {
      const theirs = await createSupplier('Their Partner', other);
      const productId = await insertProduct(other.businessId, theirs.id);
      expect((await call(owner, 'DELETE', `/api/suppliers/${theirs.id}`)).statusCode).toBe(404);
      const { rows } = await t.sql(`select supplier_id from products where id = $1`, [productId]);
      expect(rows).toEqual([{ supplier_id: theirs.id }]);
    });
  });

  describe('reactivateSupplier and discontinueSupplier', () => {
    it('discontinues and reactivates, answering the supplier each time', async () => {
      const supplier = await createSupplier('Seasonal Goods');
      const off = await call(contributor, 'PATCH', `/api/suppliers/${supplier.id}/discontinue`);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ id: supplier.id, supplierId: supplier.id, active: false });
      const on = await call(owner, 'PATCH', `/api/suppliers/${supplier.id}/reactivate`, {});
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ id: supplier.id, active: true });
    });

    it("refuses a body, a reader, no token and another business's supplier", async () => {
      const supplier = await createSupplier('Steady Supply');
      const url = `/api/suppliers/${supplier.id}/discontinue`;
      expect((await call(owner, 'PATCH', url, { active: false })).statusCode).toBe(400);
      expect((await call(reader, 'PATCH', url)).statusCode).toBe(403);
      expect((await call(null, 'PATCH', url)).statusCode).toBe(401);
      const theirs = await createSupplier('Their Steady', other);
      expect((await call(owner, 'PATCH', `/api/suppliers/${theirs.id}/discontinue`)).statusCode).toBe(404);
      const { rows } = await t.sql(`select active from suppliers where id = any($1)`, [
        [supplier.id, theirs.id],
      ]);
      expect(rows).toEqual([{ active: true }, { active: true }]);
    });
  });
});
