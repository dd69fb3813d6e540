import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { toContainsPattern } from '../../../platform/db/list-paging.js';
import { suppliers } from './suppliers.table.js';

export type SupplierRow = typeof suppliers.$inferSelect;
export type SupplierValues = Pick<
  SupplierRow,
  'name' | 'contactName' | 'email' | 'phone' | 'address' | 'notes' | 'leadTimeDays'
>;
export type SupplierFilter = { active: boolean | null; search: string | undefined };

function conditionsOf(scope: TenantScope, filter: SupplierFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(suppliers.businessId, scope.businessId)];
  if (filter.active !== null) conditions.push(eq(suppliers.active, filter.active));
  if (filter.search !== undefined) {
    const pattern = toContainsPattern(filter.search);
    conditions.push(
      or(
        ilike(suppliers.name, pattern),
        ilike(suppliers.contactName, pattern),
        ilike(suppliers.email, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** One page of suppliers by name then id (`suppliers_name_idx`), limited in SQL. */
export async function findSuppliersPage(
  scope: TenantScope,
  filter: SupplierFilter,
  page: { limit: number; offset: number },
): Promise<SupplierRow[]> {
  return scope.tx
    .select()
    .from(suppliers)
    .where(conditionsOf(scope, filter))
    .orderBy(asc(suppliers.name), asc(suppliers.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countSuppliers(scope: TenantScope, filter: SupplierFilter): Promise<number> {
  const [row] = await scope.tx.select({ total: count() }).from(suppliers).where(conditionsOf(scope, filter));
  return row?.total ?? 0;
}

export async function findSupplier(scope: TenantScope, id: string): Promise<SupplierRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.businessId, scope.businessId), eq(suppliers.id, id)));
  return row;
}

/**
 * Locks the supplier to the end of the transaction. A product that references it takes a
 * key-share lock for its foreign key, which this lock waits for and then excludes.
 */
export async function lockSupplier(scope: TenantScope, id: string): Promise<SupplierRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.businessId, scope.businessId), eq(suppliers.id, id)))
    .for('update');
  return row;
}

export async function insertSupplier(
  scope: TenantScope,
  id: string,
  values: SupplierValues,
): Promise<SupplierRow> {
  const [row] = await scope.tx
    .insert(suppliers)
    .values({ ...values, id, businessId: scope.businessId })
    .returning();
  if (!row) throw new Error('insert into suppliers returned no row');
  return row;
}

export async function updateSupplier(
  scope: TenantScope,
  id: string,
  values: Partial<SupplierValues> & { active?: boolean },
): Promise<SupplierRow | undefined> {
  const [row] = await scope.tx
    .update(suppliers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(suppliers.businessId, scope.businessId), eq(suppliers.id, id)))
    .returning();
  return row;
}

export async function deleteSupplier(scope: TenantScope, id: string): Promise<void> {
  await scope.tx
    .delete(suppliers)
    .where(and(eq(suppliers.businessId, scope.businessId), eq(suppliers.id, id)));
}

/** For products: a supplier of the business by id. */
export async function findSupplierForProduct(
  scope: TenantScope,
  id: string,
): Promise<SupplierRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.businessId, scope.businessId), eq(suppliers.id, id)));
  return row;
}

/**
 * Whether a purchase order is addressed to the supplier (purchasing's table, read in plain SQL:
 * the catalogue may not import the purchasing module, which reads the catalogue).
 */
export async function isSupplierOrdered(scope: TenantScope, supplierId: string): Promise<boolean> {
  const result = await scope.tx.$client.query<{ ordered: boolean }>({
    name: 'suppliers_is_ordered',
    text: `select exists (select 1 from purchase_orders
             where business_id = $1 and supplier_id = $2) as ordered`,
    values: [scope.businessId, supplierId],
  });
  return result.rows[0]?.ordered ?? false;
}
