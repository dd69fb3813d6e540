import { MAX_CODE_ATTEMPTS, type TReceivedItem, type TStockMovement } from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { once, type Answer, type IdempotencyClaim } from '../../platform/idempotency/idempotency.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import {
  raiseMovementLocked,
  raiseTransferDiscrepancy,
  resolveMovementAlerts,
} from '../alerts/system-alerts.service.js';
import { isCodeOf } from './codes/movement-codes.js';
import { toStockMovement } from './movement-mapper.js';
import {
  batchNotFound,
  isUnderway,
  movementNotFound,
  refusalBeforeCode,
  STATUS_BEFORE,
  wrongCode,
  type MovementEnd,
} from './movement-rules.js';
import { arrivalsOf, describeArrivals, discrepanciesOf } from './movement-arrivals.js';
import { putIntoDestinations, takeFromSources } from './movement-stock.js';
import type { MovementDeps } from './stock-movements.deps.js';
import {
  countWrongCode,
  findBatchIdOf,
  findViews,
  lockMovements,
  recordArrivals,
  updateMovements,
  type MovementRow,
} from './stock-movements.repository.js';

/**
 * Validation with a code at the source (PENDING -> IN_TRANSIT, the units leave) or at the
 * destination (IN_TRANSIT -> COMPLETED, the units arrive), of one movement or of a batch.
 *
 * One transaction, in this order:
 * 1. the movements are locked (id order), so a code check, its count and the change it allows
 *    see no other request in between: parallel guesses queue and the fifth wrong one locks;
 * 2. refusals that do not depend on the code (locked, wrong state) answer through `once`, so a
 *    retry of a validation that succeeded replays its answer instead of a 409; then what the
 *    destination says arrived is checked against the movements validated (400, nothing counted:
 *    it tells nothing of the code);
 * 3. a wrong code is counted and the transaction COMMITS, then the 400 is thrown: the try counts
 *    even though the request fails, and an Idempotency-Key stores nothing for it;
 * 4. the right code: stock moves (one stock call for all), states change, the audit entry,
 *    inside `once`.
 *
 * At the destination, `received` states what arrived of the movements whose arrival differs
 * from what was sent (issue 16); the others arrived whole.
 */
export type ValidationTarget = { id: string } | { batchId: string };

export async function validateMovements(
  deps: MovementDeps,
  principal: Principal,
  end: MovementEnd,
  target: ValidationTarget,
  code: string,
  claim: IdempotencyClaim | null,
  received: readonly TReceivedItem[] = [],
): Promise<TStockMovement[]> {
  if (end === 'SOURCE' && received.length > 0) throw new Error('only a destination states what arrived');
  const isBatch = 'batchId' in target;
  const outcome = await inTenant(
    deps.db,
    principal,
    async (scope): Promise<{ answer: Answer<TStockMovement[]> } | { failedAttempts: number }> => {
      const family = await lockFamily(scope, target);
      // Compared with the stored (lower-case) ids below: the request may write the uuid in capitals.
      const targetId = isBatch ? null : target.id.toLowerCase();
      if (!family.some((row) => targetId === null || row.id === targetId))
        throw isBatch ? batchNotFound() : movementNotFound();
      const refusal = refusalBeforeCode(family, targetId, end);
      if (refusal) return { answer: await once(scope, claim, () => Promise.reject<never>(refusal)) };
      const open = family.filter((row) =>
        targetId === null ? row.status === STATUS_BEFORE[end] : row.id === targetId,
      );
      const arriving = arrivalsOf(open, received);
      if (
        !open.every((row) => isCodeOf(code, end === 'SOURCE' ? row.sourceCodeHash : row.destinationCodeHash))
      ) {
        // The batch shares the codes: the try counts on every movement still under way in it.
        const underway = family.filter((row) => isUnderway(row.status));
        const ids = underway.map((row) => row.id);
        const failedAttempts = await countWrongCode(scope, ids, MAX_CODE_ATTEMPTS, deps.clock.now());
        const [first] = underway;
        if (failedAttempts >= MAX_CODE_ATTEMPTS && first)
          await raiseMovementLocked(scope, deps, {
            id: first.id,
            batchId: first.batchId,
            sku: first.sku,
            count: underway.length,
          });
        return { failedAttempts };
      }
      return {
        answer: await once(scope, claim, async () => ({
          statusCode: 200,
          body: await applyValidation(deps, scope, principal, end, arriving, target),
        })),
      };
    },
  );
  if ('failedAttempts' in outcome) throw wrongCode(outcome.failedAttempts);
  return outcome.answer.body;
}

/**
 * Locks every movement that shares the target's codes, in id order: the batch of a batch member,
 * else the movement alone. The batch is found first without a lock (a movement never changes
 * batch), so a single validation and a batch validation lock the same rows in the same order.
 */
async function lockFamily(scope: TenantScope, target: ValidationTarget): Promise<MovementRow[]> {
  if ('batchId' in target) return lockMovements(scope, target);
  const batchId = await findBatchIdOf(scope, target.id);
  if (batchId === undefined) return [];
  return lockMovements(scope, batchId === null ? { ids: [target.id] } : { batchId });
}

async function applyValidation(
  deps: MovementDeps,
  scope: TenantScope,
  principal: Principal,
  end: MovementEnd,
  open: ReturnType<typeof arrivalsOf>,
  target: ValidationTarget,
): Promise<TStockMovement[]> {
  const actor = { userId: principal.userId };
  const now = deps.clock.now();
  const ids = open.map((row) => row.id);
  if (end === 'SOURCE') {
    await takeFromSources(scope, actor, open);
    await updateMovements(scope, ids, {
      status: 'IN_TRANSIT',
      sourceValidatedAt: now,
      sourceValidatedBy: principal.userId,
    });
  } else {
    await putIntoDestinations(scope, actor, open);
    await recordArrivals(scope, open);
    await updateMovements(scope, ids, {
      status: 'COMPLETED',
      destinationValidatedAt: now,
      destinationValidatedBy: principal.userId,
    });
  }
  await resolveMovementAlerts(scope, deps, open);
  const views = await findViews(scope, 'batchId' in target ? target : { ids });
  const discrepancies = end === 'DESTINATION' ? discrepanciesOf(views, ids) : [];
  for (const discrepancy of discrepancies) await raiseTransferDiscrepancy(scope, deps, discrepancy);
  await recordAuditEvent(scope, {
    userId: principal.userId,
    eventType: 'MOVEMENT_VALIDATION',
    description: describeValidation(end, views, open, target) + describeArrivals(discrepancies),
  });
  return views.map(toStockMovement);
}

function describeValidation(
  end: MovementEnd,
  views: ReadonlyArray<{ id: string; sku: string; productName: string; quantity: number } & Names>,
  open: readonly MovementRow[],
  target: ValidationTarget,
): string {
  const units = open.reduce((sum, row) => sum + row.quantity, 0);
  const what =
    end === 'SOURCE'
      ? 'validated at the source: the units left'
      : 'validated at the destination: the units arrived';
  if ('batchId' in target)
    return `Batch ${target.batchId}: ${open.length} stock movements (${units} units) ${what}.`;
  const [view] = views;
  if (!view) return `Stock movement ${what}.`;
  const place = end === 'SOURCE' ? view.sourceLocationName : view.destinationLocationName;
  return `Stock movement of ${view.quantity} × ${view.productName} (SKU ${view.sku}) ${what} (${place}).`;
}

type Names = { sourceLocationName: string; destinationLocationName: string };
