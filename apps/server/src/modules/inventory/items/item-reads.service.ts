import {
  toPage,
  type TInventoryItem,
  type TLedgerEntry,
  type TPage,
  type TPageQuery,
  type ZInventoryWithCategory,
} from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { findLedgerPage } from './item-lists.repository.js';
import { toInventoryItem, toLedgerEntry } from './item-mapper.js';
import { ITEM_NOT_FOUND } from './item-writes.service.js';
import {
  findItemAt,
  findItemByCode,
  findItemViews,
  findItemWithCategory,
  type ItemCode,
} from './items.repository.js';

/** Reads of one stock record: by id and location, by product code, with its category, its ledger. */

export async function getItemAt(
  deps: InventoryDeps,
  principal: Principal,
  where: { id: string; locationId: string },
): Promise<TInventoryItem> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findItemAt(scope, where.id, where.locationId);
    if (!row) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    return toInventoryItem(row);
  });
}

/** The stock record of the product found by SKU, barcode or id at the location. */
export async function getItemByCode(
  deps: InventoryDeps,
  principal: Principal,
  locationId: string,
  code: ItemCode,
): Promise<TInventoryItem> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findItemByCode(scope, locationId, code);
    if (!row) {
      const what =
        'sku' in code ? `SKU ${code.sku}` : 'barcode' in code ? `barcode ${code.barcode}` : 'this product';
      throw new AppError('NOT_FOUND', `There is no stock record of ${what} at this location.`);
    }
    return toInventoryItem(row);
  });
}

export async function getItemWithCategory(
  deps: InventoryDeps,
  principal: Principal,
  id: string,
): Promise<z.infer<typeof ZInventoryWithCategory>> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findItemWithCategory(scope, id);
    if (!row) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    return {
      ...toInventoryItem(row),
      category: row.categoryId && row.categoryName ? { id: row.categoryId, name: row.categoryName } : null,
    };
  });
}

/** The item's history, newest first: every number it ever showed, with who and why. */
export async function getLedger(
  deps: InventoryDeps,
  principal: Principal,
  id: string,
  query: TPageQuery,
): Promise<TPage<TLedgerEntry>> {
  return inTenant(deps.db, principal, async (scope) => {
    const [item] = await findItemViews(scope, [id]);
    if (!item) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    const { rows, total } = await findLedgerPage(scope, id, {
      limit: query.size,
      offset: query.page * query.size,
    });
    return toPage(rows.map(toLedgerEntry), query, total);
  });
}
