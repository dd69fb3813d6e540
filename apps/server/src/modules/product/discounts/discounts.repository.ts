import { and, eq } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { products } from '../products/products.table.js';

export type DiscountProductRow = typeof products.$inferSelect;

/** A discount lives on its product's row (one per product and location). */
export type DiscountValues = {
  discountAmount: string | null;
  discountPercentage: string | null;
  discountValidFrom: Date | null;
  discountValidTo: Date | null;
};

/** The product with the SKU at the location, locked to the end of the transaction. */
export async function lockProductBySku(
  scope: TenantScope,
  sku: string,
  locationId: string,
): Promise<DiscountProductRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.businessId, scope.businessId),
        eq(products.locationId, locationId),
        eq(products.sku, sku),
      ),
    )
    .for('update');
  return row;
}

export async function lockProductAt(
  scope: TenantScope,
  id: string,
  locationId: string,
): Promise<DiscountProductRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.businessId, scope.businessId),
        eq(products.locationId, locationId),
        eq(products.id, id),
      ),
    )
    .for('update');
  return row;
}

export async function writeDiscount(
  scope: TenantScope,
  id: string,
  values: DiscountValues,
): Promise<DiscountProductRow> {
  const [row] = await scope.tx
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(products.businessId, scope.businessId), eq(products.id, id)))
    .returning();
  if (!row) throw new Error(`product ${id} vanished while writing its discount`);
  return row;
}
