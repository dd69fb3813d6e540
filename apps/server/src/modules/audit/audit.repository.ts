import type { TenantScope } from '../../platform/db/tenancy.js';
import { auditLogs } from './audit.table.js';

export async function insertAuditLog(
  scope: TenantScope,
  row: { id: string; userId: string | null; eventType: string; description: string },
): Promise<void> {
  await scope.tx.insert(auditLogs).values({ ...row, businessId: scope.businessId });
}
