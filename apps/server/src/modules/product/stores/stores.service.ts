import type { TStore } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { toLocation, type LocationRow } from '../locations/locations.service.js';
import { countActiveStores, existsStore, findStore, type StoreRow } from './stores.repository.js';

export type { StoreRow } from './stores.repository.js';

/*
 * What other areas read of stores. It imports no catalogue service but the location hub, so
 * carrying containers and sales may import it without a cycle; the store calls themselves live
 * in store-admin.service.ts and store-details.service.ts.
 */

/** The store of the scope's business, or 404; carrying containers and sales call it. */
export async function requireStore(scope: TenantScope, id: string): Promise<StoreRow> {
  const row = await findStore(scope, id);
  if (!row) throw new AppError('NOT_FOUND', 'The store was not found.');
  return row;
}

/** For the setup checklist: the business has at least one store. */
export async function existsAnyStore(scope: TenantScope): Promise<boolean> {
  return existsStore(scope);
}

/** What the plan's store limit counts (active stores): a downgrade checks it. */
export async function countStoresInUse(scope: TenantScope): Promise<number> {
  return countActiveStores(scope);
}

export function toStore(store: StoreRow, location: LocationRow): TStore {
  return {
    id: store.id,
    storeId: store.id,
    name: store.name,
    locationId: store.locationId,
    // A location serves at most one store or warehouse: this one's serves the store.
    location: toLocation(location, 'STORE'),
    phone: store.phone,
    email: store.email,
    openingHours: store.openingHours,
    imageUrl: store.imageUrl,
    qrCode: store.qrCode,
    basketWeightEnabled: store.basketWeightEnabled,
    active: store.active,
    createdAt: store.createdAt.toISOString(),
    updatedAt: store.updatedAt.toISOString(),
  };
}
