import { randomUUID } from 'node:crypto';
import {
  toPage,
  type TPage,
  type TSupplier,
  type ZSupplierListQuery,
  type ZSupplierRequest,
} from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { ProductDeps } from '../product.deps.js';
import { clearSupplierOfProducts } from '../products/products.service.js';
import { totalShownByPage } from '../../../platform/db/list-paging.js';
import {
  countSuppliers,
  deleteSupplier,
  findSupplier,
  findSuppliersPage,
  insertSupplier,
  lockSupplier,
  updateSupplier,
  type SupplierFilter,
  type SupplierRow,
  findSupplierForProduct,
  isSupplierOrdered,
} from './suppliers.repository.js';

export type SupplierInput = z.output<typeof ZSupplierRequest>;
export type SupplierListQuery = z.output<typeof ZSupplierListQuery>;

const SUPPLIER_NOT_FOUND = 'The supplier was not found.';
const ACTIVE_FILTER = { true: true, false: false, all: null } as const;

/** A page of the business's suppliers by name; the count runs only when the page cannot tell it. */
export async function listSuppliers(
  deps: ProductDeps,
  principal: Principal,
  query: SupplierListQuery,
): Promise<TPage<TSupplier>> {
  const filter: SupplierFilter = { active: ACTIVE_FILTER[query.active], search: query.search };
  return inTenant(deps.db, principal, async (scope) => {
    const rows = await findSuppliersPage(scope, filter, {
      limit: query.size,
      offset: query.page * query.size,
    });
    const total = totalShownByPage(rows.length, query) ?? (await countSuppliers(scope, filter));
    return toPage(rows.map(toSupplier), query, total);
  });
}

export async function getSupplier(deps: ProductDeps, principal: Principal, id: string): Promise<TSupplier> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findSupplier(scope, id);
    if (!row) throw new AppError('NOT_FOUND', SUPPLIER_NOT_FOUND);
    return toSupplier(row);
  });
}

export async function createSupplier(
  deps: ProductDeps,
  principal: Principal,
  input: SupplierInput,
): Promise<TSupplier> {
  return withNameClash(input, () =>
    inTenant(deps.db, principal, async (scope) =>
      toSupplier(
        await insertSupplier(scope, randomUUID(), {
          name: input.name,
          contactName: input.contactName ?? null,
          email: input.email,
          phone: input.phone ?? null,
          address: input.address ?? null,
          notes: input.notes ?? null,
          leadTimeDays: input.leadTimeDays ?? null,
        }),
      ),
    ),
  );
}

/** Replaces the supplier's fields; an optional field left out keeps its value, null clears it. */
export async function changeSupplier(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  input: SupplierInput,
): Promise<TSupplier> {
  return withNameClash(input, () =>
    inTenant(deps.db, principal, async (scope) => {
      // drizzle leaves a column whose value is undefined as it is.
      const row = await updateSupplier(scope, id, {
        name: input.name,
        contactName: input.contactName,
        email: input.email,
        phone: input.phone,
        address: input.address,
        notes: input.notes,
        leadTimeDays: input.leadTimeDays,
      });
      if (!row) throw new AppError('NOT_FOUND', SUPPLIER_NOT_FOUND);
      return toSupplier(row);
    }),
  );
}

/**
 * Deletes the supplier; its products stay, without a supplier, in the same transaction. The row
 * is locked first, so no product can take the supplier up between the clearing and the delete,
 * and no purchase order can name it (its foreign key waits for the lock) between the check and
 * the delete. A supplier that purchase orders name is history: 409 IN_USE, discontinue it then.
 */
export async function removeSupplier(deps: ProductDeps, principal: Principal, id: string): Promise<void> {
  await inTenant(deps.db, principal, async (scope) => {
    const supplier = await lockSupplier(scope, id);
    if (!supplier) throw new AppError('NOT_FOUND', SUPPLIER_NOT_FOUND);
    if (await isSupplierOrdered(scope, supplier.id))
      throw new AppError(
        'IN_USE',
        `${supplier.name} has purchase orders, so it cannot be deleted. Discontinue it instead.`,
      );
    await clearSupplierOfProducts(scope, id);
    await deleteSupplier(scope, id);
  });
}

/** Reactivates (`active: true`) or discontinues the supplier. */
export async function setSupplierActive(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  active: boolean,
): Promise<TSupplier> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await updateSupplier(scope, id, { active });
    if (!row) throw new AppError('NOT_FOUND', SUPPLIER_NOT_FOUND);
    return toSupplier(row);
  });
}

/**
 * The unique index `suppliers_name_key` (business, lower(name)) decides a name clash, so two saves
 * at once cannot both pass a check; its violation (after the rollback) becomes a 409 on the name.
 */
async function withNameClash<T>(input: SupplierInput, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('CONFLICT', `A supplier named "${input.name}" already exists.`, { field: 'name' });
  }
}

export function toSupplier(row: SupplierRow): TSupplier {
  return {
    id: row.id,
    supplierId: row.id,
    name: row.name,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    notes: row.notes,
    leadTimeDays: row.leadTimeDays,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** For products: a supplier of the business by id, or undefined. */
export async function findSupplierOfBusiness(
  scope: TenantScope,
  id: string,
): Promise<SupplierRow | undefined> {
  return findSupplierForProduct(scope, id);
}

export type { SupplierRow } from './suppliers.repository.js';
