import type { TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findLocation, lockLocation, type LocationRow } from './locations.repository.js';

export type { LocationRow } from './locations.repository.js';

/**
 * The location hub (DESIGN 12) that stores, warehouses, products and categories call: the
 * location of the scope's business, or 404 (another business's id is unknown here). `lock`
 * holds the row to the end of the transaction; `isActiveRequired` refuses a discontinued one
 * for new things placed there.
 */
export async function requireLocation(
  scope: TenantScope,
  id: string,
  options: { lock?: boolean; isActiveRequired?: boolean } = {},
): Promise<LocationRow> {
  const row = options.lock ? await lockLocation(scope, id) : await findLocation(scope, id);
  if (!row) throw new AppError('NOT_FOUND', 'The location was not found.');
  if (options.isActiveRequired && !row.active) {
    throw new AppError('CONFLICT', `The location ${row.name} is discontinued. Reactivate it first.`, {
      field: 'locationId',
    });
  }
  return row;
}
