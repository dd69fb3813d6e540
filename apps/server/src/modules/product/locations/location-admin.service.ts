import { randomUUID } from 'node:crypto';
import type { TActiveFilter, TLocation, ZLocationRequest } from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { stockUnitsAt } from '../../inventory/inventory.service.js';
import { existsCategoriesAt } from '../categories/categories.service.js';
import { existsProductsAt } from '../products/products.service.js';
import type { ProductDeps } from '../product.deps.js';
import {
  deleteLocation as deleteLocationRow,
  insertLocation,
  listLocations as findLocations,
  searchLocations,
  updateLocation as updateLocationRow,
} from './locations.repository.js';
import { findUsersOfLocation, readLocation, requireLocation, toLocation } from './locations.service.js';

/*
 * The location calls of the specification (001 section 7). They ask products, categories and
 * stock whether a location is in use, so they live apart from the hub (locations.service.ts),
 * which those areas import.
 */

export type LocationInput = z.output<typeof ZLocationRequest>;

/** Autocomplete answers at most this many locations. */
export const AUTOCOMPLETE_LIMIT = 10;

export async function createLocation(
  deps: ProductDeps,
  principal: Principal,
  input: LocationInput,
): Promise<TLocation> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await insertLocation(scope, randomUUID(), locationValues(input));
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'CREATE_LOCATION',
      description: `Created the location ${row.name}.`,
    });
    return toLocation(row, null);
  });
}

/** Locations of the business by name, as the active filter asks. */
export async function listLocations(
  deps: ProductDeps,
  principal: Principal,
  active: TActiveFilter,
): Promise<TLocation[]> {
  const rows = await inTenant(deps.db, principal, (scope) => findLocations(scope, { active }));
  return rows.map((row) => toLocation(row, row.usedBy));
}

/** Active locations no store or warehouse uses yet (the choices for a new one). */
export async function listUnreferencedLocations(
  deps: ProductDeps,
  principal: Principal,
): Promise<TLocation[]> {
  const rows = await inTenant(deps.db, principal, (scope) =>
    findLocations(scope, { active: 'true', isUnreferencedOnly: true }),
  );
  return rows.map((row) => toLocation(row, row.usedBy));
}

export async function autocompleteLocations(
  deps: ProductDeps,
  principal: Principal,
  input: string,
): Promise<TLocation[]> {
  const rows = await inTenant(deps.db, principal, (scope) =>
    searchLocations(scope, input, AUTOCOMPLETE_LIMIT),
  );
  return rows.map((row) => toLocation(row, row.usedBy));
}

export async function getLocation(deps: ProductDeps, principal: Principal, id: string): Promise<TLocation> {
  return inTenant(deps.db, principal, (scope) => readLocation(scope, id));
}

export async function updateLocation(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  input: LocationInput,
): Promise<TLocation> {
  return inTenant(deps.db, principal, async (scope) => {
    if (!(await updateLocationRow(scope, id, locationValues(input)))) throw locationNotFound();
    return readLocation(scope, id);
  });
}

/**
 * Discontinues or reactivates a location. A location that an active store or warehouse still
 * serves stays active: discontinue that first, or it would trade at a discontinued place.
 */
export async function setLocationActive(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  active: boolean,
): Promise<TLocation> {
  return inTenant(deps.db, principal, async (scope) => {
    const location = await requireLocation(scope, id, { lock: true });
    if (!active) {
      const { store, warehouse } = await findUsersOfLocation(scope, id);
      const user = store?.active
        ? `store ${store.name}`
        : warehouse?.active
          ? `warehouse ${warehouse.name}`
          : null;
      if (user) {
        throw new AppError(
          'CONFLICT',
          `The location ${location.name} serves the active ${user}. Discontinue or delete it first.`,
        );
      }
    }
    if (location.active !== active) await updateLocationRow(scope, id, { active });
    return readLocation(scope, id);
  });
}

/**
 * Deletes a location nothing depends on. The location row is locked first: a store, warehouse,
 * product or category placed there meanwhile waits for this transaction and then finds it gone.
 * Its card readers go with it.
 */
export async function deleteLocation(deps: ProductDeps, principal: Principal, id: string): Promise<void> {
  await inTenant(deps.db, principal, async (scope) => {
    const location = await requireLocation(scope, id, { lock: true });
    const reason = await whyLocationIsInUse(scope, id);
    if (reason) {
      throw new AppError('IN_USE', `The location ${location.name} cannot be deleted: ${reason}.`);
    }
    if (!(await deleteLocationRow(scope, id))) {
      throw new AppError(
        'IN_USE',
        `The location ${location.name} cannot be deleted: its history depends on it. Discontinue it instead.`,
      );
    }
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'DELETE_LOCATION',
      description: `Deleted the location ${location.name}.`,
    });
  });
}

/** What keeps the location, and what the owner can do: null when nothing does. */
async function whyLocationIsInUse(scope: TenantScope, id: string): Promise<string | null> {
  const { store, warehouse } = await findUsersOfLocation(scope, id);
  if (store) return `it serves the store ${store.name}. Delete the store first`;
  if (warehouse) return `it serves the warehouse ${warehouse.name}. Delete the warehouse first`;
  const instead = 'Discontinue the location instead';
  if (await existsProductsAt(scope, id)) return `products are kept there. ${instead}`;
  if (await existsCategoriesAt(scope, id)) return `categories are kept there. ${instead}`;
  if ((await stockUnitsAt(scope, id)) > 0) return `stock is kept there. ${instead}`;
  return null;
}

/** Every field, absent ones as null: an update replaces them all. */
function locationValues(input: LocationInput) {
  return {
    name: input.name,
    street: input.street ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    zipCode: input.zipCode ?? null,
    country: input.country ?? null,
    latitude: input.latitude,
    longitude: input.longitude,
    phone: input.phone ?? null,
  };
}

function locationNotFound(): AppError {
  return new AppError('NOT_FOUND', 'The location was not found.');
}
