import type { TInventoryItem } from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { requireLocation } from '../../product/locations/locations.service.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { toInventoryItem } from './item-mapper.js';
import { ITEM_NOT_FOUND } from './item-writes.service.js';
import {
  deleteEmptyItem,
  deleteEmptyItemsAt,
  findItemAt,
  lockItemsById,
  updateItemActive,
} from './items.repository.js';

/**
 * Retire, reactivate and delete stock records. None changes a quantity: a record is deleted only
 * at 0, and its ledger rows stay as history (the ledger has no foreign key to the item).
 */

/** PATCH .../retire (`active: false`) and .../reactivate (`active: true`). */
export async function setItemActive(
  deps: InventoryDeps,
  principal: Principal,
  where: { id: string; locationId: string },
  active: boolean,
): Promise<TInventoryItem> {
  return inTenant(deps.db, principal, async (scope) => {
    if (!(await updateItemActive(scope, where.id, where.locationId, active)))
      throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    const row = await findItemAt(scope, where.id, where.locationId);
    if (!row) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    return toInventoryItem(row);
  });
}

/** DELETE /api/inventory/{id}/location/{locationId}: only a record holding nothing (else 409). */
export async function deleteItem(
  deps: InventoryDeps,
  principal: Principal,
  where: { id: string; locationId: string },
): Promise<void> {
  await inTenant(deps.db, principal, async (scope) => {
    // Locked first: no change can slip in between the quantity shown in a refusal and the delete.
    const [item] = await lockItemsById(scope, [where.id]);
    if (!item || item.locationId !== where.locationId) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    if (item.quantity !== 0)
      throw new AppError(
        'CONFLICT',
        `${item.sku} still has ${item.quantity} in stock at ${item.locationName}. Only a record at 0 can be deleted: adjust or count it to 0 first, or retire it.`,
        { quantity: item.quantity },
      );
    await deleteEmptyItem(scope, item.id, item.locationId);
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'INVENTORY_DELETION',
      description: `Deleted the stock record of ${item.sku} at ${item.locationName}.`,
    });
  });
}

/** DELETE /api/inventory/location/{locationId}/zero-quantity: every record at 0 there. */
export async function deleteEmptyItems(
  deps: InventoryDeps,
  principal: Principal,
  locationId: string,
): Promise<{ deleted: number }> {
  return inTenant(deps.db, principal, async (scope) => {
    const location = await requireLocation(scope, locationId);
    const deleted = await deleteEmptyItemsAt(scope, locationId);
    if (deleted > 0)
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: 'INVENTORY_DELETION',
        description: `Deleted ${deleted} stock ${deleted === 1 ? 'record' : 'records'} at 0 at ${location.name}.`,
      });
    return { deleted };
  });
}
