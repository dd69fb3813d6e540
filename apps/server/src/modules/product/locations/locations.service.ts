import type { TLocation } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import {
  existsLocation,
  findLocation,
  findLocationUsers,
  findLocationWithUsage,
  lockLocation,
  type LocationRow,
  type LocationUsage,
} from './locations.repository.js';

export type { LocationRow, LocationUsage } from './locations.repository.js';

/*
 * The location hub (DESIGN 12) that stores, warehouses, products and categories call. It imports
 * no other catalogue service, so every one of them may import it without a cycle; the location
 * calls themselves (which ask products, categories and stock) live in location-admin.service.ts.
 */

/**
 * The location of the scope's business, or 404 (another business's id is unknown here). `lock`
 * holds the row to the end of the transaction; `isActiveRequired` refuses a discontinued one
 * for new things placed there.
 */
export async function requireLocation(
  scope: TenantScope,
  id: string,
  options: { lock?: boolean; isActiveRequired?: boolean } = {},
): Promise<LocationRow> {
  const row = options.lock ? await lockLocation(scope, id) : await findLocation(scope, id);
  if (!row) throw new AppError('NOT_FOUND', 'The location was not found.');
  if (options.isActiveRequired && !row.active) {
    throw new AppError('CONFLICT', `The location ${row.name} is discontinued. Reactivate it first.`, {
      field: 'locationId',
    });
  }
  return row;
}

/** For the setup checklist: the business has at least one location. */
export async function existsAnyLocation(scope: TenantScope): Promise<boolean> {
  return existsLocation(scope);
}

/**
 * One location serves one store or one warehouse (DESIGN 12). Call it with the location locked
 * (`requireLocation(..., { lock: true })`): store and warehouse creation and moves all lock it
 * first, so two of them cannot take the same location at once. `self` is the store or
 * warehouse being edited, which may keep its own location.
 */
export async function assertLocationIsFree(
  scope: TenantScope,
  location: LocationRow,
  self: { storeId?: string; warehouseId?: string } = {},
): Promise<void> {
  const { store, warehouse } = await findLocationUsers(scope, location.id);
  if (store && store.id !== self.storeId) {
    throw new AppError('CONFLICT', `The location ${location.name} already serves the store ${store.name}.`, {
      field: 'locationId',
      usedBy: 'STORE',
    });
  }
  if (warehouse && warehouse.id !== self.warehouseId) {
    throw new AppError(
      'CONFLICT',
      `The location ${location.name} already serves the warehouse ${warehouse.name}.`,
      { field: 'locationId', usedBy: 'WAREHOUSE' },
    );
  }
}

/** The store and the warehouse at a location, if any. */
export async function findUsersOfLocation(scope: TenantScope, locationId: string) {
  return findLocationUsers(scope, locationId);
}

export function toLocation(row: LocationRow, usedBy: LocationUsage | null): TLocation {
  return {
    id: row.id,
    locationId: row.id,
    name: row.name,
    street: row.street,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    active: row.active,
    usedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A location as answers show it (with what it serves), or 404. Products' details call it too. */
export async function readLocation(scope: TenantScope, id: string): Promise<TLocation> {
  const row = await findLocationWithUsage(scope, id);
  if (!row) throw new AppError('NOT_FOUND', 'The location was not found.');
  return toLocation(row, row.usedBy);
}
