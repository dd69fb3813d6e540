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
): Promise<{ memberId: string; cardCode: string; programId: string | null; points: number } | undefined> {
  const result = await scope.tx.$client.query<{
    memberId: string;
    cardCode: string;
    programId: string | null;
    points: number;
  }>(
    `select e.member_id as "memberId", m.card_code as "cardCode", e.program_id as "programId", e.delta as points
     from loyalty_point_entries e
     join loyalty_members m on m.business_id = e.business_id and m.id = e.member_id
     where e.business_id = $1 and e.sale_id = $2 and e.reason = 'EARN'`,
    [scope.businessId, saleId],
  );
  return result.rows[0];
}

/** The sum of the points these sales (or refunds) earned or took back. */
export async function sumPointsOfSales(scope: TenantScope, saleIds: readonly string[]): Promise<number> {
  if (saleIds.length === 0) return 0;
  const result = await scope.tx.$client.query<{ points: number }>(
    `select coalesce(sum(delta), 0)::int as points from loyalty_point_entries
     where business_id = $1 and sale_id = any($2::uuid[]) and reason in ('EARN', 'REFUND')`,
    [scope.businessId, saleIds],
  );
  return result.rows[0]?.points ?? 0;
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
