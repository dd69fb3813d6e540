import { randomBytes, randomUUID } from 'node:crypto';
import type { TStore, ZStoreRequest } from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import { IMAGE_CONTAINER } from '../../../platform/blobs/blob-storage.js';
import { prepareImage, storeImage, type PreparedImage } from '../../../platform/blobs/uploaded-image.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { planOfBusiness } from '../../access/businesses.service.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { assertWithinLimit, type Plan } from '../../plans/plans.service.js';
import { existsContainersOf } from '../containers/containers.service.js';
import { assertLocationIsFree, requireLocation } from '../locations/locations.service.js';
import type { ProductDeps } from '../product.deps.js';
import {
  countActiveStores,
  deleteStore as deleteStoreRow,
  insertStore,
  lockStore,
  updateStore as updateStoreRow,
  type StoreRow,
} from './stores.repository.js';
import { requireStore, toStore } from './stores.service.js';

export type StoreInput = z.output<typeof ZStoreRequest>;
/** An uploaded store image, as received; checked and re-encoded before any transaction. */
export type StoreImageUpload = { data: Buffer };

/*
 * Creating, changing and deleting stores. Locks are taken in one order everywhere: the business
 * row (the plan's store limit), then the location (one store or warehouse per location), then
 * the store. Images are stored inside the transaction, after every check passed; a new image
 * is removed again if the transaction fails, and a replaced or deleted one once it committed.
 */

export async function createStore(
  deps: ProductDeps,
  principal: Principal,
  input: StoreInput,
  image: StoreImageUpload | null,
): Promise<TStore> {
  const prepared = image ? await prepareImage(image.data, 'The store image') : null;
  const uploaded: string[] = [];
  try {
    return await inTenant(deps.db, principal, async (scope) => {
      const plan = await planOfBusiness(scope, { lock: true });
      const isActive = input.active ?? true;
      if (isActive) await assertStoreLimit(scope, plan);
      const location = await requireLocation(scope, input.locationId, { lock: true, isActiveRequired: true });
      await assertLocationIsFree(scope, location);
      const imageUrl = prepared ? await upload(deps, scope, prepared, uploaded) : null;
      const row = await insertWithFreshQrCode(scope, {
        id: randomUUID(),
        ...storeValues(input),
        active: isActive,
        imageUrl,
      });
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: 'CREATE_STORE',
        description: `Created the store ${row.name} at ${location.name}.`,
      });
      return toStore(row, location);
    });
  } catch (error) {
    await removeBlobs(deps, uploaded);
    throw error;
  }
}

/**
 * Replaces the store's fields (and its image when one is sent). `active: true` on a
 * discontinued store reactivates it within the plan's store limit; a new location must be
 * active and serve nothing else.
 */
export async function updateStore(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  input: StoreInput,
  image: StoreImageUpload | null,
): Promise<TStore> {
  const prepared = image ? await prepareImage(image.data, 'The store image') : null;
  const uploaded: string[] = [];
  try {
    const { store, replaced } = await inTenant(deps.db, principal, async (scope) => {
      const plan = input.active === true ? await planOfBusiness(scope, { lock: true }) : null;
      const current = await requireStore(scope, id);
      const isActive = input.active ?? current.active;
      const location = await requireLocation(scope, input.locationId, {
        lock: true,
        isActiveRequired: isActive,
      });
      if (input.locationId !== current.locationId)
        await assertLocationIsFree(scope, location, { storeId: id });
      const locked = await lockStore(scope, id);
      if (!locked) throw storeNotFound();
      if (plan && !locked.active) await assertStoreLimit(scope, plan);
      const imageUrl = prepared ? await upload(deps, scope, prepared, uploaded) : undefined;
      const row = await saveStore(scope, id, { ...storeValues(input), active: isActive, imageUrl });
      return { store: toStore(row, location), replaced: imageUrl ? locked.imageUrl : null };
    });
    if (replaced) await removeBlobs(deps, [replaced]);
    return store;
  } catch (error) {
    await removeBlobs(deps, uploaded);
    throw error;
  }
}

/** Flips whether baskets are weighed at the store's checkout. */
export async function toggleBasketWeight(
  deps: ProductDeps,
  principal: Principal,
  id: string,
): Promise<TStore> {
  return inTenant(deps.db, principal, async (scope) => {
    const store = await lockStore(scope, id);
    if (!store) throw storeNotFound();
    const location = await requireLocation(scope, store.locationId);
    const row = await saveStore(scope, id, { basketWeightEnabled: !store.basketWeightEnabled });
    return toStore(row, location);
  });
}

/** Deletes a store without carrying containers; its image goes once the deletion committed. */
export async function deleteStore(deps: ProductDeps, principal: Principal, id: string): Promise<void> {
  const imageUrl = await inTenant(deps.db, principal, async (scope) => {
    const store = await lockStore(scope, id);
    if (!store) throw storeNotFound();
    if (await existsContainersOf(scope, id)) {
      throw new AppError(
        'IN_USE',
        `The store ${store.name} still has carrying containers. Remove them, or discontinue the store instead.`,
      );
    }
    await deleteStoreRow(scope, id);
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'DELETE_STORE',
      description: `Deleted the store ${store.name}.`,
    });
    return store.imageUrl;
  });
  if (imageUrl) await removeBlobs(deps, [imageUrl]);
}

async function assertStoreLimit(scope: TenantScope, plan: Plan): Promise<void> {
  assertWithinLimit(plan, 'stores', await countActiveStores(scope), 'stores');
}

/** The store's fields, absent ones as null: an update replaces them all. */
function storeValues(input: StoreInput) {
  return {
    name: input.name,
    locationId: input.locationId,
    phone: input.phone ?? null,
    email: input.email ?? null,
    openingHours: input.openingHours ?? null,
  };
}

/**
 * The QR code is random and globally unique (a public page finds the store by it): a code some
 * store already has is drawn again. 96 random bits make even one retry unlikely.
 */
async function insertWithFreshQrCode(
  scope: TenantScope,
  values: Omit<Parameters<typeof insertStore>[1], 'qrCode'>,
): Promise<StoreRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await insertStore(scope, { ...values, qrCode: randomBytes(12).toString('base64url') }).catch(
      (error: unknown) => {
        throw isUniqueViolation(error) ? locationTaken() : error;
      },
    );
    if (row) return row;
  }
  throw new Error('no free store QR code after 5 attempts');
}

async function saveStore(
  scope: TenantScope,
  id: string,
  values: Parameters<typeof updateStoreRow>[2],
): Promise<StoreRow> {
  try {
    const row = await updateStoreRow(scope, id, values);
    if (!row) throw storeNotFound();
    return row;
  } catch (error) {
    throw isUniqueViolation(error) ? locationTaken() : error;
  }
}

async function upload(
  deps: ProductDeps,
  scope: TenantScope,
  image: PreparedImage,
  uploaded: string[],
): Promise<string> {
  const name = await storeImage(deps.blobs, scope.businessId, 'stores', image);
  uploaded.push(name);
  return name;
}

/** Best effort: a blob left behind costs storage, never correctness. */
async function removeBlobs(deps: ProductDeps, names: readonly string[]): Promise<void> {
  for (const name of names) {
    await deps.blobs.remove(IMAGE_CONTAINER, name).catch((error: unknown) => {
      deps.log.warn({ err: error, blob: name }, 'could not remove a store image');
    });
  }
}

/** A unique violation of the one-store-per-location index: another request took the location. */
function locationTaken(): AppError {
  return new AppError('CONFLICT', 'The location already serves another store.', { field: 'locationId' });
}

function storeNotFound(): AppError {
  return new AppError('NOT_FOUND', 'The store was not found.');
}
