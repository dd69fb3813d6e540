import { randomUUID } from 'node:crypto';
import { MAX_STOCK_QUANTITY, type AdjustmentCause, type StockReason } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { timeOrderedUuid } from './ledger-ids.js';
import {
  applyChange,
  insertItems,
  lockItems,
  readQuantity,
  type AppliedRow,
  type NewItem,
} from './stock.repository.js';

// The bulk twins of changeStock and setCountedStock (a spreadsheet's thousands of rows).
export { changeStockInBulk, setCountedStockInBulk, type BulkOptions, type BulkResult } from './stock-bulk.js';
// Time-ordered ids (UUID v7) for other append-only history (sales) whose keys should grow at the right.
export { timeOrderedUuid } from './ledger-ids.js';

/**
 * The stock function of DESIGN 4: every change of a quantity, in every area (adjustments, counts,
 * uploads, movements, sales), goes through `changeStock`. It runs in the caller's transaction, so
 * a change commits or rolls back with what caused it.
 *
 * Locking: a single change is one UPDATE, which takes the row lock itself. Several changes first
 * lock all their rows in (location, product) order (lockItems), so transactions over overlapping
 * items queue instead of deadlocking; the updates then run in the same order.
 */

export type StockChange = {
  locationId: string;
  productId: string;
  /** Units added (positive) or taken (negative); 0 only for a COUNT that confirms the quantity. */
  delta: number;
  reason: StockReason;
  cause?: AdjustmentCause | null;
  /** What caused it: a movement id, an upload, a sale. */
  reference?: string | null;
  note?: string | null;
  /**
   * Cost of one unit received (a decimal string, e.g. "2.50"): purchases and transfers in carry
   * it, and it moves the item's moving average cost (issue 16). Ignored when delta <= 0.
   */
  unitCost?: string | null;
};

export type StockActor = { userId: string | null };

/** A change as applied: the item, where it is, the change and the quantity it left. */
export type AppliedChange = {
  inventoryId: string;
  locationId: string;
  productId: string;
  delta: number;
  quantity: number;
};

/** What changeStock answers: the applied change with the item's columns as it left them. */
export type ChangedItem = AppliedChange & AppliedRow;

export async function changeStock(
  scope: TenantScope,
  actor: StockActor,
  changes: readonly StockChange[],
): Promise<ChangedItem[]> {
  const ordered = [...changes].sort(byLockOrder);
  if (ordered.length > 1) await lockItems(scope, uniquePairs(ordered));
  const applied: ChangedItem[] = [];
  for (const change of ordered) {
    const row = await applyChange(scope, {
      ledgerId: timeOrderedUuid(),
      locationId: change.locationId,
      productId: change.productId,
      delta: change.delta,
      reason: change.reason,
      cause: change.cause ?? null,
      reference: change.reference ?? null,
      note: change.note ?? null,
      userId: actor.userId,
      unitCost: change.unitCost ?? null,
    });
    if (!row) throw await refusal(scope, change);
    applied.push({ ...row, locationId: change.locationId, productId: change.productId, delta: change.delta });
  }
  return applied;
}

/**
 * Sets counted quantities (reason COUNT, or UPLOAD for a sheet in "set" mode): each becomes a
 * ledger row of the difference, 0 included, so the history shows that the count confirmed it.
 */
export async function setCountedStock(
  scope: TenantScope,
  actor: StockActor,
  counts: ReadonlyArray<Omit<StockChange, 'delta'> & { quantity: number }>,
): Promise<AppliedChange[]> {
  const ordered = [...counts].sort(byLockOrder);
  const locked = await lockItems(scope, uniquePairs(ordered));
  const current = new Map(locked.map((row) => [pairKey(row), row.quantity]));
  const changes: StockChange[] = [];
  for (const count of ordered) {
    const before = current.get(pairKey(count));
    if (before === undefined) throw missingItem(count);
    changes.push({ ...count, delta: count.quantity - before });
    current.set(pairKey(count), count.quantity);
  }
  // The rows are locked already: apply in the same order without locking again.
  const applied: AppliedChange[] = [];
  for (const change of changes) applied.push(...(await changeStock(scope, actor, [change])));
  return applied;
}

export type OpeningItem = NewItem & { quantity: number; reason: StockReason; reference?: string | null };

/**
 * Creates inventory items with their opening quantity: each starts at 0 and its quantity arrives
 * as a ledger row, so even the first number has a history. Items that exist already are left
 * alone; answers the ids created.
 */
export async function openItems(
  scope: TenantScope,
  actor: StockActor,
  items: readonly OpeningItem[],
): Promise<string[]> {
  const created = await insertItems(scope, items);
  const createdIds = new Set(created);
  const openings = items.filter((item) => createdIds.has(item.inventoryId) && item.quantity > 0);
  await changeStock(
    scope,
    actor,
    openings.map((item) => ({
      locationId: item.locationId,
      productId: item.productId,
      delta: item.quantity,
      reason: item.reason,
      reference: item.reference ?? null,
    })),
  );
  return created;
}

/** Creates the items that are missing at 0 (a movement's destination, an upload's new rows). */
export async function ensureItems(
  scope: TenantScope,
  pairs: ReadonlyArray<{ locationId: string; productId: string }>,
): Promise<void> {
  await insertItems(
    scope,
    [...pairs].sort(byLockOrder).map((pair) => ({ ...pair, inventoryId: randomUUID(), reorderPoint: null })),
  );
}

async function refusal(scope: TenantScope, change: StockChange): Promise<AppError> {
  const available = await readQuantity(scope, change.locationId, change.productId);
  if (available === undefined) return missingItem(change);
  if (available + change.delta > MAX_STOCK_QUANTITY)
    return new AppError(
      'CONFLICT',
      `An item holds at most ${MAX_STOCK_QUANTITY} units: ${available} in stock cannot take ${change.delta} more.`,
      {
        available,
        requested: change.delta,
        max: MAX_STOCK_QUANTITY,
        locationId: change.locationId,
        productId: change.productId,
      },
    );
  return new AppError('INSUFFICIENT_STOCK', `Only ${available} in stock: ${-change.delta} cannot be taken.`, {
    available,
    requested: -change.delta,
    locationId: change.locationId,
    productId: change.productId,
  });
}

function missingItem(change: { locationId: string; productId: string }): AppError {
  return new AppError('NOT_FOUND', 'This product has no stock record at that location.', {
    locationId: change.locationId,
    productId: change.productId,
  });
}

type Pair = { locationId: string; productId: string };

function pairKey(pair: Pair): string {
  return `${pair.locationId}/${pair.productId}`;
}

function byLockOrder(a: Pair, b: Pair): number {
  // The order PostgreSQL sorts uuids in: lexical on the lower-case text form.
  return compare(a.locationId, b.locationId) || compare(a.productId, b.productId);
}

function compare(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

function uniquePairs(pairs: readonly Pair[]): Pair[] {
  const seen = new Map<string, Pair>();
  for (const pair of pairs)
    seen.set(pairKey(pair), { locationId: pair.locationId, productId: pair.productId });
  return [...seen.values()];
}
