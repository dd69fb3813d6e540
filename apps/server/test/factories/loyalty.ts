import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../build-app.js';

/**
 * Loyalty fixtures. Points written straight into the database always bring their ledger entry, as
 * the points ledger (points.service.ts) would: the whole-schema check below holds in every file.
 */

/**
 * The points ledger's invariant, over the WHOLE schema (every business, as the owner): each
 * member's `points` equals the sum of her entries' deltas and the sum of what is left in her lots.
 */
export async function expectPointsBalanced(t: TestApp): Promise<void> {
  const { rows } = await t.sql(`
    select m.business_id, m.id, m.points,
           coalesce(sum(e.delta), 0)::int as delta_sum,
           coalesce(sum(e.remaining), 0)::int as remaining_sum
    from loyalty_members m
    left join loyalty_point_entries e on e.business_id = m.business_id and e.member_id = m.id
    group by m.business_id, m.id, m.points
    having m.points <> coalesce(sum(e.delta), 0) or m.points <> coalesce(sum(e.remaining), 0)`);
  expect(rows, 'members whose points are not the sum of their entries and of their lots').toEqual([]);
}

/**
 * Points earned by a sale, as the points ledger writes them: an EARN lot (that never expires) and
 * the member's balance and lifetime points, which tiers are reached by.
 */
export async function earnPoints(
  t: TestApp,
  businessId: string,
  memberId: string,
  points: number,
): Promise<void> {
  await t.sql(
    `with member as (
       update loyalty_members set points = points + $3, lifetime_points = lifetime_points + $3,
              updated_at = now()
       where business_id = $1 and id = $2 returning points
     )
     insert into loyalty_point_entries (business_id, id, member_id, delta, reason, balance, remaining)
     select $1, $4, $2, $3, 'EARN', member.points, $3 from member`,
    [businessId, memberId, points, randomUUID()],
  );
}
