import { randomUUID } from 'node:crypto';
import {
  toPage,
  type Role,
  type TAlert,
  type TAlertSubject,
  type TInboxAlert,
  type TInboxPage,
  type ZAlertRequest,
  type ZInboxQuery,
} from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { planOfBusiness } from '../access/businesses.service.js';
import { locationOfUser } from '../access/users.service.js';
import { assertFeature } from '../plans/plans.service.js';
import { requireStore } from '../product/stores/stores.service.js';
import { queueAlertMail } from './system-alerts.service.js';
import type { StreamReader } from './alert-stream.js';
import type { AlertsDeps } from './alerts.deps.js';
import {
  deleteAlert,
  findAlert,
  findAlertsOf,
  findInbox,
  insertAlert,
  isInAudience,
  markAllRead,
  markRead,
  updateBroadcast,
  type AlertRow,
  type Reader,
} from './alerts.repository.js';

/**
 * Alerts (issue 13): broadcasts written by the analytics roles (feature BROADCAST_ALERTS), the
 * business's and a store's lists of them, and every user's inbox of the alerts addressed to her
 * roles and location, which she marks read.
 */

type AlertInput = z.output<typeof ZAlertRequest>;
type InboxQuery = z.output<typeof ZInboxQuery>;

const ALERT_NOT_FOUND = 'The alert was not found.';
/** The newest alerts of a list; older ones stay in the inbox's pages. */
const LIST_LIMIT = 200;

export async function createBroadcast(
  deps: AlertsDeps,
  principal: Principal,
  input: AlertInput,
): Promise<TAlert> {
  return inTenant(deps.db, principal, async (scope) => {
    assertFeature(await planOfBusiness(scope, { lock: false }), 'BROADCAST_ALERTS');
    const values = await checkedValues(scope, input, deps.clock.now());
    const id = randomUUID();
    await insertAlert(scope, {
      ...values,
      id,
      kind: 'BROADCAST',
      createdBy: principal.userId,
      now: deps.clock.now(),
    });
    if (values.severity === 'CRITICAL') await queueAlertMail(scope, deps, id);
    return requireAlert(scope, id);
  });
}

/** Replaces a broadcast (alerts the product raised are not edited: 404 as for none). */
export async function changeBroadcast(
  deps: AlertsDeps,
  principal: Principal,
  id: string,
  input: AlertInput,
): Promise<TAlert> {
  return inTenant(deps.db, principal, async (scope) => {
    assertFeature(await planOfBusiness(scope, { lock: false }), 'BROADCAST_ALERTS');
    const values = await checkedValues(scope, input, deps.clock.now());
    if (!(await updateBroadcast(scope, id, { ...values, now: deps.clock.now() })))
      throw new AppError('NOT_FOUND', ALERT_NOT_FOUND);
    return requireAlert(scope, id);
  });
}

/** Removes an alert for everyone; allowed without the plan's broadcasts (a downgraded business cleans up). */
export async function removeAlert(deps: AlertsDeps, principal: Principal, id: string): Promise<void> {
  await inTenant(deps.db, principal, async (scope) => {
    if (!(await deleteAlert(scope, id))) throw new AppError('NOT_FOUND', ALERT_NOT_FOUND);
  });
}

/** The whole business's alerts, newest first (the sent list), with their read counts. */
export async function listBusinessAlerts(deps: AlertsDeps, principal: Principal): Promise<TAlert[]> {
  return inTenant(deps.db, principal, async (scope) =>
    (await findAlertsOf(scope, { storeId: null }, LIST_LIMIT)).map(toAlert),
  );
}

/** One store's alerts, newest first; another business's store is 404. */
export async function listStoreAlerts(
  deps: AlertsDeps,
  principal: Principal,
  storeId: string,
): Promise<TAlert[]> {
  return inTenant(deps.db, principal, async (scope) => {
    const store = await requireStore(scope, storeId);
    return (await findAlertsOf(scope, { storeId: store.id }, LIST_LIMIT)).map(toAlert);
  });
}

/** The signed-in user's alerts: addressed to her roles and location, not expired; with the unread count. */
export async function inbox(deps: AlertsDeps, principal: Principal, query: InboxQuery): Promise<TInboxPage> {
  return inTenant(deps.db, principal, async (scope) => {
    const { rows, total, unread } = await findInbox(
      scope,
      await readerOf(scope, principal),
      deps.clock.now(),
      { severity: query.severity, storeId: query.storeId, unread: query.unread },
      { limit: query.size, offset: query.page * query.size },
    );
    return { ...toPage(rows.map(toInboxAlert), query, total), unread };
  });
}

/** Marks an alert of her inbox read (once; again changes nothing); another's alert is 404. */
export async function readAlert(deps: AlertsDeps, principal: Principal, id: string): Promise<void> {
  await inTenant(deps.db, principal, async (scope) => {
    const now = deps.clock.now();
    if (!(await isInAudience(scope, id, await readerOf(scope, principal), now)))
      throw new AppError('NOT_FOUND', ALERT_NOT_FOUND);
    await markRead(scope, id, principal.userId, now);
  });
}

/** Marks every alert of her inbox read; answers how many were unread. */
export async function readAllAlerts(deps: AlertsDeps, principal: Principal): Promise<{ marked: number }> {
  return inTenant(deps.db, principal, async (scope) => ({
    marked: await markAllRead(scope, await readerOf(scope, principal), deps.clock.now()),
  }));
}

/** Who a live stream is for: her business, roles and location, read once when it opens. */
export async function streamReader(
  deps: AlertsDeps,
  principal: Principal,
): Promise<{ businessId: string; reader: StreamReader }> {
  return inTenant(deps.db, principal, async (scope) => ({
    businessId: scope.businessId,
    reader: await readerOf(scope, principal),
  }));
}

async function readerOf(scope: TenantScope, principal: Principal): Promise<Reader> {
  return {
    userId: principal.userId,
    roles: principal.roles,
    locationId: await locationOfUser(scope, principal.userId),
  };
}

async function checkedValues(scope: TenantScope, input: AlertInput, now: Date) {
  if (input.storeId !== null) await requireStore(scope, input.storeId);
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw new AppError('VALIDATION_ERROR', 'An alert must expire in the future.', {
      fieldErrors: { expiresAt: ['An alert must expire in the future.'] },
    });
  return {
    title: input.title,
    message: input.message,
    severity: input.severity,
    scope: input.scope,
    storeId: input.storeId === null ? null : input.storeId.toLowerCase(),
    roles: input.roles,
    expiresAt,
  };
}

async function requireAlert(scope: TenantScope, id: string): Promise<TAlert> {
  const row = await findAlert(scope, id);
  if (!row) throw new AppError('NOT_FOUND', ALERT_NOT_FOUND);
  return toAlert(row);
}

function header(row: AlertRow): Omit<TInboxAlert, 'read'> {
  return {
    id: row.id,
    alertId: row.id,
    kind: row.kind as TAlert['kind'],
    title: row.title,
    message: row.message,
    severity: row.severity as TAlert['severity'],
    scope: row.scope as TAlert['scope'],
    storeId: row.storeId,
    storeName: row.storeName,
    roles: row.roles as Role[] | null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    subject:
      row.subjectType && row.subjectId
        ? {
            type: row.subjectType as TAlertSubject['type'],
            id: row.subjectId,
            locationId: row.locationId,
          }
        : null,
    locationName: row.locationName,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toAlert = (row: AlertRow & { readCount: number }): TAlert => ({
  ...header(row),
  readCount: row.readCount,
});
const toInboxAlert = (row: AlertRow & { read: boolean }): TInboxAlert => ({ ...header(row), read: row.read });
