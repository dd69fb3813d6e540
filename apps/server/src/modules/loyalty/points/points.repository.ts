import type { TenantScope, Tx } from '../../../platform/db/tenancy.js';

/** The members' balances and their ledger (`loyalty_members`, `loyalty_point_entries`). */

export type MemberRow = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  cardCode: string;
  points: number;
  lifetimePoints: number;
  createdAt: Date;
  updatedAt: Date;
};

export const MEMBER_COLUMNS = `id, name, email, phone, card_code as "cardCode", points,
  lifetime_points as "lifetimePoints", created_at as "createdAt", updated_at as "updatedAt"`;

export type EntryRow = {
  id: string;
  delta: number;
  reason: 'EARN' | 'REDEEM' | 'EXPIRE' | 'REFUND' | 'ADJUST';
  saleId: string | null;
  note: string | null;
  balance: number;
  expiresAt: Date | null;
  value: string | null;
  createdAt: Date;
};

const ENTRY_COLUMNS = `id, delta, reason, sale_id as "saleId", note, balance, expires_at as "expiresAt",
  value::text as value, created_at as "createdAt"`;

/** The member, locked for a change of balance (every change of points takes this lock first). */
export async function lockMember(scope: TenantScope, id: string): Promise<MemberRow | undefined> {
  const result = await scope.tx.$client.query<MemberRow>(
    `select ${MEMBER_COLUMNS} from loyalty_members where business_id = $1 and id = $2 for update`,
    [scope.businessId, id],
  );
  return result.rows[0];
}

export async function setBalance(
  scope: TenantScope,
  id: string,
  values: { points: number; lifetimePoints: number },
): Promise<void> {
  await scope.tx.$client.query(
    `update loyalty_members set points = $3, lifetime_points = $4, updated_at = now()
     where business_id = $1 and id = $2`,
    [scope.businessId, id, values.points, values.lifetimePoints],
  );
}

export type NewEntry = {
  id: string;
  memberId: string;
  programId: string | null;
  delta: number;
  reason: EntryRow['reason'];
  saleId: string | null;
  note: string | null;
  balance: number;
  /** Credits are lots: what is left of them to spend. */
  remaining: number | null;
  expiresAt: Date | null;
  value: string | null;
  /** On a refund: points due that were spent, settled by the money kept back (`value`). */
  settled?: number;
  createdBy: string | null;
  createdAt: Date;
};

export async function insertEntry(scope: TenantScope, entry: NewEntry): Promise<void> {
  await scope.tx.$client.query(
    `insert into loyalty_point_entries (business_id, id, member_id, program_id, delta, reason, sale_id, note,
       balance, remaining, expires_at, value, created_by, created_at, settled)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      scope.businessId,
      entry.id,
      entry.memberId,
      entry.programId,
      entry.delta,
      entry.reason,
      entry.saleId,
      entry.note,
      entry.balance,
      entry.remaining,
      entry.expiresAt,
      entry.value,
      entry.createdBy,
      entry.createdAt,
      entry.settled ?? 0,
    ],
  );
}

/**
 * Takes `points` from the member's lots, the first to expire first (then the oldest; lots that
 * never expire last), in one statement. The caller holds the member's lock and knows the balance
 * covers it. Lots already past their expiry at `now` are the expiry job's, never spent.
 */
export async function consumeLots(
  scope: TenantScope,
  memberId: string,
  points: number,
  now: Date,
): Promise<void> {
  await scope.tx.$client.query(
    `with lots as (
       select id, remaining,
              sum(remaining) over (order by expires_at nulls last, created_at, id) - remaining as before
       from loyalty_point_entries
       where business_id = $1 and member_id = $2 and remaining > 0 and (expires_at is null or expires_at > $4)
     )
     update loyalty_point_entries e
     set remaining = e.remaining - least(lots.remaining, $3 - lots.before)
     from lots
     where e.business_id = $1 and e.id = lots.id and lots.before < $3`,
    [scope.businessId, memberId, points, now],
  );
}

/** What the member's unexpired lots hold at `now`: the most a redemption may spend. */
export async function spendablePoints(scope: TenantScope, memberId: string, now: Date): Promise<number> {
  const result = await scope.tx.$client.query<{ points: number }>(
    `select coalesce(sum(remaining), 0)::int as points from loyalty_point_entries
     where business_id = $1 and member_id = $2 and remaining > 0 and (expires_at is null or expires_at > $3)`,
    [scope.businessId, memberId, now],
  );
  return result.rows[0]?.points ?? 0;
}

/** The member's latest entries, newest first. */
export async function findEntries(scope: TenantScope, memberId: string, limit: number): Promise<EntryRow[]> {
  const result = await scope.tx.$client.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from loyalty_point_entries
     where business_id = $1 and member_id = $2 order by created_at desc, id desc limit $3`,
    [scope.businessId, memberId, limit],
  );
  return result.rows;
}

/** Members (or one member) with lots past their expiry at `now`, and the points those lots hold. */
export async function findExpiredLots(
  scope: TenantScope,
  now: Date,
  memberId?: string,
): Promise<Array<{ memberId: string; points: number }>> {
  const result = await scope.tx.$client.query<{ memberId: string; points: number }>(
    `select member_id as "memberId", sum(remaining)::int as points from loyalty_point_entries
     where business_id = $1 and remaining > 0 and expires_at <= $2${memberId ? ' and member_id = $3' : ''}
     group by member_id order by member_id`,
    memberId ? [scope.businessId, now, memberId] : [scope.businessId, now],
  );
  return result.rows;
}

/** Empties the member's lots past their expiry at `now` (their points are written off). */
export async function emptyExpiredLots(scope: TenantScope, memberId: string, now: Date): Promise<void> {
  await scope.tx.$client.query(
    `update loyalty_point_entries set remaining = 0
     where business_id = $1 and member_id = $2 and remaining > 0 and expires_at <= $3`,
    [scope.businessId, memberId, now],
  );
}

/** Every business with lots past their expiry at `at` (across tenants: a SECURITY DEFINER function). */
export async function findBusinessesWithExpiredPoints(tx: Tx, at: Date, limit: number): Promise<string[]> {
  const result = await tx.$client.query<{ business_id: string }>(
    'select business_id from app_businesses_with_expired_points($1, $2)',
    [at.toISOString(), limit],
  );
  return result.rows.map((row) => row.business_id);
}
