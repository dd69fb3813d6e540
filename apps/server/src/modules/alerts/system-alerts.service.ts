import { randomUUID } from 'node:crypto';
import type { AlertSeverity, DiscrepancyReason, Role, TAlertSubject } from '@app/contracts';
import { inGlobal, inJobTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { actionMail } from '../../platform/mail/action-mail.js';
import type { AlertRaiser, AlertsDeps } from './alerts.deps.js';
import {
  ALERT_MAIL_QUEUE,
  MOVEMENT_ALERTS_QUEUE,
  type AlertMailJob,
  type BusinessJob,
} from './alerts.queues.js';
import {
  findAudienceUsers,
  findBusinessesWithMovementAlerts,
  findOpenMovementAlerts,
  findWaitingMovements,
  insertSystemAlert,
  lockAlertToMail,
  resolveAlerts,
  setMailed,
} from './alerts.repository.js';

/**
 * Alerts the product raises itself (issue 13), each once per condition until the condition ends
 * (`dedupeKey`, a partial unique index on open alerts). Stock under its reorder point is raised
 * and resolved by the database itself at commit (migration 0024, app_check_low_stock), whatever
 * changed the quantity. This file raises the others: a movement waiting over 48 hours (the check
 * job), a locked movement (the validation that locked it), a transfer that arrived with a
 * discrepancy (the validation at its destination) and a failed renewal (the renewal job).
 * A CRITICAL alert is e-mailed to its audience through the outbox.
 *
 * Other modules call this file only; it imports no other module, so the stock, movement and
 * subscription services can raise alerts without an import cycle.
 */

/** A movement under way longer than this raises its alert. */
export const MOVEMENT_WAIT_MS = 48 * 3_600_000;
/** Businesses queued per sweep, and movements raised per business per check; the next run takes the rest. */
const SWEEP_BATCH = 1000;

const BUSINESS_ROLES: Role[] = ['ROLE_BUSINESS_OWNER', 'ROLE_BUSINESS_ADMIN'];
const STOCK_ROLES: Role[] = [...BUSINESS_ROLES, 'ROLE_INVENTORY_ADMIN', 'ROLE_INVENTORY_CONTRIBUTOR'];
/** Who works a location's stock, as the low-stock alert reaches them (migration 0024). */
const LOCATION_STOCK_ROLES: Role[] = [...STOCK_ROLES, 'ROLE_STORE_ASSISTANT'];

export type SystemAlertInput = {
  title: string;
  message: string;
  severity: AlertSeverity;
  roles: readonly Role[];
  subject: TAlertSubject;
  dedupeKey: string;
};

/**
 * Raises the alert in the caller's transaction unless one is open for the same condition; a
 * CRITICAL one queues its e-mails there too. Answers whether it was raised.
 */
export async function raiseSystemAlert(
  scope: TenantScope,
  deps: AlertRaiser,
  alert: SystemAlertInput,
): Promise<boolean> {
  const id = await insertSystemAlert(scope, {
    ...alert,
    title: alert.title.slice(0, 120),
    id: randomUUID(),
    now: deps.clock.now(),
  });
  if (id === null) return false;
  if (alert.severity === 'CRITICAL') await queueAlertMail(scope, deps, id);
  return true;
}

/** Ends the open alert of a condition (nothing when none is open). */
export async function resolveSystemAlert(
  scope: TenantScope,
  deps: Pick<AlertRaiser, 'clock'>,
  dedupeKey: string,
): Promise<void> {
  await resolveAlerts(scope, [dedupeKey], deps.clock.now());
}

/** Queues the e-mails of a CRITICAL alert (a broadcast's, or the product's) in the caller's transaction. */
export async function queueAlertMail(scope: TenantScope, deps: Pick<AlertRaiser, 'jobs'>, alertId: string) {
  await deps.jobs.enqueue(scope.tx, ALERT_MAIL_QUEUE, { businessId: scope.businessId, alertId });
}

/** The condition keys, so that the raiser and the check agree. */
export const alertKeys = {
  movementWaiting: (movementId: string) => `MOVEMENT_WAITING:${movementId}`,
  /** A batch shares its codes and locks as one: one alert per batch. */
  movementLocked: (batchOrMovementId: string) => `MOVEMENT_LOCKED:${batchOrMovementId}`,
  renewalFailed: (subscriptionId: string) => `RENEWAL_FAILED:${subscriptionId}`,
  /** A movement arrives once: one alert per movement, never raised again. */
  transferDiscrepancy: (movementId: string) => `TRANSFER_DISCREPANCY:${movementId}`,
};

/** The locked movement's alert, raised by the validation whose wrong code locked it. */
export async function raiseMovementLocked(
  scope: TenantScope,
  deps: AlertRaiser,
  movement: { id: string; batchId: string | null; sku: string; count: number },
): Promise<void> {
  const what =
    movement.count > 1 ? `A batch of ${movement.count} movements` : `The movement of ${movement.sku}`;
  await raiseSystemAlert(scope, deps, {
    title: `Movement locked: ${movement.sku}`,
    message: `${what} was locked after too many wrong validation codes. Check with the people at both ends; an inventory admin can cancel it.`,
    severity: 'CRITICAL',
    roles: [...BUSINESS_ROLES, 'ROLE_INVENTORY_ADMIN'],
    subject: { type: 'MOVEMENT', id: movement.id, locationId: null },
    dedupeKey: alertKeys.movementLocked(movement.batchId ?? movement.id),
  });
}

export type TransferDiscrepancy = {
  movementId: string;
  sku: string;
  productName: string;
  quantity: number;
  receivedQuantity: number;
  reason: DiscrepancyReason;
  note: string | null;
  sourceLocationId: string;
  sourceName: string;
  destinationName: string;
};

const ARRIVED: Record<DiscrepancyReason, string> = {
  SHORT: 'short',
  DAMAGED: 'damaged',
  OVER: 'with more than was sent',
};

/**
 * A transfer that arrived with other units than were sent, raised by the validation at its
 * destination to the people of its SOURCE (they sent it, and their ledger shows the loss): "Transfer
 * of 10 × TEA-1 from Depot arrived short at Shop: 7 received. Note: box torn." A WARNING: the
 * stock is settled, someone should look into it, nothing is blocked.
 */
export async function raiseTransferDiscrepancy(
  scope: TenantScope,
  deps: AlertRaiser,
  transfer: TransferDiscrepancy,
): Promise<void> {
  await raiseSystemAlert(scope, deps, {
    title: `Transfer ${ARRIVED[transfer.reason]}: ${transfer.productName}`,
    message:
      `Transfer of ${transfer.quantity} × ${transfer.sku} from ${transfer.sourceName} arrived ` +
      `${ARRIVED[transfer.reason]} at ${transfer.destinationName}: ${transfer.receivedQuantity} received.` +
      (transfer.note ? ` Note: ${transfer.note}` : ''),
    severity: 'WARNING',
    roles: LOCATION_STOCK_ROLES,
    subject: { type: 'MOVEMENT', id: transfer.movementId, locationId: transfer.sourceLocationId },
    dedupeKey: alertKeys.transferDiscrepancy(transfer.movementId),
  });
}

/**
 * A validation or a cancellation moved these movements on: their "waiting" alerts end (a movement
 * still under way after its source validation raises a new one for its destination, at the next
 * check) and so do their "locked" ones.
 */
export async function resolveMovementAlerts(
  scope: TenantScope,
  deps: Pick<AlertRaiser, 'clock'>,
  movements: ReadonlyArray<{ id: string; batchId: string | null }>,
): Promise<void> {
  const keys = movements.flatMap((movement) => [
    alertKeys.movementWaiting(movement.id),
    alertKeys.movementLocked(movement.batchId ?? movement.id),
  ]);
  await resolveAlerts(scope, [...new Set(keys)], deps.clock.now());
}

/** The sweep: one movement check per business that has a movement waiting or a movement alert open. */
export async function queueMovementChecks(deps: AlertsDeps): Promise<number> {
  return inGlobal(deps.db, async (tx) => {
    const before = new Date(deps.clock.now().getTime() - MOVEMENT_WAIT_MS);
    const businesses = await findBusinessesWithMovementAlerts(tx, before, SWEEP_BATCH);
    for (const businessId of businesses) await deps.jobs.enqueue(tx, MOVEMENT_ALERTS_QUEUE, { businessId });
    return businesses.length;
  });
}

/**
 * One business's movement alerts: a WARNING for each movement under way for over 48 hours, to the
 * people who must validate it next (the source's while PENDING, the destination's while IN
 * TRANSIT); and the open movement alerts whose movement has finished, been cancelled or unlocked
 * are resolved.
 */
export async function checkMovementAlerts(
  deps: AlertsDeps,
  job: BusinessJob,
): Promise<{ raised: number; resolved: number }> {
  return inJobTenant(deps.db, job.businessId, async (scope) => {
    const now = deps.clock.now();
    const ended = (await findOpenMovementAlerts(scope))
      .filter(({ dedupeKey, status, lockedAt }) => {
        const underway = status === 'PENDING' || status === 'IN_TRANSIT';
        return dedupeKey.startsWith('MOVEMENT_LOCKED:') ? !underway || lockedAt === null : !underway;
      })
      .map(({ dedupeKey }) => dedupeKey);
    const resolved = await resolveAlerts(scope, ended, now);
    let raised = 0;
    const waiting = await findWaitingMovements(
      scope,
      new Date(now.getTime() - MOVEMENT_WAIT_MS),
      SWEEP_BATCH,
    );
    for (const movement of waiting) {
      const atSource = movement.status === 'PENDING';
      const hours = Math.floor((now.getTime() - movement.createdAt.getTime()) / 3_600_000);
      const waitsFor = atSource
        ? `validation at its source, ${movement.sourceName ?? 'a removed location'}`
        : `validation at its destination, ${movement.destinationName ?? 'a removed location'}`;
      const wasRaised = await raiseSystemAlert(scope, deps, {
        title: `Movement waiting: ${movement.productName}`,
        message: `${movement.quantity} × ${movement.productName} (SKU ${movement.sku}) from ${movement.sourceName ?? '?'} to ${movement.destinationName ?? '?'} has waited ${hours} hours for ${waitsFor}.`,
        severity: 'WARNING',
        roles: STOCK_ROLES,
        subject: {
          type: 'MOVEMENT',
          id: movement.id,
          locationId: atSource ? movement.sourceLocationId : movement.destinationLocationId,
        },
        dedupeKey: alertKeys.movementWaiting(movement.id),
      });
      if (wasRaised) raised += 1;
    }
    return { raised, resolved };
  });
}

/** The failed renewal's alert to the owner and admins (CRITICAL: the business may lose its plan). */
export async function raiseRenewalFailed(
  scope: TenantScope,
  deps: AlertRaiser,
  subscription: { id: string; planName: string; retryAt: Date | null },
): Promise<void> {
  const next = subscription.retryAt
    ? `We will try again on ${subscription.retryAt.toISOString().slice(0, 10)}.`
    : 'The subscription has ended and the business is on the Free plan.';
  await raiseSystemAlert(scope, deps, {
    title: `Renewal failed: ${subscription.planName}`,
    message: `The payment for your ${subscription.planName} subscription was declined. ${next} Update the card on the Subscribe page to keep your plan.`,
    severity: 'CRITICAL',
    roles: BUSINESS_ROLES,
    subject: { type: 'SUBSCRIPTION', id: subscription.id, locationId: null },
    dedupeKey: alertKeys.renewalFailed(subscription.id),
  });
}

/**
 * The e-mails of one CRITICAL alert: one to each verified, active user of its audience, queued in
 * the transaction that marks it mailed, so a rerun sends nothing twice. An alert deleted or
 * resolved before the job ran is not mailed.
 */
export async function mailAlert(deps: AlertsDeps, job: AlertMailJob): Promise<number> {
  return inJobTenant(deps.db, job.businessId, async (scope) => {
    const alert = await lockAlertToMail(scope, job.alertId);
    if (!alert || alert.mailedAt !== null || alert.resolvedAt !== null) return 0;
    const now = deps.clock.now();
    if (alert.expiresAt && alert.expiresAt.getTime() <= now.getTime()) return 0;
    // A store's alert whose store is gone reaches no one, as in the inbox; read as "no location"
    // it went to every user of its roles in the business (security review).
    const users =
      alert.scope === 'STORE' && alert.storeLocationId === null
        ? []
        : await findAudienceUsers(scope, {
            roles: alert.roles,
            storeLocationId: alert.scope === 'STORE' ? alert.storeLocationId : null,
            locationId: alert.locationId,
          });
    const where = alert.storeName ?? alert.locationName;
    for (const user of users) {
      await deps.mail.queue(
        scope.tx,
        actionMail(
          user.email,
          `Critical alert: ${alert.title}`,
          `Hello ${user.fullName},`,
          [alert.message, ...(where ? [`Where: ${where}.`] : [])],
          [{ label: 'Open your alerts', link: `${deps.appUrl}/dashboard` }],
          'You receive this e-mail because the alert is critical; other alerts wait in the app.',
        ),
      );
    }
    await setMailed(scope, alert.id, now);
    return users.length;
  });
}
