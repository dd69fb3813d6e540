import { randomUUID } from 'node:crypto';
import type { AuditEventType } from '@app/contracts';
import type { TenantScope } from '../../platform/db/tenancy.js';
import { insertAuditLog } from './audit.repository.js';

/**
 * Records an audit entry inside the caller's transaction, so the entry exists exactly when the
 * action it records was committed.
 */
export async function recordAuditEvent(
  scope: TenantScope,
  event: { userId: string | null; eventType: AuditEventType; description: string },
): Promise<void> {
  await insertAuditLog(scope, { id: randomUUID(), ...event });
}
