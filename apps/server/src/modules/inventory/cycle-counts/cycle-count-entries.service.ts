import type { TCycleCount, TEnterCountsRequest, TReviewCycleCountRequest } from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { once, type Answer, type IdempotencyClaim } from '../../../platform/idempotency/idempotency.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { changeStock, type StockChange } from '../stock/stock.service.js';
import {
  lockLines,
  markAccepted,
  markRecount,
  recordCounts,
  shareItems,
  type LockedLine,
} from './cycle-count-lines.repository.js';
import { requireOpenSheet, requireSheet, sheetOf } from './cycle-counts.service.js';

/**
 * Counting and review: the two calls of a sheet that read or write stock. Each locks the sheet
 * first (requireOpenSheet), then its lines (line order), then items (the stock function's order),
 * the order sales never take in reverse (they lock items only), so nothing deadlocks. Both take an
 * Idempotency-Key: a retry answers the first answer and counts or writes nothing twice.
 */

/**
 * POST /api/cycle-counts/{id}/counts. Each count names its line by number or product. The line's
 * items are locked FOR SHARE before their ledger is summed: `movedSinceFreeze` is then exactly what
 * the item moved between the freeze and this count, sales included, and the variance is
 * counted - (expected + moved). A PENDING line or one sent back (RECOUNT) takes a count; a
 * COUNTED one waits for its review (a reviewer sends it back to change it), an ACCEPTED one is done.
 */
export async function enterCounts(
  deps: InventoryDeps,
  principal: Principal,
  id: string,
  input: TEnterCountsRequest,
  claim: IdempotencyClaim | null,
): Promise<Answer<TCycleCount>> {
  return inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => {
      const sheet = await requireOpenSheet(scope, id, 'counted');
      const lineNos = input.lines.flatMap((entry) => (entry.lineNo === undefined ? [] : [entry.lineNo]));
      const productIds = input.lines.flatMap((entry) =>
        entry.productId === undefined ? [] : [entry.productId.toLowerCase()],
      );
      const locked = await lockLines(scope, id, { lineNos, productIds });
      const byNo = new Map(locked.map((line) => [line.lineNo, line]));
      const byProduct = new Map(locked.map((line) => [line.productId, line]));
      const seen = new Set<number>();
      const entries = input.lines.map((entry, index) => {
        const line =
          entry.lineNo !== undefined
            ? byNo.get(entry.lineNo)
            : byProduct.get(entry.productId?.toLowerCase() ?? '');
        if (!line)
          throw new AppError('NOT_FOUND', `Count ${index + 1}: no such line on this sheet.`, {
            index,
            field: entry.lineNo !== undefined ? 'lineNo' : 'productId',
          });
        if (seen.has(line.lineNo))
          throw new AppError(
            'VALIDATION_ERROR',
            `Count ${index + 1}: line ${line.lineNo} is counted twice.`,
            {
              index,
              fieldErrors: { [`lines.${index}`]: [`Line ${line.lineNo} is named twice.`] },
            },
          );
        seen.add(line.lineNo);
        assertCountable(line, index);
        return { lineNo: line.lineNo, countedQuantity: entry.countedQuantity, inventoryId: line.inventoryId };
      });
      await shareItems(scope, [...new Set(entries.map((entry) => entry.inventoryId))]);
      await recordCounts(scope, id, entries, principal.userId);
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: 'CYCLE_COUNT_ENTRY',
        description: `Counted ${entries.length} line${entries.length === 1 ? '' : 's'} of the cycle count of ${sheet.locationName} (${entries
          .slice(0, 20)
          .map((entry) => `${entry.lineNo}: ${entry.countedQuantity}`)
          .join(', ')}${entries.length > 20 ? ', ...' : ''}).`,
      });
      return { statusCode: 200, body: await sheetOf(scope, await requireSheet(scope, id)) };
    }),
  );
}

function assertCountable(line: LockedLine, index: number): void {
  if (line.status === 'ACCEPTED')
    throw new AppError('CONFLICT', `Line ${line.lineNo} (${line.sku}) is accepted already.`, {
      index,
      lineNo: line.lineNo,
    });
  if (line.status === 'COUNTED')
    throw new AppError(
      'CONFLICT',
      `Line ${line.lineNo} (${line.sku}) is counted already: a reviewer sends it back to be counted again.`,
      { index, lineNo: line.lineNo },
    );
}

/**
 * POST /api/cycle-counts/{id}/review. Accepted lines write their variance through the stock
 * function: reason COUNT, the sheet's id as reference, delta = the variance. It is a change from
 * the quantity now, so what sold after the count stays sold: the item ends at counted + what moved
 * since the count. A variance of 0 writes a 0-delta COUNT row (the count confirmed the stock), as
 * a counted quantity does elsewhere. A change the stock refuses (it would go below 0 because the
 * item sold meanwhile, or past the most an item holds) is 409 naming the line, and nothing of the
 * review is written. Recount lines go back to RECOUNT with their count kept.
 */
export async function reviewCycleCount(
  deps: InventoryDeps,
  principal: Principal,
  id: string,
  input: TReviewCycleCountRequest,
  claim: IdempotencyClaim | null,
): Promise<Answer<TCycleCount>> {
  return inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => {
      const sheet = await requireOpenSheet(scope, id, 'reviewed');
      const named = [...input.accept, ...input.recount];
      const locked = new Map(
        (await lockLines(scope, id, { lineNos: named, productIds: [] })).map((line) => [line.lineNo, line]),
      );
      const reviewable = (lineNo: number, field: 'accept' | 'recount'): LockedLine => {
        const line = locked.get(lineNo);
        if (!line) throw new AppError('NOT_FOUND', `Line ${lineNo} is not on this sheet.`, { field, lineNo });
        if (line.status !== 'COUNTED')
          throw new AppError(
            'CONFLICT',
            `Line ${lineNo} (${line.sku}) is ${line.status.toLowerCase()}: only a counted line is reviewed.`,
            { field, lineNo, status: line.status },
          );
        return line;
      };
      const accepted = input.accept.map((lineNo) => reviewable(lineNo, 'accept'));
      const recount = input.recount.map((lineNo) => reviewable(lineNo, 'recount'));
      await applyVariances(scope, principal.userId, sheet.id, sheet.locationId, accepted);
      await markAccepted(
        scope,
        id,
        accepted.map((line) => ({ lineNo: line.lineNo, delta: line.varianceUnits ?? 0 })),
        principal.userId,
      );
      await markRecount(
        scope,
        id,
        recount.map((line) => line.lineNo),
        principal.userId,
      );
      const units = accepted.reduce((sum, line) => sum + (line.varianceUnits ?? 0), 0);
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: 'CYCLE_COUNT_REVIEW',
        description:
          `Reviewed the cycle count of ${sheet.locationName}: accepted ${accepted.length} line${accepted.length === 1 ? '' : 's'} ` +
          `(${units >= 0 ? '+' : ''}${units} units), sent ${recount.length} back for recount.`,
      });
      return { statusCode: 200, body: await sheetOf(scope, await requireSheet(scope, id)) };
    }),
  );
}

/** One stock function call for all accepted lines (it locks their items in its order first). */
async function applyVariances(
  scope: Parameters<typeof changeStock>[0],
  userId: string,
  countId: string,
  locationId: string,
  accepted: readonly LockedLine[],
): Promise<void> {
  const gone = accepted.find((line) => !line.hasItem);
  if (gone)
    throw new AppError(
      'CONFLICT',
      `Line ${gone.lineNo} (${gone.sku}): its stock record was deleted since the freeze; send it back for recount or leave it.`,
      { field: 'accept', lineNo: gone.lineNo },
    );
  const changes: StockChange[] = accepted.map((line) => ({
    locationId,
    productId: line.productId,
    delta: line.varianceUnits ?? 0,
    reason: 'COUNT',
    reference: countId,
    note: `Cycle count line ${line.lineNo}`,
  }));
  try {
    await changeStock(scope, { userId }, changes);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const productId = error.details?.['productId'];
    const line = accepted.find((candidate) => candidate.productId === productId);
    if (!line) throw error;
    throw new AppError(error.code, `Line ${line.lineNo} (${line.sku}): ${error.message}`, {
      ...error.details,
      field: 'accept',
      lineNo: line.lineNo,
    });
  }
}
