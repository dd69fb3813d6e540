import type {
  TAdjustInventoryRequest,
  TAdjustManyRequest,
  TCreateInventoryRequest,
  TInventoryItem,
  TSetCountRequest,
} from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { once, type Answer, type IdempotencyClaim } from '../../../platform/idempotency/idempotency.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { changeStock, setCountedStock } from '../stock/stock.service.js';
import { openInventory } from './item-opening.service.js';
import { toInventoryItem } from './item-mapper.js';
import { findChangeTarget, findItemViews, lockItemsById, type LockedItem } from './items.repository.js';

/**
 * The stock-changing calls of the inventory API. Each runs in one transaction with its audit
 * entries and its Idempotency-Key (`once`): a batch is all or none, a retry with the same key
 * answers the first answer and writes nothing. Quantities change only through the stock function.
 */

export const ITEM_NOT_FOUND = 'The stock record was not found.';

/** POST /api/inventory: one stock record with its opening quantity. */
export async function createItem(
  deps: InventoryDeps,
  principal: Principal,
  input: TCreateInventoryRequest,
  claim: IdempotencyClaim | null,
): Promise<Answer<TInventoryItem>> {
  return inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => {
      const ids = await openInventory(scope, principal.userId, [input], false);
      return { statusCode: 201, body: firstOf(await viewsInOrder(scope, ids)) };
    }),
  );
}

/** POST /api/inventory/batch: several records, all or none; answers them in the order sent. */
export async function createItems(
  deps: InventoryDeps,
  principal: Principal,
  inputs: readonly TCreateInventoryRequest[],
  claim: IdempotencyClaim | null,
): Promise<Answer<TInventoryItem[]>> {
  return inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => {
      const ids = await openInventory(scope, principal.userId, inputs, true);
      return { statusCode: 201, body: await viewsInOrder(scope, ids) };
    }),
  );
}

type Adjustment = {
  item: LockedItem;
  delta: number;
  cause: TAdjustInventoryRequest['reason'];
  note: string | null;
};

/**
 * PUT /api/inventory/{id}/adjust: one ADJUSTMENT with its cause. The item is read and the audit
 * row written first, without a lock (one change needs no lock order); the stock change comes
 * last and answers the item as it left it, so the row stays locked only from the change to
 * COMMIT (with an Idempotency-Key, to its stored answer): tills selling one item in parallel queue
 * for that alone. A refusal rolls the audit row back with everything else. The audit names the
 * change; the quantity it left is in the item's ledger.
 */
export async function adjustItem(
  deps: InventoryDeps,
  principal: Principal,
  id: string,
  input: TAdjustInventoryRequest,
  claim: IdempotencyClaim | null,
): Promise<Answer<TInventoryItem>> {
  return inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => {
      const item = await findChangeTarget(scope, id);
      if (!item) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: 'INVENTORY_ADJUSTMENT',
        description: `Adjusted ${item.sku} at ${item.locationName} by ${signed(input.delta)} (${input.reason}).`,
      });
      const [applied] = await changeStock(scope, { userId: principal.userId }, [
        {
          locationId: item.locationId,
          productId: item.productId,
          delta: input.delta,
          reason: 'ADJUSTMENT',
          cause: input.reason,
          note: input.note,
        },
      ]);
      if (!applied) throw new Error('the stock function answers every change it applied');
      const { locationName: _name, ...view } = item;
      // An adjustment carries no cost: the item's unit cost is the one read above.
      const {
        inventoryId: _id,
        locationId: _at,
        productId: _product,
        delta: _delta,
        averageUnitCost: _average,
        unitCost: _cost,
        ...after
      } = applied;
      return { statusCode: 200, body: toInventoryItem({ ...view, ...after }) };
    }),
  );
}

/**
 * PUT /api/inventory/adjust: the changes in the order sent, all or none. The same item twice
 * takes both changes, one after the other. Answers each item changed once, in order of first
 * mention, as it stands after all the changes.
 */
export async function adjustItems(
  deps: InventoryDeps,
  principal: Principal,
  inputs: TAdjustManyRequest,
  claim: IdempotencyClaim | null,
): Promise<Answer<TInventoryItem[]>> {
  return inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => {
      // uuids compare without case, as PostgreSQL compares them: one record is one record.
      const ids = [...new Set(inputs.map((input) => input.inventoryId.toLowerCase()))];
      const locked = new Map((await lockItemsById(scope, ids)).map((item) => [item.id, item]));
      const adjustments = inputs.map((input, index): Adjustment => {
        const item = locked.get(input.inventoryId.toLowerCase());
        if (!item)
          throw new AppError('NOT_FOUND', `Change ${index + 1}: ${ITEM_NOT_FOUND}`, {
            index,
            field: 'inventoryId',
          });
        return { item, delta: input.delta, cause: input.reason, note: input.note };
      });
      await applyAdjustments(scope, principal, adjustments);
      return { statusCode: 200, body: await viewsInOrder(scope, ids) };
    }),
  );
}

/**
 * Applies the adjustments in the order given. Their rows are locked already (lockItemsById, in
 * the stock function's order), so each change may go alone without risking a deadlock, and a
 * refusal names exactly the change that was refused.
 */
async function applyAdjustments(
  scope: TenantScope,
  principal: Principal,
  adjustments: readonly Adjustment[],
): Promise<void> {
  for (const [index, { item, delta, cause, note }] of adjustments.entries()) {
    let quantity: number;
    try {
      const [applied] = await changeStock(scope, { userId: principal.userId }, [
        { locationId: item.locationId, productId: item.productId, delta, reason: 'ADJUSTMENT', cause, note },
      ]);
      quantity = applied?.quantity ?? item.quantity;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, `Change ${index + 1} (${item.sku}): ${error.message}`, {
        ...error.details,
        index,
        inventoryId: item.id,
      });
    }
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'INVENTORY_ADJUSTMENT',
      description: `Adjusted ${item.sku} at ${item.locationName} by ${signed(delta)} (${cause}): ${quantity} in stock.`,
    });
  }
}

/** PUT /api/inventory/{id}/location/{locationId}: a counted quantity, the difference in the ledger. */
export async function countItem(
  deps: InventoryDeps,
  principal: Principal,
  where: { id: string; locationId: string },
  input: TSetCountRequest,
  claim: IdempotencyClaim | null,
): Promise<Answer<TInventoryItem>> {
  return inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => {
      const [item] = await lockItemsById(scope, [where.id]);
      if (!item || item.locationId !== where.locationId.toLowerCase())
        throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
      await setCountedStock(scope, { userId: principal.userId }, [
        {
          locationId: item.locationId,
          productId: item.productId,
          quantity: input.quantity,
          reason: 'COUNT',
          note: input.note,
        },
      ]);
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: 'INVENTORY_ADJUSTMENT',
        description: `Counted ${item.sku} at ${item.locationName}: ${input.quantity} (${signed(input.quantity - item.quantity)}).`,
      });
      return { statusCode: 200, body: firstOf(await viewsInOrder(scope, [item.id])) };
    }),
  );
}

/** The items as answers show them, in the order of `ids`. */
export async function viewsInOrder(scope: TenantScope, ids: readonly string[]): Promise<TInventoryItem[]> {
  const byId = new Map((await findItemViews(scope, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toInventoryItem(row)] : [];
  });
}

function firstOf<T>(items: T[]): T {
  const [first] = items;
  // The item was written or locked in this very transaction: it cannot be missing.
  if (first === undefined) throw new Error('inventory item vanished inside its own transaction');
  return first;
}

function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : String(delta);
}
