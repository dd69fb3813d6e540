import { randomUUID } from 'node:crypto';
import type { TContainer } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { insertStore, setPlan } from '../../../../test/factories/catalogue.js';

type Account = { token: string };

let t: TestApp;
let owner: Account & { businessId: string; userId: string };
let other: Account & { businessId: string };
let reader: Account;
let assistant: Account;
let contributor: Account;
let admin: Account & { userId: string };
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

async function newStore(businessId = owner.businessId, values: { name?: string; active?: boolean } = {}) {
  const { storeId } = await insertStore(t, businessId, { name: values.name });
  if (values.active === false) await t.sql(`update stores set active = false where id = $1`, [storeId]);
  return storeId;
}

async function createContainer(storeId: string, name: string, extra: object = {}, who: Account = owner) {
  const res = await call(who, 'POST', '/api/carrying-containers', {
    name,
    storeId,
    type: 'BASKET',
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`create container failed: ${res.statusCode} ${res.body}`);
  return res.json<TContainer>();
}

async function auditOf(eventType: string, businessId = owner.businessId) {
  const { rows } = await t.sql(
    `select user_id, description from audit_logs where business_id = $1 and event_type = $2 order by created_at`,
    [businessId, eventType],
  );
  return rows as Array<{ user_id: string; description: string }>;
}

const names = (list: TContainer[]) => list.map((container) => container.name);

describe('carrying containers', () => {
  describe('createContainer', () => {
    it('creates a container of the store with its weights in kilograms, and audits it', async () => {
      const storeId = await newStore(owner.businessId, { name: 'Market Square' });
      const res = await call(owner, 'POST', '/api/carrying-containers', {
        name: ' Big Basket ',
        storeId,
        type: 'BASKET',
        capacityKg: 12.5,
        tareWeightKg: '1.005',
        code: 'BSK-01',
      });
      expect(res.statusCode).toBe(201);
      const container: TContainer = res.json();
      expect(container).toMatchObject({
        name: 'Big Basket',
        storeId,
        type: 'BASKET',
        capacityKg: 12.5,
        tareWeightKg: 1.005,
        code: 'BSK-01',
        isActive: true,
      });
      expect(container.containerId).toBe(container.id);
      const { rows } = await t.sql(
        `select business_id, capacity_kg, tare_weight_kg from carrying_containers where id = $1`,
        [container.id],
      );
      expect(rows).toEqual([
        { business_id: owner.businessId, capacity_kg: '12.500', tare_weight_kg: '1.005' },
      ]);
      expect(await auditOf('CREATE_CONTAINER')).toContainEqual({
        user_id: owner.userId,
        description: 'Carrying container Big Basket (BSK-01) was created at store Market Square.',
      });
    });

    it.each([
      ['no name', { name: '' }, 'name'],
      ['an unknown type', { type: 'BOX' }, 'type'],
      ['a negative capacity', { capacityKg: -1 }, 'capacityKg'],
      ['a fraction of a gram', { capacityKg: 1.0005 }, 'capacityKg'],
      ['a weight that is no number', { tareWeightKg: 'heavy' }, 'tareWeightKg'],
      ['a tare weight above the capacity', { capacityKg: 2, tareWeightKg: 3 }, 'tareWeightKg'],
      ['a code with spaces', { code: 'BSK 01' }, 'code'],
      ['a store that is no id', { storeId: 'store-1' }, 'storeId'],
    ])('refuses %s with 400', async (_name, change, field) => {
      const storeId = await newStore();
      const res = await call(owner, 'POST', '/api/carrying-containers', {
        name: 'Cart',
        storeId,
        type: 'CART',
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fieldErrors[field]).toBeDefined();
    });

    it('refuses a code the store has already with 409 on code; other stores and absent codes are free', async () => {
      const storeId = await newStore();
      await createContainer(storeId, 'Bag A', { type: 'BAG', code: 'BAG-1' });
      const res = await call(owner, 'POST', '/api/carrying-containers', {
        name: 'Bag B',
        storeId,
        type: 'BAG',
        code: 'BAG-1',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'code' } });
      await createContainer(await newStore(), 'Bag A', { code: 'BAG-1' });
      await createContainer(storeId, 'No code 1');
      await createContainer(storeId, 'No code 2', { code: '' });
    });

    it('refuses a discontinued store with 409 on storeId', async () => {
      const storeId = await newStore(owner.businessId, { active: false });
      const res = await call(owner, 'POST', '/api/carrying-containers', {
        name: 'Cart',
        storeId,
        type: 'CART',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().details).toEqual({ field: 'storeId' });
    });

    it("answers 404 for another business's store and writes nothing", async () => {
      const theirs = await newStore(other.businessId);
      const before = (await auditOf('CREATE_CONTAINER')).length;
      const res = await call(owner, 'POST', '/api/carrying-containers', {
        name: 'Cart',
        storeId: theirs,
        type: 'CART',
      });
      expect(res.statusCode).toBe(404);
      expect((await t.sql(`select 1 from carrying_containers where store_id = $1`, [theirs])).rowCount).toBe(
        0,
      );
      expect(await auditOf('CREATE_CONTAINER')).toHaveLength(before);
    });

    it('lets an inventory contributor create; refuses readers, store assistants, product admins and no token', async () => {
      const storeId = await newStore();
      await createContainer(storeId, 'By contributor', {}, contributor);
      for (const who of [reader, assistant, productAdmin]) {
        const res = await call(who, 'POST', '/api/carrying-containers', {
          name: 'Nope',
          storeId,
          type: 'BAG',
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      const anonymous = await call(null, 'POST', '/api/carrying-containers', {
        name: 'Nope',
        storeId,
        type: 'BAG',
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('listContainersOfStore', () => {
    it('lists the active containers of the store by name; unfiltered adds the discontinued', async () => {
      const storeId = await newStore();
      await createContainer(storeId, 'trolley');
      await createContainer(storeId, 'Basket');
      const gone = await createContainer(storeId, 'Crate');
      await createContainer(await newStore(), 'Another store');
      await call(owner, 'PATCH', `/api/carrying-containers/${gone.id}/store/${storeId}/discontinue`);

      const active = await call(assistant, 'GET', `/api/carrying-containers/store/${storeId}`);
      expect(active.statusCode).toBe(200);
      expect(names(active.json())).toEqual(['Basket', 'trolley']);
      const all = await call(reader, 'GET', `/api/carrying-containers/store/${storeId}/unfiltered`);
      expect(all.statusCode).toBe(200);
      expect(names(all.json())).toEqual(['Basket', 'Crate', 'trolley']);
      expect(all.json()[1]).toMatchObject({ id: gone.id, isActive: false });
    });

    it('answers an empty list for a store without containers, 404 for an unknown one', async () => {
      const storeId = await newStore();
      const empty = await call(owner, 'GET', `/api/carrying-containers/store/${storeId}`);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual([]);
      expect((await call(owner, 'GET', `/api/carrying-containers/store/${randomUUID()}`)).statusCode).toBe(
        404,
      );
    });

    it("answers 404 for another business's store, so its containers never show", async () => {
      const theirs = await newStore(other.businessId);
      await createContainer(theirs, 'Their Basket', {}, other);
      for (const url of [
        `/api/carrying-containers/store/${theirs}`,
        `/api/carrying-containers/store/${theirs}/unfiltered`,
      ]) {
        expect((await call(owner, 'GET', url)).statusCode).toBe(404);
      }
      expect(names((await call(other, 'GET', `/api/carrying-containers/store/${theirs}`)).json())).toEqual([
        'Their Basket',
      ]);
    });

    it('refuses a product admin and no token; 400 for a store that is no id', async () => {
      const storeId = await newStore();
      expect((await call(productAdmin, 'GET', `/api/carrying-containers/store/${storeId}`)).statusCode).toBe(
        403,
      );
      expect(
        (await call(null, 'GET', `/api/carrying-containers/store/${storeId}/unfiltered`)).statusCode,
      ).toBe(401);
      const bad = await call(owner, 'GET', '/api/carrying-containers/store/main');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fieldErrors.storeId).toBeDefined();
    });
  });

  describe('getContainerAtStore', () => {
    it('answers the container at its store and 404 at another store', async () => {
      const storeId = await newStore();
      const container = await createContainer(storeId, 'Hand Basket', { capacityKg: 8 });
      const res = await call(reader, 'GET', `/api/carrying-containers/${container.id}/store/${storeId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(container);
      const elsewhere = await newStore();
      expect(
        (await call(owner, 'GET', `/api/carrying-containers/${container.id}/store/${elsewhere}`)).statusCode,
      ).toBe(404);
    });

    it("answers 404 for another business's container", async () => {
      const theirs = await newStore(other.businessId);
      const container = await createContainer(theirs, 'Theirs', {}, other);
      expect(
        (await call(owner, 'GET', `/api/carrying-containers/${container.id}/store/${theirs}`)).statusCode,
      ).toBe(404);
    });
  });

  describe('updateContainer', () => {
    it('changes the container and moves it to another store of the business', async () => {
      const storeId = await newStore();
      const destination = await newStore();
      const container = await createContainer(storeId, 'Cart 1', { capacityKg: 50, code: 'C1' });
      const res = await call(contributor, 'PUT', `/api/carrying-containers/${container.id}`, {
        name: 'Big Cart',
        storeId: destination,
        type: 'CART',
        capacityKg: 60.25,
        tareWeightKg: 9.5,
        code: 'C1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: container.id,
        containerId: container.id,
        name: 'Big Cart',
        storeId: destination,
        type: 'CART',
        capacityKg: 60.25,
        tareWeightKg: 9.5,
      });
      expect(
        (await call(owner, 'GET', `/api/carrying-containers/${container.id}/store/${storeId}`)).statusCode,
      ).toBe(404);
      expect(
        (await call(owner, 'GET', `/api/carrying-containers/${container.id}/store/${destination}`)).json(),
      ).toEqual(res.json());
    });

    it('refuses a code taken at the destination and a discontinued destination', async () => {
      const storeId = await newStore();
      const destination = await newStore();
      const closed = await newStore(owner.businessId, { active: false });
      await createContainer(destination, 'Taken', { code: 'X-1' });
      const container = await createContainer(storeId, 'Mover', { code: 'X-1' });
      const body = { name: 'Mover', type: 'BASKET', code: 'X-1' };
      const clash = await call(owner, 'PUT', `/api/carrying-containers/${container.id}`, {
        ...body,
        storeId: destination,
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().details).toEqual({ field: 'code' });
      const toClosed = await call(owner, 'PUT', `/api/carrying-containers/${container.id}`, {
        ...body,
        storeId: closed,
      });
      expect(toClosed.statusCode).toBe(409);
      expect(toClosed.json().details).toEqual({ field: 'storeId' });
      const { rows } = await t.sql(`select store_id from carrying_containers where id = $1`, [container.id]);
      expect(rows).toEqual([{ store_id: storeId }]);
    });

    it("answers 404 for another business's container or store and leaves them alone", async () => {
      const storeId = await newStore();
      const theirStore = await newStore(other.businessId);
      const theirs = await createContainer(theirStore, 'Theirs', {}, other);
      const mine = await createContainer(storeId, 'Mine');
      const body = { name: 'Taken over', type: 'BAG' };
      expect(
        (await call(owner, 'PUT', `/api/carrying-containers/${theirs.id}`, { ...body, storeId })).statusCode,
      ).toBe(404);
      expect(
        (await call(owner, 'PUT', `/api/carrying-containers/${mine.id}`, { ...body, storeId: theirStore }))
          .statusCode,
      ).toBe(404);
      const { rows } = await t.sql(
        `select name, store_id from carrying_containers where id = any($1) order by name`,
        [[theirs.id, mine.id]],
      );
      expect(rows).toEqual([
        { name: 'Mine', store_id: storeId },
        { name: 'Theirs', store_id: theirStore },
      ]);
    });

    it('refuses a reader with 403 and a bad body with 400', async () => {
      const storeId = await newStore();
      const container = await createContainer(storeId, 'Basket');
      const url = `/api/carrying-containers/${container.id}`;
      expect((await call(reader, 'PUT', url, { name: 'B', storeId, type: 'BASKET' })).statusCode).toBe(403);
      const bad = await call(owner, 'PUT', url, { name: 'B', storeId, type: 'BASKET', capacityKg: 10_001 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fieldErrors.capacityKg).toBeDefined();
    });
  });

  describe('deleteContainer', () => {
    it('deletes the container and audits it', async () => {
      const storeId = await newStore(owner.businessId, { name: 'Dock Street' });
      const container = await createContainer(storeId, 'Old Bag', { type: 'BAG' });
      const res = await call(admin, 'DELETE', `/api/carrying-containers/${container.id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await auditOf('DELETE_CONTAINER')).toContainEqual({
        user_id: admin.userId,
        description: 'Carrying container Old Bag was deleted from store Dock Street.',
      });
      expect(
        (await call(owner, 'GET', `/api/carrying-containers/${container.id}/store/${storeId}`)).statusCode,
      ).toBe(404);
      expect((await call(owner, 'DELETE', `/api/carrying-containers/${container.id}`)).statusCode).toBe(404);
    });

    it('refuses an inventory contributor with 403', async () => {
      const storeId = await newStore();
      const container = await createContainer(storeId, 'Keep');
      expect((await call(contributor, 'DELETE', `/api/carrying-containers/${container.id}`)).statusCode).toBe(
        403,
      );
      expect((await t.sql(`select 1 from carrying_containers where id = $1`, [container.id])).rowCount).toBe(
        1,
      );
    });

    it("answers 404 for another business's container, keeps it and audits nothing", async () => {
      const theirStore = await newStore(other.businessId);
      const theirs = await createContainer(theirStore, 'Theirs', {}, other);
      expect((await call(owner, 'DELETE', `/api/carrying-containers/${theirs.id}`)).statusCode).toBe(404);
      expect((await t.sql(`select 1 from carrying_containers where id = $1`, [theirs.id])).rowCount).toBe(1);
      expect(await auditOf('DELETE_CONTAINER', other.businessId)).toEqual([]);
    });
  });

  describe('reactivateContainer and discontinueContainer', () => {
    it('discontinues and reactivates, answering the container with isActive', async () => {
      const storeId = await newStore();
      const container = await createContainer(storeId, 'Seasonal Cart', { type: 'CART' });
      const base = `/api/carrying-containers/${container.id}/store/${storeId}`;
      const off = await call(contributor, 'PATCH', `${base}/discontinue`);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ id: container.id, containerId: container.id, isActive: false });
      expect((await call(owner, 'GET', `/api/carrying-containers/store/${storeId}`)).json()).toEqual([]);
      const on = await call(owner, 'PATCH', `${base}/reactivate`, {});
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ id: container.id, isActive: true });
    });

    it("refuses a body, a reader, no token, the wrong store and another business's container", async () => {
      const storeId = await newStore();
      const container = await createContainer(storeId, 'Steady');
      const base = `/api/carrying-containers/${container.id}/store/${storeId}`;
      expect((await call(owner, 'PATCH', `${base}/discontinue`, { isActive: false })).statusCode).toBe(400);
      expect((await call(reader, 'PATCH', `${base}/discontinue`)).statusCode).toBe(403);
      expect((await call(null, 'PATCH', `${base}/discontinue`)).statusCode).toBe(401);
      const elsewhere = await newStore();
      expect(
        (
          await call(
            owner,
            'PATCH',
            `/api/carrying-containers/${container.id}/store/${elsewhere}/discontinue`,
          )
        ).statusCode,
      ).toBe(404);
      const theirStore = await newStore(other.businessId);
      const theirs = await createContainer(theirStore, 'Theirs', {}, other);
      expect(
        (await call(owner, 'PATCH', `/api/carrying-containers/${theirs.id}/store/${theirStore}/discontinue`))
          .statusCode,
      ).toBe(404);
      const { rows } = await t.sql(`select active from carrying_containers where id = any($1)`, [
        [container.id, theirs.id],
      ]);
      expect(rows).toEqual([{ active: true }, { active: true }]);
    });
  });
});
