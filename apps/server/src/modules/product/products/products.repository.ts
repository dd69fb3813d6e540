import { and, count, countDistinct, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { locations } from '../locations/locations.table.js';
import { productPositionGaps, products } from './products.table.js';

export type ProductRow = typeof products.$inferSelect;

export async function findProductSummaries(
  scope: TenantScope,
  ids: readonly string[],
): Promise<Array<{ id: string; sku: string; barcode: string | null; name: string }>> {
  if (ids.length === 0) return [];
  return scope.tx
    .select({ id: products.id, sku: products.sku, barcode: products.barcode, name: products.name })
    .from(products)
    .where(and(eq(products.businessId, scope.businessId), inArray(products.id, [...ids])));
}

export async function countProductsAt(
  scope: TenantScope,
  locationId: string,
  options: { isActiveOnly: boolean },
): Promise<number> {
  const conditions = [eq(products.businessId, scope.businessId), eq(products.locationId, locationId)];
  if (options.isActiveOnly) conditions.push(eq(products.active, true));
  const [row] = await scope.tx
    .select({ total: count() })
    .from(products)
    .where(and(...conditions));
  return row?.total ?? 0;
}

export async function existsProduct(
  scope: TenantScope,
  where: { locationId?: string } = {},
): Promise<boolean> {
  const conditions = [eq(products.businessId, scope.businessId)];
  if (where.locationId) conditions.push(eq(products.locationId, where.locationId));
  const [row] = await scope.tx
    .select({ id: products.id })
    .from(products)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/** Products of a deleted category or supplier keep existing, without it. */
export async function clearProductReference(
  scope: TenantScope,
  column: 'categoryId' | 'supplierId',
  id: string,
): Promise<void> {
  await scope.tx
    .update(products)
    .set({ [column]: null, updatedAt: new Date() })
    .where(and(eq(products.businessId, scope.businessId), eq(products[column], id)));
}

// ---------------------------------------------------------------------------------------------
// The products area's own reads and writes.

export type NewProductRow = Omit<typeof products.$inferInsert, 'businessId' | 'listPosition'>;
export type ProductChanges = Partial<
  Omit<typeof products.$inferInsert, 'businessId' | 'id' | 'locationId' | 'listPosition' | 'createdAt'>
>;

export async function findProductById(scope: TenantScope, id: string): Promise<ProductRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(products)
    .where(and(eq(products.businessId, scope.businessId), eq(products.id, id)));
  return row;
}

/** The product `id` if it is at `locationId`; `lock` holds it to the end of the transaction. */
export async function findProductAt(
  scope: TenantScope,
  id: string,
  locationId: string,
  options: { lock?: boolean } = {},
): Promise<ProductRow | undefined> {
  const query = scope.tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.businessId, scope.businessId),
        eq(products.id, id),
        eq(products.locationId, locationId),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findProductByCodeAt(
  scope: TenantScope,
  code: { sku: string } | { barcode: string },
  locationId: string,
): Promise<ProductRow | undefined> {
  const match = 'sku' in code ? eq(products.sku, code.sku) : eq(products.barcode, code.barcode);
  const [row] = await scope.tx
    .select()
    .from(products)
    .where(and(eq(products.businessId, scope.businessId), eq(products.locationId, locationId), match));
  return row;
}

/** The rows of one article (one SKU) across the business, locked when asked. */
export async function findArticleRows(
  scope: TenantScope,
  sku: string,
  options: { lock?: boolean } = {},
): Promise<ProductRow[]> {
  const query = scope.tx
    .select()
    .from(products)
    .where(and(eq(products.businessId, scope.businessId), eq(products.sku, sku)))
    .orderBy(products.locationId);
  return options.lock ? query.for('update') : query;
}

export async function existsSku(scope: TenantScope, sku: string): Promise<boolean> {
  const [row] = await scope.tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, scope.businessId), eq(products.sku, sku)))
    .limit(1);
  return row !== undefined;
}

/** Whether rows of the SKU exist at locations other than `locationIds`. */
export async function existsSkuOutside(
  scope: TenantScope,
  sku: string,
  locationIds: readonly string[],
): Promise<boolean> {
  const [row] = await scope.tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.businessId, scope.businessId),
        eq(products.sku, sku),
        notInArray(products.locationId, [...locationIds]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function existsBarcodeInBusiness(scope: TenantScope, barcode: string): Promise<boolean> {
  const [row] = await scope.tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, scope.businessId), eq(products.barcode, barcode)))
    .limit(1);
  return row !== undefined;
}

/** The articles of the business: its distinct SKUs (what the plan's product limit counts). */
export async function countDistinctSkus(scope: TenantScope): Promise<number> {
  const [row] = await scope.tx
    .select({ total: countDistinct(products.sku) })
    .from(products)
    .where(eq(products.businessId, scope.businessId));
  return row?.total ?? 0;
}

/**
 * The next place in the location's list. The update locks the location row to the end of the
 * transaction, so creations at one location take their positions one after another. Undefined
 * when the location is gone (deleted since the caller read it).
 */
export async function takeListPosition(scope: TenantScope, locationId: string): Promise<number | undefined> {
  const [row] = await scope.tx
    .update(locations)
    .set({ productPositionSeq: sql`${locations.productPositionSeq} + 1` })
    .where(and(eq(locations.businessId, scope.businessId), eq(locations.id, locationId)))
    .returning({ position: locations.productPositionSeq });
  return row?.position;
}

export async function insertProduct(
  scope: TenantScope,
  row: NewProductRow & { listPosition: number },
): Promise<ProductRow> {
  const [created] = await scope.tx
    .insert(products)
    .values({ ...row, businessId: scope.businessId })
    .returning();
  if (!created) throw new Error('insert into products returned no row');
  return created;
}

/** Undefined when the row is gone (deleted since the caller read it, unless it holds the row). */
export async function updateProduct(
  scope: TenantScope,
  id: string,
  changes: ProductChanges,
): Promise<ProductRow | undefined> {
  const [updated] = await scope.tx
    .update(products)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(products.businessId, scope.businessId), eq(products.id, id)))
    .returning();
  return updated;
}

/** Sets the barcode on the article's rows that have none; answers the rows changed. */
export async function setBarcodeWhereMissing(
  scope: TenantScope,
  sku: string,
  barcode: string,
): Promise<ProductRow[]> {
  return scope.tx
    .update(products)
    .set({ barcode, updatedAt: new Date() })
    .where(and(eq(products.businessId, scope.businessId), eq(products.sku, sku), isNull(products.barcode)))
    .returning();
}

/** Deletes the row and records its position as a gap the list's paging steps over. */
export async function deleteProductRow(scope: TenantScope, row: ProductRow): Promise<void> {
  await scope.tx
    .delete(products)
    .where(and(eq(products.businessId, scope.businessId), eq(products.id, row.id)));
  await scope.tx
    .insert(productPositionGaps)
    .values({ businessId: scope.businessId, locationId: row.locationId, listPosition: row.listPosition });
}

export async function isImageInUse(scope: TenantScope, imageUrl: string): Promise<boolean> {
  const [row] = await scope.tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, scope.businessId), eq(products.imageUrl, imageUrl)))
    .limit(1);
  return row !== undefined;
}

/** A product a checkout line named, with what the sale copies of it. */
export type CodedProductRow = {
  /** The index of the code in the caller's list. */
  n: number;
  id: string;
  sku: string;
  barcode: string | null;
  name: string;
  categoryId: string | null;
  price: string;
  active: boolean;
  discountAmount: string | null;
  discountPercentage: string | null;
  discountValidFrom: Date | null;
  discountValidTo: Date | null;
};

const CODED_COLUMNS = `p.id, p.sku, p.barcode, p.name, p.category_id as "categoryId", p.price, p.active,
  p.discount_amount as "discountAmount", p.discount_percentage as "discountPercentage",
  p.discount_valid_from as "discountValidFrom", p.discount_valid_to as "discountValidTo"`;

/**
 * The products at one location that the codes name, in one statement: by id, by SKU compared on
 * the stored lower-case column (the caller lowers the SKU as the search does; a plain equality
 * on `sku_lower` is an index condition under row-level security), or by barcode. A SKU may match
 * several rows that differ only in case; every match is answered.
 */
export async function findProductsByCodeAt(
  scope: TenantScope,
  locationId: string,
  codes: {
    ids: ReadonlyArray<[number, string]>;
    skusLower: ReadonlyArray<[number, string]>;
    barcodes: ReadonlyArray<[number, string]>;
  },
): Promise<CodedProductRow[]> {
  const result = await scope.tx.$client.query<CodedProductRow>({
    name: 'products_by_code_at',
    text: `
      select w.n, ${CODED_COLUMNS} from unnest($3::int[], $4::uuid[]) as w(n, id)
      join products p on p.business_id = $1 and p.location_id = $2 and p.id = w.id
      union all
      select w.n, ${CODED_COLUMNS} from unnest($5::int[], $6::text[]) as w(n, sku_lower)
      join products p on p.business_id = $1 and p.location_id = $2 and p.sku_lower = w.sku_lower
      union all
      select w.n, ${CODED_COLUMNS} from unnest($7::int[], $8::text[]) as w(n, barcode)
      join products p on p.business_id = $1 and p.location_id = $2 and p.barcode = w.barcode
      order by n, sku`,
    values: [
      scope.businessId,
      locationId,
      codes.ids.map(([n]) => n),
      codes.ids.map(([, id]) => id),
      codes.skusLower.map(([n]) => n),
      codes.skusLower.map(([, sku]) => sku),
      codes.barcodes.map(([n]) => n),
      codes.barcodes.map(([, barcode]) => barcode),
    ],
  });
  return result.rows;
}

/**
 * Whether a purchase order names the product (purchasing's table, read in plain SQL as the
 * inventory reads the catalogue's: the catalogue may not import the purchasing module, which
 * reads the catalogue). Its lines keep the product they ordered, so the product stays.
 */
export async function isProductOrdered(scope: TenantScope, productId: string): Promise<boolean> {
  const result = await scope.tx.$client.query<{ ordered: boolean }>({
    name: 'products_is_ordered',
    text: `select exists (select 1 from purchase_order_lines
             where business_id = $1 and product_id = $2) as ordered`,
    values: [scope.businessId, productId],
  });
  return result.rows[0]?.ordered ?? false;
}
