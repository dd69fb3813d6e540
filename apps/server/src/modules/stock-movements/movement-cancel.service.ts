import { isPermitted, type TStockMovement } from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inTenant } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { once, type IdempotencyClaim } from '../../platform/idempotency/idempotency.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { resolveMovementAlerts } from '../alerts/system-alerts.service.js';
import { toStockMovement } from './movement-mapper.js';
import {
  isUnderway,
  LOCKED_CANCEL_MESSAGE,
  movementNotFound,
  wrongStateForCancel,
} from './movement-rules.js';
import { returnToSources } from './movement-stock.js';
import type { MovementDeps } from './stock-movements.deps.js';
import { findViews, lockMovements, updateMovements, type MovementRow } from './stock-movements.repository.js';

/**
 * Cancels movements, one or a list, all or none in one transaction: PENDING ones simply end,
 * IN_TRANSIT ones return their units to the source (MOVEMENT_RETURN, one stock call for all).
 * A movement locked by wrong codes is cancelled only by an inventory admin
 * (`inventory:delete`); that is the way out of the lock.
 */
export async function cancelMovements(
  deps: MovementDeps,
  principal: Principal,
  ids: readonly string[],
  claim: IdempotencyClaim | null,
): Promise<TStockMovement[]> {
  // uuids compare without case, as PostgreSQL compares them: one movement is counted once.
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  const answer = await inTenant(deps.db, principal, async (scope) => {
    const rows = await lockMovements(scope, { ids: wanted });
    // Another business's id is as unknown as a made-up one.
    if (rows.length !== wanted.length) throw movementNotFound();
    const refusal = refusalOfCancel(rows, principal);
    if (refusal) return once<TStockMovement[]>(scope, claim, () => Promise.reject<never>(refusal));
    return once<TStockMovement[]>(scope, claim, async () => {
      const now = deps.clock.now();
      await returnToSources(
        scope,
        { userId: principal.userId },
        rows.filter((row) => row.status === 'IN_TRANSIT'),
      );
      await updateMovements(scope, wanted, {
        status: 'CANCELLED',
        cancelledAt: now,
        cancelledBy: principal.userId,
      });
      await resolveMovementAlerts(scope, deps, rows);
      const views = await findViews(scope, { ids: wanted });
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: 'MOVEMENT_CANCELLATION',
        description: describeCancel(rows, views),
      });
      return { statusCode: 200, body: views.map(toStockMovement) };
    });
  });
  return answer.body;
}

function refusalOfCancel(rows: readonly MovementRow[], principal: Principal): AppError | undefined {
  const finished = rows.find((row) => !isUnderway(row.status));
  if (finished) return wrongStateForCancel(finished.status);
  if (rows.some((row) => row.lockedAt !== null) && !isPermitted(principal.roles, 'inventory:delete')) {
    return new AppError('MOVEMENT_LOCKED', LOCKED_CANCEL_MESSAGE);
  }
  return undefined;
}

function describeCancel(
  rows: readonly MovementRow[],
  views: ReadonlyArray<{ sku: string; productName: string; quantity: number; sourceLocationName: string }>,
): string {
  const returned = rows
    .filter((row) => row.status === 'IN_TRANSIT')
    .reduce((sum, row) => sum + row.quantity, 0);
  const back = returned > 0 ? `; ${returned} units returned to the source` : '';
  const [view] = views;
  if (rows.length === 1 && view) {
    return `Stock movement of ${view.quantity} × ${view.productName} (SKU ${view.sku}) from ${view.sourceLocationName} cancelled${back}.`;
  }
  return `${rows.length} stock movements cancelled${back}.`;
}
