import type { TActiveFilter, TInventoryItem, TNearbyStore, TStore, TStoreDetails } from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { listStockAt, stockUnitsAt } from '../../inventory/inventory.service.js';
import { countActiveContainersOf } from '../containers/containers.service.js';
import { listPosReadersAt } from '../locations/pos-readers.service.js';
import { countActiveProductsAt } from '../products/products.service.js';
import type { ProductDeps } from '../product.deps.js';
import type { Point } from './geo.js';
import {
  findStoresNear,
  findStoreWithLocation,
  listStores as findStores,
  type StoreWithLocation,
} from './stores.repository.js';
import { toStore } from './stores.service.js';

/* The store reads of the specification (001 section 7): lists, lookups, stock and details. */

export async function getStore(deps: ProductDeps, principal: Principal, id: string): Promise<TStore> {
  return inTenant(deps.db, principal, async (scope) => {
    const { store, location } = await requireStoreWithLocation(scope, { id });
    return toStore(store, location);
  });
}

/** A store of the caller's business by its QR code; another business's code is unknown (404). */
export async function getStoreByQrCode(
  deps: ProductDeps,
  principal: Principal,
  qrCode: string,
): Promise<TStore> {
  return inTenant(deps.db, principal, async (scope) => {
    const { store, location } = await requireStoreWithLocation(scope, { qrCode });
    return toStore(store, location);
  });
}

export async function listStores(
  deps: ProductDeps,
  principal: Principal,
  active: TActiveFilter,
): Promise<TStore[]> {
  const rows = await inTenant(deps.db, principal, (scope) => findStores(scope, { active }));
  return rows.map(fromRow);
}

/** Active stores whose location's name contains the text, any case. */
export async function searchStoresByLocationName(
  deps: ProductDeps,
  principal: Principal,
  locationName: string,
): Promise<TStore[]> {
  const rows = await inTenant(deps.db, principal, (scope) =>
    findStores(scope, { active: 'true', locationNameContains: locationName }),
  );
  return rows.map(fromRow);
}

/** Active stores within `radiusKm` of the point, nearest first; locations without coordinates never. */
export async function findNearbyStores(
  deps: ProductDeps,
  principal: Principal,
  center: Point,
  radiusKm: number,
): Promise<TNearbyStore[]> {
  const rows = await inTenant(deps.db, principal, (scope) => findStoresNear(scope, center, radiusKm));
  return rows.map((row) => ({ ...fromRow(row), distanceKm: row.distanceKm }));
}

/** The active stock items at the store's location, by product name. */
export async function getStoreInventory(
  deps: ProductDeps,
  principal: Principal,
  id: string,
): Promise<TInventoryItem[]> {
  return inTenant(deps.db, principal, async (scope) => {
    const { store } = await requireStoreWithLocation(scope, { id });
    const answer = await listStockAt(scope, store.locationId);
    return answer.sort((a, b) => a.productName.localeCompare(b.productName) || a.sku.localeCompare(b.sku));
  });
}

/** The store with its counts: active products and stock units at its location, containers, readers. */
export async function getStoreDetails(
  deps: ProductDeps,
  principal: Principal,
  id: string,
): Promise<TStoreDetails> {
  return inTenant(deps.db, principal, async (scope) => {
    const { store, location } = await requireStoreWithLocation(scope, { id });
    const readers = await listPosReadersAt(scope, store.locationId);
    const answer = toStore(store, location);
    return {
      store: answer,
      location: answer.location,
      productCount: await countActiveProductsAt(scope, store.locationId),
      stockUnits: await stockUnitsAt(scope, store.locationId),
      containerCount: await countActiveContainersOf(scope, store.id),
      readerCount: readers.length,
      readers,
    };
  });
}

async function requireStoreWithLocation(
  scope: TenantScope,
  where: { id: string } | { qrCode: string },
): Promise<StoreWithLocation> {
  const row = await findStoreWithLocation(scope, where);
  if (!row) throw new AppError('NOT_FOUND', 'The store was not found.');
  return row;
}

function fromRow(row: StoreWithLocation): TStore {
  return toStore(row.store, row.location);
}
