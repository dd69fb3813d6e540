import { randomUUID } from 'node:crypto';
import type { TCreatedMovements, TCreateMovementRequest, TMovementItem } from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { once, type IdempotencyClaim } from '../../platform/idempotency/idempotency.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { requireLocation, type LocationRow } from '../product/locations/locations.service.js';
import { generateCodePair, hashCode, openCodes, sealCodes } from './codes/movement-codes.js';
import { toStockMovement } from './movement-mapper.js';
import type { MovementDeps } from './stock-movements.deps.js';
import {
  findProductsBySkuAt,
  insertMovements,
  type NewMovement,
  type ProductAtLocation,
} from './stock-movements.repository.js';

/**
 * Creating movements (DESIGN 8): what the create route and the movement sheet upload call. The
 * validations, cancellations and reads are in movement-*.service.ts.
 */

export type MovementActor = { userId: string };

/**
 * Creates PENDING movements in the caller's transaction: one (`isBatch: false`, batchId null)
 * or a batch sharing one batchId and one pair of codes. Every location must be an active one of
 * the business (404 / 409) and every SKU a product at its source (404 naming the SKU). Only
 * salted hashes of the codes are stored; the plain codes are in this answer and nowhere else.
 * Records MOVEMENT_CREATION.
 */
export async function createMovements(
  scope: TenantScope,
  actor: MovementActor,
  items: TMovementItem[],
  note: string | null,
  options: { isBatch: boolean; now?: Date },
): Promise<TCreatedMovements> {
  if (items.length === 0) throw new AppError('VALIDATION_ERROR', 'Add at least one item to move.');
  if (!options.isBatch && items.length > 1) throw new Error('a single movement has exactly one item');
  const locations = await requireLocations(scope, items);
  // On the stored ids, not the request's text: the same uuid may arrive in other cases.
  const samePlace = items.findIndex(
    (item) => locations.get(item.sourceLocationId)?.id === locations.get(item.destinationLocationId)?.id,
  );
  if (samePlace >= 0)
    throw new AppError('VALIDATION_ERROR', 'The source and the destination must be different locations.', {
      fieldErrors: {
        [options.isBatch ? `items.${samePlace}.destinationLocationId` : 'destinationLocationId']: [
          'The source and the destination must be different locations.',
        ],
      },
    });
  const products = await requireSourceProducts(scope, items, locations);
  const codes = generateCodePair();
  const batchId = options.isBatch ? randomUUID() : null;
  const createdAt = options.now ?? new Date();
  const rows: NewMovement[] = items.map((item) => {
    const product = products.get(skuKey(item.sourceLocationId, item.sku));
    if (!product) throw new Error('every SKU was resolved above');
    return {
      id: randomUUID(),
      batchId,
      productId: product.id,
      sku: product.sku,
      sourceLocationId: item.sourceLocationId,
      destinationLocationId: item.destinationLocationId,
      quantity: item.quantity,
      note,
      sourceCodeHash: hashCode(codes.sourceCode),
      destinationCodeHash: hashCode(codes.destinationCode),
      createdBy: actor.userId,
      createdAt,
    };
  });
  await insertMovements(scope, rows);
  await recordAuditEvent(scope, {
    userId: actor.userId,
    eventType: 'MOVEMENT_CREATION',
    description: describeCreation(rows, locations, products),
  });
  return {
    batchId,
    sourceValidationCode: codes.sourceCode,
    destinationValidationCode: codes.destinationCode,
    movements: rows.map((row) =>
      toStockMovement({
        ...row,
        status: 'PENDING',
        failedAttempts: 0,
        lockedAt: null,
        codesPrintedAt: null,
        unitCost: null,
        receivedQuantity: null,
        discrepancyReason: null,
        discrepancyNote: null,
        sourceValidatedAt: null,
        sourceValidatedBy: null,
        destinationValidatedAt: null,
        destinationValidatedBy: null,
        cancelledAt: null,
        cancelledBy: null,
        productName: products.get(skuKey(row.sourceLocationId, row.sku))?.name ?? row.sku,
        sourceLocationName: nameOf(locations, row.sourceLocationId),
        destinationLocationName: nameOf(locations, row.destinationLocationId),
      }),
    ),
  };
}

/** A created answer as an Idempotency-Key keeps it: the codes sealed (movement-codes.ts). */
export type SealedCreatedMovements = Omit<
  TCreatedMovements,
  'sourceValidationCode' | 'destinationValidationCode'
> & { sealedCodes: string };

export function sealCreated(created: TCreatedMovements, key: Buffer): SealedCreatedMovements {
  const { sourceValidationCode, destinationValidationCode, ...rest } = created;
  return {
    ...rest,
    sealedCodes: sealCodes(
      { sourceCode: sourceValidationCode, destinationCode: destinationValidationCode },
      key,
    ),
  };
}

export function openCreated(sealed: SealedCreatedMovements, key: Buffer): TCreatedMovements {
  const { sealedCodes, ...rest } = sealed;
  const codes = openCodes(sealedCodes, key);
  return {
    ...rest,
    sourceValidationCode: codes.sourceCode,
    destinationValidationCode: codes.destinationCode,
  };
}

/**
 * POST /api/stock-movement/create: one movement or a batch, honouring an Idempotency-Key. The
 * stored answer holds the codes sealed, so a retry answers them again and the database keeps no
 * plain code.
 */
export async function createFromRequest(
  deps: MovementDeps,
  principal: Principal,
  request: TCreateMovementRequest,
  claim: IdempotencyClaim | null,
): Promise<TCreatedMovements> {
  const isBatch = 'items' in request;
  const items = isBatch ? request.items : [request];
  const answer = await inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => ({
      statusCode: 201,
      body: sealCreated(
        await createMovements(scope, { userId: principal.userId }, items, request.note, {
          isBatch,
          now: deps.clock.now(),
        }),
        deps.codeKey,
      ),
    })),
  );
  return openCreated(answer.body, deps.codeKey);
}

/** Each location named once, checked in id order: the business's, and active. */
async function requireLocations(
  scope: TenantScope,
  items: readonly TMovementItem[],
): Promise<Map<string, LocationRow>> {
  const ids = [
    ...new Set(items.flatMap((item) => [item.sourceLocationId, item.destinationLocationId])),
  ].sort();
  const found = new Map<string, LocationRow>();
  for (const id of ids) found.set(id, await requireLocation(scope, id, { isActiveRequired: true }));
  return found;
}

async function requireSourceProducts(
  scope: TenantScope,
  items: readonly TMovementItem[],
  locations: ReadonlyMap<string, LocationRow>,
): Promise<Map<string, ProductAtLocation>> {
  const rows = await findProductsBySkuAt(
    scope,
    items.map((item) => ({ sku: item.sku, locationId: item.sourceLocationId })),
  );
  const found = new Map(rows.map((row) => [skuKey(row.locationId, row.sku), row]));
  for (const item of items) {
    if (!found.has(skuKey(item.sourceLocationId, item.sku))) {
      throw new AppError(
        'NOT_FOUND',
        `The SKU ${item.sku} was not found at ${nameOf(locations, item.sourceLocationId)}.`,
        { sku: item.sku, locationId: item.sourceLocationId },
      );
    }
  }
  return found;
}

function skuKey(locationId: string, sku: string): string {
  return `${locationId}\n${sku}`;
}

function nameOf(locations: ReadonlyMap<string, LocationRow>, id: string): string {
  return locations.get(id)?.name ?? 'the location';
}

function describeCreation(
  rows: readonly NewMovement[],
  locations: ReadonlyMap<string, LocationRow>,
  products: ReadonlyMap<string, ProductAtLocation>,
): string {
  const [first] = rows;
  if (!first) return 'No stock movement created.';
  if (rows[0]?.batchId) {
    const units = rows.reduce((sum, row) => sum + row.quantity, 0);
    return `Batch ${first.batchId} of ${rows.length} stock movements (${units} units) created.`;
  }
  const name = products.get(skuKey(first.sourceLocationId, first.sku))?.name ?? first.sku;
  return (
    `Stock movement of ${first.quantity} × ${name} (SKU ${first.sku}) from ` +
    `${nameOf(locations, first.sourceLocationId)} to ${nameOf(locations, first.destinationLocationId)} created.`
  );
}
