import { randomUUID } from 'node:crypto';
import type { TLoyaltyEntry } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import {
  consumeLots,
  emptyExpiredLots,
  findExpiredLots,
  insertEntry,
  lockMember,
  setBalance,
  spendablePoints,
  type EntryRow,
  type MemberRow,
} from './points.repository.js';

/**
 * The points ledger, like the stock ledger: a member's balance changes only here, under the
 * member's row lock, with one entry per change, so `points` always equals the sum of the entries
 * and the sum of what is left in the lots. Credits (EARN, a positive ADJUST) are lots that expire
 * by the rules of the programme that gave them; debits (REDEEM, REFUND, EXPIRE, a negative ADJUST)
 * empty the lots that expire first. Tiers are reached by `lifetimePoints`: what was earned, less
 * what refunds took back.
 */

export type PointsChange = {
  memberId: string;
  programId: string | null;
  saleId?: string | null;
  note?: string | null;
  /** Money a redemption took off its sale. */
  value?: string | null;
  userId: string | null;
  now: Date;
};

export const MEMBER_NOT_FOUND = 'The loyalty member was not found.';

async function requireMemberLocked(scope: TenantScope, id: string): Promise<MemberRow> {
  const member = await lockMember(scope, id);
  if (!member) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  return member;
}

/** The most points a balance (and what a member ever earned) holds: the columns are 32-bit. */
export const MAX_POINTS = 2_000_000_000;

/**
 * Adds points as a lot that expires at `expiresAt` (null: never). A sale earns at most what keeps
 * the balance within MAX_POINTS (a sale never fails over its points); a correction past it is
 * refused (409). Answers the points added.
 */
export async function creditPoints(
  scope: TenantScope,
  change: PointsChange & { points: number; reason: 'EARN' | 'ADJUST'; expiresAt: Date | null },
): Promise<number> {
  if (change.points <= 0) throw new Error('a credit adds points');
  const member = await requireMemberLocked(scope, change.memberId);
  const room = MAX_POINTS - Math.max(member.points, member.lifetimePoints);
  if (change.reason === 'ADJUST' && change.points > room)
    throw new AppError(
      'CONFLICT',
      `A balance holds at most ${MAX_POINTS} points; this member can take ${room} more.`,
      {
        field: 'adjustment.delta',
      },
    );
  const added = Math.min(change.points, room);
  if (added <= 0) return 0;
  const points = member.points + added;
  await insertEntry(scope, {
    ...entryOf(change, added, change.reason, points),
    remaining: added,
    expiresAt: change.expiresAt,
  });
  await setBalance(scope, member.id, {
    points,
    lifetimePoints: member.lifetimePoints + (change.reason === 'EARN' ? added : 0),
  });
  return added;
}

/**
 * Takes points from the lots not yet expired; more than they hold is refused (409). Refunds go
 * through settleRefund. Answers the points taken.
 */
export async function debitPoints(
  scope: TenantScope,
  change: PointsChange & { points: number; reason: 'REDEEM' | 'ADJUST' },
): Promise<number> {
  if (change.points <= 0) throw new Error('a debit takes points');
  const member = await requireMemberLocked(scope, change.memberId);
  const spendable = await spendablePoints(scope, member.id, change.now);
  if (change.points > spendable)
    throw new AppError(
      'CONFLICT',
      `The member has ${spendable} points to spend; ${change.points} are needed.`,
      { field: change.reason === 'REDEEM' ? 'redeem' : 'adjustment.delta', spendable },
    );
  const taken = change.points;
  await consumeLots(scope, member.id, taken, change.now);
  const points = member.points - taken;
  await insertEntry(scope, {
    ...entryOf(change, -taken, change.reason, points),
    remaining: null,
    expiresAt: null,
  });
  await setBalance(scope, member.id, { points, lifetimePoints: member.lifetimePoints });
  return taken;
}

/**
 * Writes off the points of the business's lots past their expiry at `now`: one EXPIRE entry per
 * member. Idempotent: emptied lots are not found again. Answers the members it touched.
 */
export async function expirePoints(scope: TenantScope, now: Date): Promise<number> {
  const expired = await findExpiredLots(scope, now);
  for (const { memberId } of expired) {
    const member = await requireMemberLocked(scope, memberId);
    // Read again under the lock: a sale may have spent from these lots since.
    const [still] = await findExpiredLots(scope, now, memberId);
    if (!still || still.points <= 0) continue;
    await emptyExpiredLots(scope, memberId, now);
    const points = member.points - still.points;
    await insertEntry(scope, {
      ...entryOf(
        { memberId, programId: null, userId: null, now, note: null },
        -still.points,
        'EXPIRE',
        points,
      ),
      remaining: null,
      expiresAt: null,
    });
    await setBalance(scope, memberId, { points, lifetimePoints: member.lifetimePoints });
  }
  return expired.length;
}

function entryOf(change: PointsChange, delta: number, reason: EntryRow['reason'], balance: number) {
  return {
    id: randomUUID(),
    memberId: change.memberId,
    programId: change.programId,
    delta,
    reason,
    saleId: change.saleId ?? null,
    note: change.note ?? null,
    balance,
    value: change.value ?? null,
    createdBy: change.userId,
    createdAt: change.now,
  };
}

export function toEntry(row: EntryRow): TLoyaltyEntry {
  return {
    id: row.id,
    delta: row.delta,
    reason: row.reason,
    saleId: row.saleId,
    note: row.note,
    balance: row.balance,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the member can spend at `now`: her lots not past their expiry. */
export async function spendablePointsOf(scope: TenantScope, memberId: string, now: Date): Promise<number> {
  return spendablePoints(scope, memberId, now);
}

/**
 * A refund's points: takes `take` points from the lots not yet expired, and records `settled`
 * points (due but spent already) as settled by `keptBack` money. One REFUND entry, even when
 * nothing is taken, so later refunds of the sale know what is settled. Tiers fall with what is taken.
 */
export async function settleRefund(
  scope: TenantScope,
  change: PointsChange & { take: number; settled: number; keptBack: string | null },
): Promise<void> {
  if (change.take <= 0 && change.settled <= 0) return;
  const member = await requireMemberLocked(scope, change.memberId);
  const take = Math.min(change.take, await spendablePoints(scope, member.id, change.now));
  if (take > 0) await consumeLots(scope, member.id, take, change.now);
  const points = member.points - take;
  await insertEntry(scope, {
    ...entryOf({ ...change, value: change.keptBack }, -take, 'REFUND', points),
    remaining: null,
    expiresAt: null,
    settled: change.settled,
  });
  if (take > 0) await setBalance(scope, member.id, { points, lifetimePoints: member.lifetimePoints - take });
}
