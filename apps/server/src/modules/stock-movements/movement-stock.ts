import type { TenantScope } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { changeStock, ensureItems, type StockChange } from '../inventory/stock/stock.service.js';
import { copyProductTo } from '../product/products/product-writes.service.js';
import { findProductsBySkuAt, type MovementRow } from './stock-movements.repository.js';

/**
 * The stock side of a movement, always through the stock function (DESIGN 4): every list of
 * movements is ONE changeStock call, which locks the items in (location, product) order, so a
 * batch changes all or nothing and never deadlocks with another change. The ledger rows carry
 * the movement id as their reference.
 */

type Actor = { userId: string };
type Moving = Pick<
  MovementRow,
  'id' | 'sku' | 'productId' | 'quantity' | 'sourceLocationId' | 'destinationLocationId'
>;

/**
 * Validation at the source: the units leave it (MOVEMENT_OUT). An item the product never had
 * is created at 0 first, so the refusal is the usual 409 INSUFFICIENT_STOCK (rolled back with
 * everything else), naming the SKU.
 */
export async function takeFromSources(scope: TenantScope, actor: Actor, movements: readonly Moving[]) {
  await ensureItems(scope, movements.map(sourcePair));
  const changes: StockChange[] = movements.map((movement) => ({
    ...sourcePair(movement),
    delta: -movement.quantity,
    reason: 'MOVEMENT_OUT',
    reference: movement.id,
  }));
  try {
    await changeStock(scope, actor, changes);
  } catch (error) {
    throw namedShortage(error, movements);
  }
}

/** Cancelling a movement on its way: the units go back to the source (MOVEMENT_RETURN). */
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
    })),
  );
}

/**
 * Validation at the destination: the units arrive (MOVEMENT_IN) at the product of the same SKU
 * there, which is created from the source's product when the destination has none (DESIGN 12).
 * Copies are made in (destination, SKU) order: each locks its location's row, as product
 * creations do in location order.
 */
export async function putIntoDestinations(scope: TenantScope, actor: Actor, movements: readonly Moving[]) {
  const found = await findProductsBySkuAt(
    scope,
    movements.map((movement) => ({ sku: movement.sku, locationId: movement.destinationLocationId })),
  );
  const productAt = new Map(found.map((row) => [key(row.locationId, row.sku), row.id]));
  const missing = [...movements]
    .filter((movement) => !productAt.has(key(movement.destinationLocationId, movement.sku)))
    .sort((a, b) => compare(a.destinationLocationId, b.destinationLocationId) || compare(a.sku, b.sku));
  for (const movement of missing) {
    const at = key(movement.destinationLocationId, movement.sku);
    if (productAt.has(at)) continue;
    productAt.set(at, await copyProductTo(scope, actor, movement.productId, movement.destinationLocationId));
  }
  const changes: StockChange[] = movements.map((movement) => {
    const productId = productAt.get(key(movement.destinationLocationId, movement.sku));
    if (!productId) throw new Error('every destination product was found or copied above');
    return {
      locationId: movement.destinationLocationId,
      productId,
      delta: movement.quantity,
      reason: 'MOVEMENT_IN',
      reference: movement.id,
    };
  });
  await ensureItems(scope, changes);
  await changeStock(scope, actor, changes);
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
