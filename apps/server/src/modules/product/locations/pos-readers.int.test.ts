import { randomUUID } from 'node:crypto';
import type { TPosReader } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffTokensByRole } from '../../../../test/factories/accounts.js';
import { insertLocation, insertStore, setPlan } from '../../../../test/factories/catalogue.js';
import type { Principal } from '../../../platform/auth/guard.js';
import { systemClock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/http/app-error.js';
import { registerPosReader } from './pos-readers.service.js';
import { INVALID_CODE_MESSAGE, type PosTerminalProvider } from './pos-terminal-provider.js';

const URL = '/api/locations/readers/pos-terminal-register';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
const staff = { contributor: '', reader: '', assistant: '', productAdmin: '' };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Till Shop');
  other = await ownerWithBusiness(t, 'Other Tills');
  await setPlan(t, owner.businessId, 'SUPREME');
  Object.assign(
    staff,
    await staffTokensByRole(t, owner.token, {
      contributor: 'ROLE_INVENTORY_CONTRIBUTOR',
      reader: 'ROLE_INVENTORY_READER',
      assistant: 'ROLE_STORE_ASSISTANT',
      productAdmin: 'ROLE_PRODUCT_ADMIN',
    }),
  );
});
afterAll(async () => {
  await t.close();
});

function register(token: string | undefined, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: URL, headers: token ? bearer(token) : {}, payload: body });
}

async function readersAt(locationId: string) {
  const { rows } = await t.sql('select label, provider_reader_id from pos_readers where location_id = $1', [
    locationId,
  ]);
  return rows as Array<{ label: string; provider_reader_id: string }>;
}

describe('pos readers', () => {
  describe('registerPosReader', () => {
    it('registers a simulated reader at an active store’s location with the sandbox', async () => {
      const { locationId } = await insertStore(t, owner.businessId);
      const res = await register(owner.token, {
        locationId,
        registrationCode: 'simulated-wpe',
        label: ' Till 1 ',
      });
      expect(res.statusCode).toBe(201);
      const reader: TPosReader = res.json();
      expect(reader).toMatchObject({
        locationId,
        label: 'Till 1',
        deviceType: 'simulated_wisepos_e',
        status: 'online',
        sandbox: true,
      });
      expect(reader.readerId).toBe(reader.id);
      expect(reader.providerReaderId).toMatch(/^tmr_sandbox_[0-9a-f]{24}$/);
      expect(new Date(reader.createdAt).toISOString()).toBe(reader.createdAt);
      expect(await readersAt(locationId)).toEqual([
        { label: 'Till 1', provider_reader_id: reader.providerReaderId },
      ]);
    });

    it('accepts three words joined by dashes, and refuses any other code with 400 on registrationCode', async () => {
      const { locationId } = await insertStore(t, owner.businessId);
      const good = await register(staff.contributor, {
        locationId,
        registrationCode: 'apple-banana-cherry',
        label: 'Front',
      });
      expect(good.statusCode).toBe(201);
      expect(good.json()).toMatchObject({ deviceType: 'bbpos_wisepos_e' });
      for (const registrationCode of ['apple-banana', '1234-5678-90', 'simulated']) {
        const bad = await register(owner.token, {
          locationId,
          registrationCode,
          label: `Back ${registrationCode}`,
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: INVALID_CODE_MESSAGE,
          details: { fieldErrors: { registrationCode: [INVALID_CODE_MESSAGE] } },
        });
      }
      expect((await readersAt(locationId)).map((r) => r.label)).toEqual(['Front']);
    });

    it('answers 400 with the field errors of a bad body', async () => {
      const res = await register(owner.token, { locationId: 'nope', registrationCode: ' ', label: '' });
      expect(res.statusCode).toBe(400);
      const { fieldErrors } = res.json<{ details: { fieldErrors: Record<string, string[]> } }>().details;
      expect(Object.keys(fieldErrors).sort()).toEqual(['label', 'locationId', 'registrationCode']);
    });

    it('refuses a location that serves no active store with 409: a warehouse’s, a free one, a discontinued store’s', async () => {
      const warehouseAt = await insertLocation(t, owner.businessId, { name: 'Depot place' });
      await t.sql(
        `insert into warehouses (business_id, id, location_id, name) values ($1, $2, $3, 'Depot')`,
        [owner.businessId, randomUUID(), warehouseAt],
      );
      const atWarehouse = await register(owner.token, {
        locationId: warehouseAt,
        registrationCode: 'simulated-wpe',
        label: 'Till',
      });
      expect(atWarehouse.statusCode).toBe(409);
      expect(atWarehouse.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'Card readers belong to stores, and the location Depot place serves the warehouse Depot.',
        details: { field: 'locationId' },
      });

      const free = await insertLocation(t, owner.businessId, { name: 'Empty lot' });
      const atFree = await register(owner.token, {
        locationId: free,
        registrationCode: 'simulated-wpe',
        label: 'T',
      });
      expect(atFree.statusCode).toBe(409);
      expect(atFree.json<{ message: string }>().message).toContain('serves no store');

      const { storeId, locationId } = await insertStore(t, owner.businessId, { name: 'Shut' });
      await t.sql('update stores set active = false where id = $1', [storeId]);
      const atShut = await register(owner.token, {
        locationId,
        registrationCode: 'simulated-wpe',
        label: 'T',
      });
      expect(atShut.statusCode).toBe(409);
      expect(atShut.json<{ message: string }>().message).toContain('the store Shut there is discontinued');

      const closed = await insertStore(t, owner.businessId, {
        locationId: await insertLocation(t, owner.businessId, { active: false }),
      });
      const atClosed = await register(owner.token, {
        locationId: closed.locationId,
        registrationCode: 'simulated-wpe',
        label: 'T',
      });
      expect(atClosed.statusCode).toBe(409);

      for (const place of [warehouseAt, free, locationId, closed.locationId]) {
        expect(await readersAt(place)).toEqual([]);
      }
    });

    it('refuses a label already used at the location in any case (409 on label); another store may use it', async () => {
      const first = await insertStore(t, owner.businessId);
      const second = await insertStore(t, owner.businessId);
      const body = { locationId: first.locationId, registrationCode: 'simulated-wpe', label: 'Till 7' };
      expect((await register(owner.token, body)).statusCode).toBe(201);
      const again = await register(owner.token, { ...body, label: 'till 7' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'label' } });
      expect((await register(owner.token, { ...body, locationId: second.locationId })).statusCode).toBe(201);
    });

    it('answers 404 for another business’s location or an unknown one, and writes nothing there', async () => {
      const foreign = await insertStore(t, other.businessId);
      const res = await register(owner.token, {
        locationId: foreign.locationId,
        registrationCode: 'simulated-wpe',
        label: 'Sneaky',
      });
      expect(res.statusCode).toBe(404);
      expect(await readersAt(foreign.locationId)).toEqual([]);
      const unknown = await register(owner.token, {
        locationId: randomUUID(),
        registrationCode: 'simulated-wpe',
        label: 'Ghost',
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('lets owner and inventory contributors register; refuses readers, assistants, product staff (403) and strangers (401)', async () => {
      const { locationId } = await insertStore(t, owner.businessId);
      const body = (label: string) => ({ locationId, registrationCode: 'simulated-wpe', label });
      expect((await register(staff.contributor, body('By contributor'))).statusCode).toBe(201);
      expect((await register(staff.reader, body('By reader'))).statusCode).toBe(403);
      expect((await register(staff.assistant, body('By assistant'))).statusCode).toBe(403);
      expect((await register(staff.productAdmin, body('By product admin'))).statusCode).toBe(403);
      expect((await register(undefined, body('By nobody'))).statusCode).toBe(401);
    });
  });

  describe('a registration that fails after the provider registered the reader', () => {
    it('takes the reader back from the provider and answers the conflict', async () => {
      const { locationId } = await insertStore(t, owner.businessId);
      const removed: string[] = [];
      // The provider answers while another request registers the same label: the second
      // transaction's unique index refuses it.
      const racing: PosTerminalProvider = {
        isSandbox: true,
        registerReader: async () => {
          await t.sql(
            `insert into pos_readers (business_id, id, location_id, label, provider_reader_id, device_type, status, sandbox)
             values ($1, $2, $3, 'Till 9', 'tmr_other', 'simulated_wisepos_e', 'online', true)`,
            [owner.businessId, randomUUID(), locationId],
          );
          return { providerReaderId: 'tmr_raced', deviceType: 'simulated_wisepos_e', status: 'online' };
        },
        removeReader: async (id) => {
          removed.push(id);
        },
      };
      const principal: Principal = {
        userId: owner.userId,
        businessId: owner.businessId,
        roles: ['ROLE_BUSINESS_OWNER'],
        tokenVersion: 0,
        tokenId: randomUUID(),
        expiresAt: new Date(Date.now() + 60_000),
      };
      const deps = { db: t.database.db, blobs: undefined as never, log: t.app.log, clock: systemClock };
      const error = await registerPosReader(deps, racing, principal, {
        locationId,
        registrationCode: 'simulated-wpe',
        label: 'TILL 9',
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'CONFLICT', details: { field: 'label' } });
      expect(removed).toEqual(['tmr_raced']);
      expect((await readersAt(locationId)).map((r) => r.provider_reader_id)).toEqual(['tmr_other']);
    });
  });
});
