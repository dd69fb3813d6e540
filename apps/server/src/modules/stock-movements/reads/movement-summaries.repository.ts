import type { TenantScope } from '../../../platform/db/tenancy.js';

/**
 * The movement reads that are not lists of movements: the weekly summary (over
 * `stock_movements`) and the SKUs a movement can take (plain SQL over the catalogue's products
 * and the inventory's items, as the movement views read names).
 */

export type WeekRow = { weekStart: string; unitsOut: number; unitsIn: number };

/**
 * Units validated at a source (out) and at a destination (in) per week, for `weeks` weeks up to
 * the one holding `now`; weeks start on Monday in `timeZone`. Every week is answered, empty ones
 * as 0.
 */
export async function sumUnitsByWeek(
  scope: TenantScope,
  now: Date,
  timeZone: string,
  weeks: number,
): Promise<WeekRow[]> {
  const result = await scope.tx.$client.query<WeekRow>({
    name: 'movements_units_by_week',
    text: `
      with bounds as (
        select date_trunc('week', $2::timestamptz at time zone $3) as this_week
      ), weeks as (
        select generate_series(this_week - make_interval(weeks => $4 - 1), this_week, interval '1 week') as week
        from bounds
      ), window_start as (
        select min(week) at time zone $3 as since from weeks
      ), moved as (
        select date_trunc('week', m.source_validated_at at time zone $3) as week, m.quantity as units_out, 0 as units_in
        from stock_movements m, window_start
        where m.business_id = $1 and m.source_validated_at >= window_start.since
        union all
        select date_trunc('week', m.destination_validated_at at time zone $3), 0, coalesce(m.received_quantity, m.quantity)
        from stock_movements m, window_start
        where m.business_id = $1 and m.destination_validated_at >= window_start.since
      )
      select to_char(weeks.week, 'YYYY-MM-DD') as "weekStart",
             coalesce(sum(moved.units_out), 0)::bigint as "unitsOut",
             coalesce(sum(moved.units_in), 0)::bigint as "unitsIn"
      from weeks left join moved on moved.week = weeks.week
      group by weeks.week order by weeks.week`,
    values: [scope.businessId, now, timeZone, weeks],
  });
  return result.rows;
}
