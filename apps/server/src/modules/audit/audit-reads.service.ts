import {
  AUDIT_EXPORT_MAX_ROWS,
  toPage,
  type AuditEventType,
  type TAuditEntry,
  type TPage,
} from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { AppError, fieldError, notFound } from '../../platform/http/app-error.js';
import { planOfBusiness } from '../access/businesses.service.js';
import { assertFeature } from '../plans/plans.service.js';
import type { AuditDeps } from './audit.deps.js';
import {
  findAuditPage,
  findAuditRows,
  findBusinessTimeZone,
  isAuditSubject,
  type AuditFilter,
  type AuditRow,
} from './audit-reads.repository.js';

/**
 * Reading the audit log (feature AUDIT_LOG). There is no route that changes or removes an entry,
 * and the request role has no UPDATE or DELETE on the table: the log is append-only.
 *
 * This file imports the access module's business service for the plan; the access module imports
 * only the writer (audit.service.ts), which imports nothing back, so there is no cycle.
 */
export type AuditSearch = {
  userId?: string;
  eventType?: AuditEventType;
  from?: string;
  to?: string;
};

/** `from` and `to` as instants; a range that ends before it starts is refused. */
export function toAuditFilter(search: AuditSearch): AuditFilter {
  const from = search.from === undefined ? undefined : new Date(search.from);
  const to = search.to === undefined ? undefined : new Date(search.to);
  if (from && to && from.getTime() > to.getTime()) {
    throw fieldError('from', 'The start of the range (from) must not be after its end (to).');
  }
  return { userId: search.userId, eventType: search.eventType, from, to };
}

/** The plan gate and, when the search names a user, that the user is one of this business's. */
async function openLog(scope: TenantScope, filter: AuditFilter): Promise<void> {
  assertFeature(await planOfBusiness(scope, { lock: false }), 'AUDIT_LOG');
  // Another business's user and an unknown id answer the same 404: nothing tells them apart.
  if (filter.userId && !(await isAuditSubject(scope, filter.userId))) throw notFound('The user');
}

export function toAuditEntry(row: AuditRow): TAuditEntry {
  return {
    id: row.id,
    userId: row.user_id,
    userEmail: row.user_email,
    eventType: row.event_type,
    description: row.description,
    timestamp: row.created_at.toISOString(),
  };
}

/** A page of entries, newest first, paged in SQL. */
export async function listAuditEntries(
  deps: AuditDeps,
  principal: Principal,
  search: AuditSearch & { page: number; size: number },
): Promise<TPage<TAuditEntry>> {
  const filter = toAuditFilter(search);
  return inTenant(deps.db, principal, async (scope) => {
    await openLog(scope, filter);
    const { rows, total } = await findAuditPage(scope, filter, {
      limit: search.size,
      offset: search.page * search.size,
    });
    return toPage(rows.map(toAuditEntry), search, total);
  });
}

/** Every entry of the search for a download, newest first, with the business's time zone. */
export async function listAuditEntriesForExport(
  deps: AuditDeps,
  principal: Principal,
  search: AuditSearch,
): Promise<{ rows: AuditRow[]; timeZone: string }> {
  const filter = toAuditFilter(search);
  return inTenant(deps.db, principal, async (scope) => {
    await openLog(scope, filter);
    const rows = await findAuditRows(scope, filter, AUDIT_EXPORT_MAX_ROWS + 1);
    if (rows.length > AUDIT_EXPORT_MAX_ROWS) {
      throw new AppError(
        'BAD_REQUEST',
        `This export would hold more than ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en')} entries. ` +
          'Choose a shorter date range, a user or an event type, and export again.',
        { maxRows: AUDIT_EXPORT_MAX_ROWS },
      );
    }
    return { rows, timeZone: await findBusinessTimeZone(scope) };
  });
}
