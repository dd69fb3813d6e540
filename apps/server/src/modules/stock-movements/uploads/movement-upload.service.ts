import { MOVEMENT_UPLOAD_COLUMNS, type TCreatedMovements } from '@app/contracts';
import type { Principal } from '../../../platform/auth/principal.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { sheetRefusal } from '../../../platform/files/row-errors.js';
import { readSpreadsheet } from '../../../platform/files/spreadsheet-reader.js';
import { once, type IdempotencyClaim } from '../../../platform/idempotency/idempotency.js';
import { planOfBusiness } from '../../access/businesses.service.js';
import { findProducts, readLocationDirectory } from '../../inventory/uploads/upload-lookups.service.js';
import { assertFeature } from '../../plans/plans.service.js';
import type { MovementDeps } from '../stock-movements.deps.js';
import { createMovements, openCreated, sealCreated } from '../stock-movements.service.js';
import { checkMovementRows, skusToFind } from './movement-upload-rules.js';

const COLUMNS = MOVEMENT_UPLOAD_COLUMNS.map((name) => ({ name, isRequired: true }));

/**
 * POST /api/stock-movement/bulk-upload: the rows of a sheet become one batch of PENDING movements
 * (one batchId, one pair of codes), created by the movements' own createMovements, or none when
 * any row is bad. Nothing moves yet: stock leaves when the batch is validated at the source. The
 * answer of an Idempotency-Key keeps the codes sealed, as the create call's does.
 */
export async function uploadMovements(
  deps: MovementDeps,
  principal: Principal,
  upload: { file: Buffer; note: string | null; claim: IdempotencyClaim | null },
): Promise<TCreatedMovements> {
  // The plan first: a business without the feature hears so whatever its file holds.
  await inTenant(deps.db, principal, assertBulkUpload);
  const sheet = await readSpreadsheet(upload.file, COLUMNS);
  const answer = await inTenant(deps.db, principal, (scope) =>
    once(scope, upload.claim, async () => {
      await assertBulkUpload(scope);
      const directory = await readLocationDirectory(scope);
      const bySku = await findProducts(scope, 'sku', skusToFind(sheet.rows, directory));
      const { items, errors } = checkMovementRows(sheet.rows, { directory, bySku });
      if (errors.length > 0) throw sheetRefusal(errors);
      const created = await createMovements(scope, { userId: principal.userId }, items, upload.note, {
        isBatch: true,
        now: deps.clock.now(),
      });
      return { statusCode: 201, body: sealCreated(created, deps.codeKey) };
    }),
  );
  return openCreated(answer.body, deps.codeKey);
}

async function assertBulkUpload(scope: TenantScope): Promise<void> {
  assertFeature(await planOfBusiness(scope, { lock: false }), 'BULK_UPLOAD');
}
