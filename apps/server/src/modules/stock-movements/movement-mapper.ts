import type { DiscrepancyReason, MovementStatus, TStockMovement } from '@app/contracts';
import type { MovementView } from './stock-movements.repository.js';

/** A movement as every answer shows it; the code hashes never leave the repository's rows. */
export function toStockMovement(view: MovementView): TStockMovement {
  return {
    id: view.id,
    movementId: view.id,
    batchId: view.batchId,
    type: view.batchId ? 'BATCH' : 'SINGLE',
    sku: view.sku,
    productName: view.productName,
    productId: view.productId,
    sourceLocationId: view.sourceLocationId,
    sourceLocationName: view.sourceLocationName,
    destinationLocationId: view.destinationLocationId,
    destinationLocationName: view.destinationLocationName,
    quantity: view.quantity,
    status: view.status as MovementStatus,
    note: view.note,
    failedAttempts: view.failedAttempts,
    isLocked: view.lockedAt !== null,
    createdBy: view.createdBy,
    createdAt: view.createdAt.toISOString(),
    sourceValidatedAt: iso(view.sourceValidatedAt),
    destinationValidatedAt: iso(view.destinationValidatedAt),
    cancelledAt: iso(view.cancelledAt),
    unitCost: view.unitCost,
    // Movements that arrived before arrivals were recorded (issue 16) arrived whole.
    receivedQuantity: view.receivedQuantity ?? (view.status === 'COMPLETED' ? view.quantity : null),
    discrepancyReason: view.discrepancyReason as DiscrepancyReason | null,
    discrepancyNote: view.discrepancyNote,
  };
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}
