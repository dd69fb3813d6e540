import type { TSaleLoyalty } from '@app/contracts';
import type { TenantScope } from '../../platform/db/tenancy.js';
import { MEMBER_COLUMNS, type MemberRow } from './points/points.repository.js';

/**
 * The member a customer reference names: by card code first, then e-mail (both in any case), then
 * phone as written; each is unique in the business.
 */
export async function findMemberByRef(scope: TenantScope, ref: string): Promise<MemberRow | undefined> {
  const result = await scope.tx.$client.query<MemberRow>(
    `select ${MEMBER_COLUMNS} from loyalty_members
     where business_id = $1 and (card_code = upper($2) or email = lower($2) or phone = $2)
     order by (card_code = upper($2)) desc, (email = lower($2)) desc
     limit 1`,
    [scope.businessId, ref.trim()],
  );
  return result.rows[0];
}

/** What a sale earned: its EARN entry (a sale earns once), with the member's card code. */
export async function findSalePoints(
  scope: TenantScope,
  saleId: string,
): Promise<
  { memberId: string; cardCode: string; programId: string | null; points: number; at: Date } | undefined
> {
  const result = await scope.tx.$client.query<{
    memberId: string;
    cardCode: string;
    programId: string | null;
    points: number;
    at: Date;
  }>(
    `select e.member_id as "memberId", m.card_code as "cardCode", e.program_id as "programId", e.delta as points,
            e.created_at as at
     from loyalty_point_entries e
     join loyalty_members m on m.business_id = e.business_id and m.id = e.member_id
     where e.business_id = $1 and e.sale_id = $2 and e.reason = 'EARN'`,
    [scope.businessId, saleId],
  );
  return result.rows[0];
}

/** The points these refunds settled: taken from the lots, or settled by money kept back. */
export async function settledOfRefunds(scope: TenantScope, refundIds: readonly string[]): Promise<number> {
  if (refundIds.length === 0) return 0;
  const result = await scope.tx.$client.query<{ points: number }>(
    `select coalesce(sum(settled - delta), 0)::int as points from loyalty_point_entries
     where business_id = $1 and sale_id = any($2::uuid[]) and reason = 'REFUND'`,
    [scope.businessId, refundIds],
  );
  return result.rows[0]?.points ?? 0;
}

/** The money these refunds kept back for points spent already ("0.00" when none). */
export async function sumKeptBack(scope: TenantScope, refundIds: readonly string[]): Promise<string> {
  if (refundIds.length === 0) return '0.00';
  const result = await scope.tx.$client.query<{ kept: string }>(
    `select coalesce(sum(value), 0)::text as kept from loyalty_point_entries
     where business_id = $1 and sale_id = any($2::uuid[]) and reason = 'REFUND'`,
    [scope.businessId, refundIds],
  );
  return result.rows[0]?.kept ?? '0.00';
}

export async function findLoyaltyOfSales(
  scope: TenantScope,
  saleIds: readonly string[],
): Promise<Map<string, TSaleLoyalty>> {
  const result = await scope.tx.$client.query<TSaleLoyalty & { saleId: string }>(
    `select e.sale_id as "saleId", e.member_id as "memberId", m.card_code as "cardCode",
            sum(e.delta)::int as points, coalesce(-sum(e.delta) filter (where e.reason = 'REDEEM'), 0)::int as redeemed
     from loyalty_point_entries e
     join loyalty_members m on m.business_id = e.business_id and m.id = e.member_id
     where e.business_id = $1 and e.sale_id = any($2::uuid[]) and e.reason in ('EARN', 'REFUND', 'REDEEM')
     group by e.sale_id, e.member_id, m.card_code`,
    [scope.businessId, saleIds],
  );
  return new Map(result.rows.map(({ saleId, ...loyalty }) => [saleId, loyalty]));
}

/**
 * What the member redeemed since `since`: the points, less what refunds since then already settled
 * by money (the most a refund may count as spent: points that expired cost the shop nothing), and
 * the points and money of those redemptions (what a point she spent was worth).
 */
export async function redeemedSince(
  scope: TenantScope,
  memberId: string,
  since: Date,
): Promise<{ unsettled: number; points: number; value: string }> {
  const result = await scope.tx.$client.query<{ unsettled: number; points: number; value: string }>(
    `select greatest(0, coalesce(sum(-delta) filter (where reason = 'REDEEM'), 0)
                        - coalesce(sum(settled) filter (where reason = 'REFUND'), 0))::int as unsettled,
            coalesce(sum(-delta) filter (where reason = 'REDEEM'), 0)::int as points,
            coalesce(sum(value) filter (where reason = 'REDEEM'), 0)::text as value
     from loyalty_point_entries where business_id = $1 and member_id = $2 and created_at >= $3`,
    [scope.businessId, memberId, since],
  );
  return result.rows[0] ?? { unsettled: 0, points: 0, value: '0.00' };
}
