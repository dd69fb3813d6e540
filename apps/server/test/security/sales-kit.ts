import type { TSale } from '@app/contracts';
import type { TestApp } from '../build-app.js';
import { insertStore } from '../factories/catalogue.js';
import { expectLedgerBalanced, insertProductAt } from '../factories/inventory.js';
import { insertCategory, insertInventoryItem } from '../factories/products.js';
import { expectRollupsBalanced, recordSale } from '../factories/sales.js';

/**
 * Shared pieces of the sales attack files (sales-attacks*.int.test.ts): a digest of all that a
 * sale or refund writes, and one business's shop with a sale, named after its prefix so that an
 * answer naming another business's row shows.
 */

export const SALES_TABLES = [
  'sales',
  'sale_lines',
  'sales_daily_products',
  'sales_daily_stores',
  'sales_monthly_skus',
  'stock_ledger',
  'inventory_items',
  'idempotency_keys',
] as const;

/** A digest of every row of those tables, all businesses: equal before and after = nothing written. */
export async function salesFingerprint(t: TestApp): Promise<Record<string, string>> {
  const columns = SALES_TABLES.map(
    (table) =>
      `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x) as ${table}`,
  );
  const { rows } = await t.sql(`select ${columns.join(', ')}`);
  return rows[0] as Record<string, string>;
}

export type Shop = {
  storeId: string;
  locationId: string;
  categoryId: string;
  product: { id: string; sku: string; barcode: string; inventoryId: string };
  /** 7 units at the shop's price. */
  sale: TSale;
};

/** A store, a category, a product at `price` with 1000 in stock, and a sale of 7 of it. */
export async function seedShop(
  t: TestApp,
  owner: { token: string; businessId: string },
  prefix: string,
  values: { barcode: string; price: string },
): Promise<Shop> {
  const { storeId, locationId } = await insertStore(t, owner.businessId, { name: `${prefix} Store` });
  const categoryId = await insertCategory(t, owner.businessId, locationId, `${prefix} Teas`);
  const sku = `${prefix.toUpperCase()}-TEA`;
  const { id } = await insertProductAt(t, owner.businessId, locationId, {
    sku,
    name: `${prefix} Tea`,
    barcode: values.barcode,
    categoryId,
  });
  await t.sql('update products set price = $2 where id = $1', [id, values.price]);
  const inventoryId = await insertInventoryItem(t, owner.businessId, id, locationId, 1000);
  const sale = await recordSale(t, owner.token, {
    storeId,
    lines: [{ productId: id, quantity: 7 }],
    paymentMethod: 'CARD',
    customerRef: `${prefix}-LOYAL`,
  });
  return {
    storeId,
    locationId,
    categoryId,
    product: { id, sku, barcode: values.barcode, inventoryId },
    sale,
  };
}

/** Ends an attack file: whatever was refused or raced, the rollups and the stock ledger still balance. */
export async function closeBalanced(t: TestApp): Promise<void> {
  try {
    await expectRollupsBalanced(t);
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
}
