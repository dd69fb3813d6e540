import type { TenantScope } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { changeStock, ensureItems, type StockChange } from '../inventory/stock/stock.service.js';
import { copyProductTo } from '../product/products/product-writes.service.js';
import type { DiscrepancyReason } from '@app/contracts';
import { findProductsBySkuAt, setUnitCosts, type MovementRow } from './stock-movements.repository.js';

/**
 * The stock side of a movement, always through the stock function (DESIGN 4): every list of
 * movements is ONE changeStock call, which locks the items in (location, product) order, so a
 * batch changes all or nothing and never deadlocks with another change. The ledger rows carry
 * the movement id as their reference.
 */

type Actor = { userId: string };
type Moving = Pick<
  MovementRow,
  'id' | 'sku' | 'productId' | 'quantity' | 'sourceLocationId' | 'destinationLocationId' | 'unitCost'
>;

/** What arrived of a movement at its destination: the quantity sent unless the receiver said otherwise. */
export type Arriving = Moving & {
  receivedQuantity: number;
  discrepancyReason: DiscrepancyReason | null;
  discrepancyNote: string | null;
};

/**
 * Validation at the source: the units leave it (MOVEMENT_OUT). An item the product never had
 * is created at 0 first, so the refusal is the usual 409 INSUFFICIENT_STOCK (rolled back with
 * everything else), naming the SKU.
 *
 * Each movement records the unit cost its units left at (the stock function's answer: the
 * source's average, else the product's cost price), so the destination receives them at the
 * source's cost and a cancellation returns them at it (issue 16).
 */
export async function takeFromSources(scope: TenantScope, actor: Actor, movements: readonly Moving[]) {
  await ensureItems(scope, movements.map(sourcePair));
  const changes: StockChange[] = movements.map((movement) => ({
    ...sourcePair(movement),
    delta: -movement.quantity,
    reason: 'MOVEMENT_OUT',
    reference: movement.id,
  }));
  let applied: Awaited<ReturnType<typeof changeStock>>;
  try {
    applied = await changeStock(scope, actor, changes);
  } catch (error) {
    throw namedShortage(error, movements);
  }
  // The answer comes in lock order, not in the order sent: matched by item. An outflow leaves the
  // average as it was, so every movement of one item left at the same cost.
  const costOf = new Map(
    applied.map((change) => [key(change.locationId, change.productId), change.unitCost]),
  );
  await setUnitCosts(
    scope,
    movements.map((movement) => ({
      id: movement.id,
      unitCost: costOf.get(key(movement.sourceLocationId, movement.productId)) ?? null,
    })),
  );
}

/**
 * Cancelling a movement on its way: the units go back to the source (MOVEMENT_RETURN) at the cost
 * they left at, so the source's average is what it would have been had they never left.
 */
export async function returnToSources(scope: TenantScope, actor: Actor, movements: readonly Moving[]) {
  if (movements.length === 0) return;
  // The item may have been deleted at 0 while its units were away.
  await ensureItems(scope, movements.map(sourcePair));
  await changeStock(
    scope,
    actor,
    movements.map((movement) => ({
      ...sourcePair(movement),
      delta: movement.quantity,
      reason: 'MOVEMENT_RETURN',
      reference: movement.id,
      unitCost: movement.unitCost,
    })),
  );
}

/**
 * Validation at the destination: the units that arrived (MOVEMENT_IN) go to the product of the
 * same SKU there, which is created from the source's product when the destination has none
 * (DESIGN 12), at the unit cost they left the source at, so the destination's average takes it.
 * Copies are made in (destination, SKU) order: each locks its location's row, as product
 * creations do in location order. A movement of which nothing arrived moves no stock there.
 *
 * Units short or damaged left the source at its validation already; the source's ledger gets a
 * TRANSFER_LOSS row of delta 0 that names them, so its history says where they went. All of it
 * is one stock call (one lock order for every item touched).
 */
export async function putIntoDestinations(scope: TenantScope, actor: Actor, movements: readonly Arriving[]) {
  const arriving = movements.filter((movement) => movement.receivedQuantity > 0);
  const found = await findProductsBySkuAt(
    scope,
    arriving.map((movement) => ({ sku: movement.sku, locationId: movement.destinationLocationId })),
  );
  const productAt = new Map(found.map((row) => [key(row.locationId, row.sku), row.id]));
  const missing = [...arriving]
    .filter((movement) => !productAt.has(key(movement.destinationLocationId, movement.sku)))
    .sort((a, b) => compare(a.destinationLocationId, b.destinationLocationId) || compare(a.sku, b.sku));
  for (const movement of missing) {
    const at = key(movement.destinationLocationId, movement.sku);
    if (productAt.has(at)) continue;
    productAt.set(at, await copyProductTo(scope, actor, movement.productId, movement.destinationLocationId));
  }
  const arrivals: StockChange[] = arriving.map((movement) => {
    const productId = productAt.get(key(movement.destinationLocationId, movement.sku));
    if (!productId) throw new Error('every destination product was found or copied above');
    return {
      locationId: movement.destinationLocationId,
      productId,
      delta: movement.receivedQuantity,
      reason: 'MOVEMENT_IN',
      reference: movement.id,
      unitCost: movement.unitCost,
    };
  });
  const losses: StockChange[] = movements
    .filter((movement) => movement.receivedQuantity < movement.quantity)
    .map((movement) => ({
      ...sourcePair(movement),
      delta: 0,
      reason: 'TRANSFER_LOSS',
      reference: movement.id,
      note: lossNote(movement),
      unitCost: movement.unitCost,
    }));
  // A source item deleted at 0 while its units were away is opened again for its loss row.
  await ensureItems(scope, [...arrivals, ...losses]);
  await changeStock(scope, actor, [...arrivals, ...losses]);
}

/** "3 of 10 units short on arrival: box torn", the source ledger's account of the loss. */
export function lossNote(movement: Arriving): string {
  const lost = movement.quantity - movement.receivedQuantity;
  const how = movement.discrepancyReason === 'DAMAGED' ? 'damaged' : 'short';
  const note = movement.discrepancyNote ? `: ${movement.discrepancyNote}` : '';
  return `${lost} of ${movement.quantity} ${movement.quantity === 1 ? 'unit' : 'units'} ${how} on arrival${note}`;
}

function sourcePair(movement: Moving) {
  return { locationId: movement.sourceLocationId, productId: movement.productId };
}

/** The stock function's 409 with the movement's SKU in its message; details stay as they are. */
function namedShortage(error: unknown, movements: readonly Moving[]): unknown {
  if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_STOCK') return error;
  const details = error.details ?? {};
  const movement = movements.find(
    (m) => m.sourceLocationId === details.locationId && m.productId === details.productId,
  );
  if (!movement) return error;
  const available = typeof details.available === 'number' ? details.available : 0;
  return new AppError(
    'INSUFFICIENT_STOCK',
    `Only ${available} of SKU ${movement.sku} ${available === 1 ? 'is' : 'are'} in stock at the source: ` +
      `${movement.quantity} cannot leave.`,
    { ...details, sku: movement.sku, movementId: movement.id },
  );
}

function key(locationId: string, sku: string): string {
  return `${locationId}\n${sku}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
