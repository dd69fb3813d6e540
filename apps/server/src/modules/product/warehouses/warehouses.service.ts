import { randomUUID } from 'node:crypto';
import type { TActiveFilter, TWarehouse, ZWarehouseRequest } from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { planOfBusiness } from '../../access/businesses.service.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { stockUnitsAt } from '../../inventory/inventory.service.js';
import { assertWithinLimit, type Plan } from '../../plans/plans.service.js';
import {
  assertLocationIsFree,
  requireLocation,
  toLocation,
  type LocationRow,
} from '../locations/locations.service.js';
import type { ProductDeps } from '../product.deps.js';
import {
  countActiveWarehouses,
  deleteWarehouse as deleteWarehouseRow,
  findWarehouseWithLocation,
  insertWarehouse,
  listWarehouses as findWarehouses,
  lockWarehouse,
  updateWarehouse as updateWarehouseRow,
  type WarehouseRow,
  type WarehouseWithLocation,
} from './warehouses.repository.js';

export type WarehouseInput = z.output<typeof ZWarehouseRequest>;

/*
 * Warehouses. Locks are taken in the order stores take them: the business row (the plan's
 * warehouse limit), then the location (one store or warehouse per location), then the warehouse.
 */

export async function createWarehouse(
  deps: ProductDeps,
  principal: Principal,
  input: WarehouseInput,
): Promise<TWarehouse> {
  return inTenant(deps.db, principal, async (scope) => {
    await assertWarehouseLimit(scope, await planOfBusiness(scope, { lock: true }));
    const location = await requireLocation(scope, input.locationId, { lock: true, isActiveRequired: true });
    await assertLocationIsFree(scope, location);
    const row = await insertWarehouse(scope, { id: randomUUID(), ...warehouseValues(input) }).catch(
      (error: unknown) => {
        throw isUniqueViolation(error) ? locationTaken() : error;
      },
    );
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'CREATE_WAREHOUSE',
      description: `Created the warehouse ${row.name} at ${location.name}.`,
    });
    return toWarehouse(row, location);
  });
}

export async function listWarehouses(
  deps: ProductDeps,
  principal: Principal,
  active: TActiveFilter,
): Promise<TWarehouse[]> {
  const rows = await inTenant(deps.db, principal, (scope) => findWarehouses(scope, { active }));
  return rows.map((row) => toWarehouse(row.warehouse, row.location));
}

export async function getWarehouse(deps: ProductDeps, principal: Principal, id: string): Promise<TWarehouse> {
  return inTenant(deps.db, principal, async (scope) => {
    const { warehouse, location } = await requireWarehouse(scope, id);
    return toWarehouse(warehouse, location);
  });
}

/** Replaces the warehouse's fields; a new location must be free (and active for an active warehouse). */
export async function updateWarehouse(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  input: WarehouseInput,
): Promise<TWarehouse> {
  return inTenant(deps.db, principal, async (scope) => {
    const current = await requireWarehouse(scope, id);
    const isMove = input.locationId !== current.warehouse.locationId;
    const location = await requireLocation(scope, input.locationId, {
      lock: true,
      isActiveRequired: isMove && current.warehouse.active,
    });
    if (isMove) await assertLocationIsFree(scope, location, { warehouseId: id });
    if (!(await lockWarehouse(scope, id))) throw warehouseNotFound();
    const row = await updateWarehouseRow(scope, id, warehouseValues(input)).catch((error: unknown) => {
      throw isUniqueViolation(error) ? locationTaken() : error;
    });
    if (!row) throw warehouseNotFound();
    return toWarehouse(row, location);
  });
}

/** Discontinues or reactivates; reactivation counts against the plan and needs an active location. */
export async function setWarehouseActive(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  active: boolean,
): Promise<TWarehouse> {
  return inTenant(deps.db, principal, async (scope) => {
    const plan = active ? await planOfBusiness(scope, { lock: true }) : null;
    const current = await requireWarehouse(scope, id);
    const location = await requireLocation(scope, current.warehouse.locationId, {
      lock: true,
      isActiveRequired: active,
    });
    const locked = await lockWarehouse(scope, id);
    if (!locked) throw warehouseNotFound();
    if (locked.active === active) return toWarehouse(locked, location);
    if (plan) await assertWarehouseLimit(scope, plan);
    const row = await updateWarehouseRow(scope, id, { active });
    if (!row) throw warehouseNotFound();
    return toWarehouse(row, location);
  });
}

/** Deletes a warehouse whose location holds no stock; the location stays. */
export async function deleteWarehouse(deps: ProductDeps, principal: Principal, id: string): Promise<void> {
  await inTenant(deps.db, principal, async (scope) => {
    const warehouse = await lockWarehouse(scope, id);
    if (!warehouse) throw warehouseNotFound();
    if ((await stockUnitsAt(scope, warehouse.locationId)) > 0) {
      throw new AppError(
        'IN_USE',
        `The warehouse ${warehouse.name} still holds stock. Move the stock out, or discontinue the warehouse instead.`,
      );
    }
    await deleteWarehouseRow(scope, id);
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'DELETE_WAREHOUSE',
      description: `Deleted the warehouse ${warehouse.name}.`,
    });
  });
}

/** What the plan's warehouse limit counts (active warehouses): a downgrade checks it. */
export async function countWarehousesInUse(scope: TenantScope): Promise<number> {
  return countActiveWarehouses(scope);
}

export function toWarehouse(row: WarehouseRow, location: LocationRow): TWarehouse {
  return {
    id: row.id,
    warehouseId: row.id,
    name: row.name,
    locationId: row.locationId,
    // A location serves at most one store or warehouse: this one's serves the warehouse.
    location: toLocation(location, 'WAREHOUSE'),
    capacity: row.capacity,
    managerName: row.managerName,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function assertWarehouseLimit(scope: TenantScope, plan: Plan): Promise<void> {
  assertWithinLimit(plan, 'warehouses', await countActiveWarehouses(scope), 'warehouses');
}

async function requireWarehouse(scope: TenantScope, id: string): Promise<WarehouseWithLocation> {
  const row = await findWarehouseWithLocation(scope, id);
  if (!row) throw warehouseNotFound();
  return row;
}

/** The warehouse's fields, absent ones as null: an update replaces them all. */
function warehouseValues(input: WarehouseInput) {
  return {
    name: input.name,
    locationId: input.locationId,
    capacity: input.capacity ?? null,
    managerName: input.managerName ?? null,
  };
}

/** A unique violation of the one-warehouse-per-location index: another request took the location. */
function locationTaken(): AppError {
  return new AppError('CONFLICT', 'The location already serves another warehouse.', { field: 'locationId' });
}

function warehouseNotFound(): AppError {
  return new AppError('NOT_FOUND', 'The warehouse was not found.');
}
