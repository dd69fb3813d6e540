import type { TenantScope } from '../../../platform/db/tenancy.js';
import { countContainersOf } from './containers.repository.js';

export async function countActiveContainersOf(scope: TenantScope, storeId: string): Promise<number> {
  return countContainersOf(scope, storeId, { isActiveOnly: true });
}

/** Whether the store has carrying containers (it cannot be deleted then). */
export async function existsContainersOf(scope: TenantScope, storeId: string): Promise<boolean> {
  return (await countContainersOf(scope, storeId, { isActiveOnly: false })) > 0;
}
