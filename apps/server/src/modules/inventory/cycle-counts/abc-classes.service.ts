import { ABC_WINDOW_DAYS, type AbcClass } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { dateInTimeZone } from '../../../platform/zoned-time.js';
import { timeZoneOfBusiness } from '../../access/businesses.service.js';
import { salesValueByProductAt } from '../../sales/sale-values.service.js';
import { classifyAbc } from './abc-classes.js';
import { toCents } from '../../../platform/money.js';
import { findActiveItemsAt, type ActiveItem } from './cycle-counts.repository.js';

export type ClassedItem = ActiveItem & { cents: bigint; abcClass: AbcClass };

/**
 * The ABC class of every active item of a location from its sales value over the last
 * ABC_WINDOW_DAYS days, today included, as the business's calendar counts days (its time zone;
 * the rollups file every sale under that day). The ABC classes call and the ABC scope of a sheet
 * both come here, so a sheet of class A counts exactly what the call shows as A.
 */
export async function classifyItemsAt(
  scope: TenantScope,
  now: Date,
  locationId: string,
): Promise<{ fromDay: string; toDay: string; totalCents: bigint; items: ClassedItem[] }> {
  const today = dateInTimeZone(now, await timeZoneOfBusiness(scope));
  const fromDay = addDays(today, 1 - ABC_WINDOW_DAYS);
  const items = await findActiveItemsAt(scope, locationId);
  const values = await salesValueByProductAt(scope, locationId, fromDay, addDays(today, 1));
  const classed = classifyAbc(
    items.map((item) => ({ ...item, cents: toCents(values.get(item.productId) ?? '0') })),
  );
  // The base of the classes' shares: items whose refunds outweigh their sales take nothing off it.
  const totalCents = classed.reduce((sum, item) => (item.cents > 0n ? sum + item.cents : sum), 0n);
  return { fromDay, toDay: today, totalCents, items: classed };
}

/** A calendar day (`yyyy-MM-dd`) moved by whole days; dates have no time zone here. */
function addDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}
