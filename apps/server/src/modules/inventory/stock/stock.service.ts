import { randomUUID } from 'node:crypto';
import { MAX_STOCK_QUANTITY, type AdjustmentCause, type StockReason } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import {
  applyChange,
  applyChangesInBulk,
  insertItems,
  lockItems,
  readQuantity,
  type BulkLedgerWrite,
  type NewItem,
} from './stock.repository.js';

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
};

export type StockActor = { userId: string | null };

export type AppliedChange = {
  inventoryId: string;
  locationId: string;
  productId: string;
  delta: number;
  /** The quantity once this change applied. */
  quantity: number;
};

export async function changeStock(
  scope: TenantScope,
  actor: StockActor,
  changes: readonly StockChange[],
): Promise<AppliedChange[]> {
  const ordered = [...changes].sort(byLockOrder);
  if (ordered.length > 1) await lockItems(scope, uniquePairs(ordered));
  const applied: AppliedChange[] = [];
  for (const change of ordered) {
    const row = await applyChange(scope, {
      ledgerId: randomUUID(),
      locationId: change.locationId,
      productId: change.productId,
      delta: change.delta,
      reason: change.reason,
      cause: change.cause ?? null,
      reference: change.reference ?? null,
      note: change.note ?? null,
      userId: actor.userId,
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

/*
 * Bulk twins of changeStock, setCountedStock and openItems for thousands of changes at once (a
 * spreadsheet of 50,000 rows): the same rules and the same ledger rows (one per change, in lock
 * order, with the quantity after it), in three round trips instead of one per change. The items
 * are locked in (location, product) order with one SELECT ... FOR UPDATE, the quantities worked
 * out from what that read, and one statement updates every item and appends every ledger row
 * (stock.repository applyChangesInBulk), refusing any item whose quantity is not what was read.
 * An item may hold at most MAX_STOCK_QUANTITY units after a bulk change (the contract's limit);
 * a refusal names the item in its details (locationId, productId).
 */

export async function changeStockInBulk(
  scope: TenantScope,
  actor: StockActor,
  changes: readonly StockChange[],
): Promise<AppliedChange[]> {
  if (changes.length === 0) return [];
  const ordered = [...changes].sort(byLockOrder);
  const current = await lockQuantities(scope, ordered);
  return applyInBulk(scope, actor, ordered, current);
}

export async function setCountedStockInBulk(
  scope: TenantScope,
  actor: StockActor,
  counts: ReadonlyArray<Omit<StockChange, 'delta'> & { quantity: number }>,
): Promise<AppliedChange[]> {
  if (counts.length === 0) return [];
  const ordered = [...counts].sort(byLockOrder);
  const current = await lockQuantities(scope, ordered);
  const running = new Map(current);
  const changes = ordered.map(({ quantity, ...count }) => {
    const delta = quantity - (running.get(pairKey(count)) ?? 0);
    running.set(pairKey(count), quantity);
    return { ...count, delta };
  });
  return applyInBulk(scope, actor, changes, current);
}

/** openItems for many items: created at 0, each opening quantity a ledger row. */
export async function openItemsInBulk(
  scope: TenantScope,
  actor: StockActor,
  items: readonly OpeningItem[],
): Promise<string[]> {
  const created = new Set(await insertItems(scope, [...items].sort(byLockOrder)));
  await changeStockInBulk(
    scope,
    actor,
    items
      .filter((item) => created.has(item.inventoryId) && item.quantity > 0)
      .map((item) => ({
        locationId: item.locationId,
        productId: item.productId,
        delta: item.quantity,
        reason: item.reason,
        reference: item.reference ?? null,
      })),
  );
  return [...created];
}

/** Locks the items and answers their quantities; a missing item is the 404 changeStock gives. */
async function lockQuantities(scope: TenantScope, ordered: readonly Pair[]): Promise<Map<string, number>> {
  const locked = await lockItems(scope, uniquePairs(ordered));
  const current = new Map(locked.map((row) => [pairKey(row), row.quantity]));
  const missing = ordered.find((pair) => !current.has(pairKey(pair)));
  if (missing) throw missingItem(missing);
  return current;
}

async function applyInBulk(
  scope: TenantScope,
  actor: StockActor,
  ordered: readonly StockChange[],
  locked: ReadonlyMap<string, number>,
): Promise<AppliedChange[]> {
  const running = new Map(locked);
  const writes: BulkLedgerWrite[] = ordered.map((change) => {
    const before = running.get(pairKey(change)) ?? 0;
    const after = before + change.delta;
    if (after < 0) throw shortage(change, before);
    if (after > MAX_STOCK_QUANTITY) {
      throw new AppError('VALIDATION_ERROR', `An item holds at most ${MAX_STOCK_QUANTITY} units.`, {
        locationId: change.locationId,
        productId: change.productId,
        available: before,
      });
    }
    running.set(pairKey(change), after);
    return {
      ledgerId: randomUUID(),
      locationId: change.locationId,
      productId: change.productId,
      delta: change.delta,
      quantityAfter: after,
      reason: change.reason,
      cause: change.cause ?? null,
      reference: change.reference ?? null,
      note: change.note ?? null,
    };
  });
  const applied = await applyChangesInBulk(scope, actor.userId, writes);
  // Locked rows cannot change under us: a difference is a bug, never something to commit.
  if (applied.length !== writes.length)
    throw new Error('bulk stock change: ledger rows do not match the changes');
  return applied;
}

function shortage(change: StockChange, available: number): AppError {
  return new AppError('INSUFFICIENT_STOCK', `Only ${available} in stock: ${-change.delta} cannot be taken.`, {
    available,
    requested: -change.delta,
    locationId: change.locationId,
    productId: change.productId,
  });
}

async function refusal(scope: TenantScope, change: StockChange): Promise<AppError> {
  const available = await readQuantity(scope, change.locationId, change.productId);
  if (available === undefined) return missingItem(change);
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
