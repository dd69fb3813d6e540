import type { TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findStore, type StoreRow } from './stores.repository.js';

export type { StoreRow } from './stores.repository.js';

/** The store of the scope's business, or 404; carrying containers and sales call it. */
export async function requireStore(scope: TenantScope, id: string): Promise<StoreRow> {
  const row = await findStore(scope, id);
  if (!row) throw new AppError('NOT_FOUND', 'The store was not found.');
  return row;
}
