import { MAX_CODE_ATTEMPTS } from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { readLocation } from '../product/locations/locations.service.js';
import { isCodeOf, type CodePair } from './movement-codes.js';
import { isUnderway, movementNotFound, wrongCode } from './movement-rules.js';
import type { MovementDeps } from './stock-movements.deps.js';
import {
  countMovements,
  countWrongCode,
  findBatchIdOf,
  findViews,
  lockMovements,
  updateMovements,
  type MovementRow,
} from './stock-movements.repository.js';
import {
  renderTransferDocument,
  type DocumentPlace,
  type TransferDocumentData,
} from './transfer-document.js';

/** Items printed on one document; a larger batch says how many more there are. */
export const DOCUMENT_MAX_ITEMS = 200;

/**
 * The transfer document of a movement (or its whole batch) as a PDF.
 *
 * The codes are stored hashed, so the server cannot print them by itself: the creator's first
 * download presents them (request headers, never the URL, which ends up in access logs), they
 * are checked against the hashes and printed, and `codes_printed_at` is set on the whole batch.
 * Anyone else, any later download, or a download without them gets the "given separately"
 * line instead. A wrong pair is a wrong code like any other: counted, and the fifth locks.
 */
export async function transferDocument(
  deps: MovementDeps,
  principal: Principal,
  id: string,
  presented: CodePair | null,
): Promise<{ filename: string; pdf: Buffer }> {
  const outcome = await inTenant(
    deps.db,
    principal,
    async (scope): Promise<{ failedAttempts: number } | { data: TransferDocumentData }> => {
      // The batch first, without a lock, then all its rows in id order, as validations lock them.
      const batchId = await findBatchIdOf(scope, id);
      if (batchId === undefined) throw movementNotFound();
      const rows = await lockMovements(scope, batchId ? { batchId } : { ids: [id] });
      const movement = rows.find((row) => row.id === id);
      if (!movement) throw movementNotFound();
      let codes: CodePair | null = null;
      if (presented && movement.createdBy === principal.userId) {
        if (mayPrintCodes(rows)) {
          if (!rows.every((row) => matches(row, presented))) {
            const ids = rows.filter((row) => isUnderway(row.status)).map((row) => row.id);
            return { failedAttempts: await countWrongCode(scope, ids, MAX_CODE_ATTEMPTS, deps.clock.now()) };
          }
          const ids = rows.map((row) => row.id);
          await updateMovements(scope, ids, { codesPrintedAt: deps.clock.now() });
          codes = presented;
        }
      }
      return { data: await documentData(scope, movement, codes) };
    },
  );
  if ('failedAttempts' in outcome) throw wrongCode(outcome.failedAttempts);
  return { filename: `transfer-${id.slice(0, 8)}.pdf`, pdf: await renderTransferDocument(outcome.data) };
}

/** Codes print once, and never for a movement locked by wrong codes or already finished. */
function mayPrintCodes(rows: readonly MovementRow[]): boolean {
  return rows.every((row) => row.codesPrintedAt === null && row.lockedAt === null && isUnderway(row.status));
}

function matches(row: MovementRow, codes: CodePair): boolean {
  // Both are computed before combining, so the time taken does not tell which one was wrong.
  const source = isCodeOf(codes.sourceCode, row.sourceCodeHash);
  const destination = isCodeOf(codes.destinationCode, row.destinationCodeHash);
  return source && destination;
}

async function documentData(
  scope: TenantScope,
  movement: MovementRow,
  codes: CodePair | null,
): Promise<TransferDocumentData> {
  const target = movement.batchId ? { batchId: movement.batchId } : { ids: [movement.id] };
  const views = await findViews(scope, target, { limit: DOCUMENT_MAX_ITEMS });
  const totalItems = movement.batchId ? await countMovements(scope, { batchId: movement.batchId }) : 1;
  const places = new Map<string, DocumentPlace>();
  for (const view of views) {
    for (const locationId of [view.sourceLocationId, view.destinationLocationId]) {
      if (!places.has(locationId)) places.set(locationId, await placeOf(scope, locationId));
    }
  }
  const first = views.find((view) => view.id === movement.id) ?? views[0];
  return {
    movementId: movement.id,
    batchId: movement.batchId,
    items: views.map((view) => ({
      sku: view.sku,
      productName: view.productName,
      quantity: view.quantity,
      status: view.status,
      sourceLocationId: view.sourceLocationId,
      destinationLocationId: view.destinationLocationId,
    })),
    totalItems,
    places,
    createdAt: movement.createdAt,
    sourceValidatedAt: first?.sourceValidatedAt ?? null,
    destinationValidatedAt: first?.destinationValidatedAt ?? null,
    cancelledAt: first?.cancelledAt ?? null,
    note: movement.note,
    codes,
  };
}

async function placeOf(scope: TenantScope, locationId: string): Promise<DocumentPlace> {
  const location = await readLocation(scope, locationId);
  const cityLine = [location.zipCode, location.city].filter(Boolean).join(' ');
  return {
    name: location.name,
    addressLines: [location.street, cityLine, location.state, location.country, location.phone].filter(
      (line): line is string => typeof line === 'string' && line.length > 0,
    ),
  };
}
