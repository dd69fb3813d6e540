import { randomUUID } from 'node:crypto';
import { MAX_STOCK_QUANTITY } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import {
  allowLargeSorts,
  applyChangesInBulk,
  insertItemsWithLedger,
  lockItemsInBulk,
  type BulkLedgerWrite,
} from './stock.repository.js';
import type { AppliedChange, StockActor, StockChange } from './stock.service.js';

/*
 * Bulk twins of changeStock and setCountedStock for thousands of changes (a 50,000-row sheet):
 * the same rules and ledger rows (one per change, in lock order, with the quantity after it) in
 * a few statements instead of one per change. One SELECT ... FOR UPDATE locks the items in
 * (location, product) order; one statement updates them and appends their rows, refusing an item
 * whose quantity is not what the lock read. `createMissing` creates missing items as openItems
 * would, items and rows in one statement (an insert at 0 then an update would run both foreign
 * key checks twice). At most MAX_STOCK_QUANTITY units per item; refusals name the item in details.
 */

export type BulkOptions = { createMissing?: boolean };
/** Every ledger row written, and the ids of the items created. */
export type BulkResult = { applied: AppliedChange[]; created: string[] };

type BulkLine = Omit<StockChange, 'delta'> & ({ delta: number } | { quantity: number });

export async function changeStockInBulk(
  scope: TenantScope,
  actor: StockActor,
  changes: readonly StockChange[],
  options: BulkOptions = {},
): Promise<BulkResult> {
  return applyInBulk(scope, actor, inLockOrder(changes), options);
}

/** setCountedStock in bulk: each count is a row of the difference, 0 included (not for a new item). */
export async function setCountedStockInBulk(
  scope: TenantScope,
  actor: StockActor,
  counts: ReadonlyArray<Omit<StockChange, 'delta'> & { quantity: number }>,
  options: BulkOptions = {},
): Promise<BulkResult> {
  return applyInBulk(scope, actor, inLockOrder(counts), options);
}

async function applyInBulk(
  scope: TenantScope,
  actor: StockActor,
  ordered: readonly BulkLine[],
  options: BulkOptions,
): Promise<BulkResult> {
  if (ordered.length === 0) return { applied: [], created: [] };
  await allowLargeSorts(scope);
  const keys = ordered.map(pairKey);
  const pairs = uniquePairs(ordered);
  const running = new Map((await lockItemsInBulk(scope, pairs)).map((row) => [pairKey(row), row.quantity]));
  const missing = pairs.filter((pair) => !running.has(pairKey(pair)));
  if (missing[0] && !options.createMissing) throw missingItem(missing[0]);
  const isNew = new Set(missing.map(pairKey));
  for (const pair of missing) running.set(pairKey(pair), 0);

  const writes: BulkLedgerWrite[] = [];
  const writeKeys: string[] = [];
  ordered.forEach((line, index) => {
    const key = keys[index] ?? '';
    const before = running.get(key) ?? 0;
    const delta = 'delta' in line ? line.delta : line.quantity - before;
    const after = before + delta;
    if (after < 0) throw shortage(line, delta, before);
    if (after > MAX_STOCK_QUANTITY) throw overLimit(line, before);
    running.set(key, after);
    // Adding nothing writes no row; a count that confirms a quantity does, except on a new item.
    if (delta === 0 && ('delta' in line || isNew.has(key))) return;
    writeKeys.push(key);
    writes.push({
      ledgerId: randomUUID(),
      locationId: line.locationId,
      productId: line.productId,
      delta,
      quantityAfter: after,
      reason: line.reason,
      cause: line.cause ?? null,
      reference: line.reference ?? null,
      note: line.note ?? null,
    });
  });
  const result: BulkResult = { applied: [], created: [] };
  if (missing.length > 0) {
    const items = missing.map((pair) => ({
      ...pair,
      inventoryId: randomUUID(),
      reorderPoint: null,
      quantity: running.get(pairKey(pair)) ?? 0,
    }));
    const newWrites = writes.filter((_write, index) => isNew.has(writeKeys[index] ?? ''));
    const created = new Set(await insertItemsWithLedger(scope, actor.userId, items, newWrites));
    result.created = [...created];
    const idOf = new Map(
      items.filter((item) => created.has(item.inventoryId)).map((i) => [pairKey(i), i.inventoryId]),
    );
    for (const { locationId, productId, delta, quantityAfter: quantity } of newWrites) {
      const inventoryId = idOf.get(pairKey({ locationId, productId }));
      if (inventoryId) result.applied.push({ inventoryId, locationId, productId, delta, quantity });
    }
    // Created by another transaction since the lock (the insert waited for its commit): apply
    // their lines to those items as they are now.
    const lost = new Set(items.filter((item) => !created.has(item.inventoryId)).map(pairKey));
    if (lost.size > 0) {
      const again = await applyInBulk(
        scope,
        actor,
        ordered.filter((line) => lost.has(pairKey(line))),
        {},
      );
      result.applied.push(...again.applied);
    }
  }
  const existing = writes.filter((_write, index) => !isNew.has(writeKeys[index] ?? ''));
  const applied = await applyChangesInBulk(scope, actor.userId, existing);
  // Locked rows cannot change under us: a difference is a bug, never something to commit.
  if (applied.length !== existing.length)
    throw new Error('bulk stock change: ledger rows do not match the changes');
  result.applied.push(...applied);
  return result;
}

/** Sorted as byLockOrder sorts, with each key lower-cased once rather than at every comparison. */
function inLockOrder<T extends Pair>(lines: readonly T[]): T[] {
  const keyed = lines.map((line) => ({ line, key: `${line.locationId}/${line.productId}`.toLowerCase() }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ line }) => line);
}

function overLimit(change: Pair, available: number): AppError {
  return new AppError('VALIDATION_ERROR', `An item holds at most ${MAX_STOCK_QUANTITY} units.`, {
    locationId: change.locationId,
    productId: change.productId,
    available,
  });
}

function shortage(change: Pair, delta: number, available: number): AppError {
  return new AppError('INSUFFICIENT_STOCK', `Only ${available} in stock: ${-delta} cannot be taken.`, {
    available,
    requested: -delta,
    locationId: change.locationId,
    productId: change.productId,
  });
}

type Pair = { locationId: string; productId: string };

function pairKey(pair: Pair): string {
  return `${pair.locationId}/${pair.productId}`;
}

function uniquePairs(pairs: readonly Pair[]): Pair[] {
  const seen = new Map<string, Pair>();
  for (const pair of pairs)
    seen.set(pairKey(pair), { locationId: pair.locationId, productId: pair.productId });
  return [...seen.values()];
}

/** The 404 changeStock answers for an item that does not exist. */
function missingItem(pair: Pair): AppError {
  return new AppError('NOT_FOUND', 'This product has no stock record at that location.', {
    locationId: pair.locationId,
    productId: pair.productId,
  });
}
