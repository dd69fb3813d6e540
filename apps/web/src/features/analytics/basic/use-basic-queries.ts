import type { AnalyticsInterval } from '@app/contracts';
import { rangeParams, type DayRange } from '../analytics-range';
import {
  useLeastBusinessQuery,
  useLeastQuantityBusinessQuery,
  useLeastQuantityStoreQuery,
  useLeastStoreQuery,
  useTopBusinessQuery,
  useTopQuantityBusinessQuery,
  useTopQuantityStoreQuery,
  useTopStoreQuery,
  useTotalBusinessQuery,
  useTotalStoreQuery,
  useTotalWeekBusinessQuery,
  useTotalWeekStoreQuery,
  useTrendsBusinessQuery,
  useTrendsStoreQuery,
} from '../analytics.api';

/**
 * Every read of the Basic screen comes in two kinds: the business's (All stores) and one store's.
 * Both hooks are called (hooks cannot be chosen conditionally) and the one that does not apply
 * is skipped, so switching the store back finds the business's answers cached.
 */
type Scope = { range: DayRange; storeId: string | null };

export const RANKING_LIMIT = 5;

/** The totals of the range: the first call the screen makes, whose answer says whether the plan allows it. */
export function useTotals({ range, storeId }: Scope) {
  const params = rangeParams(range);
  const business = useTotalBusinessQuery(params, { skip: storeId !== null });
  const store = useTotalStoreQuery({ ...params, storeId: storeId ?? '' }, { skip: storeId === null });
  return storeId === null ? business : store;
}

export type RankingBy = 'revenue' | 'quantity';

/** The top or the least products, by money or by units, of the business or of a store. */
export function useRanking({ range, storeId }: Scope, which: 'top' | 'least', by: RankingBy) {
  const params = { ...rangeParams(range), limit: RANKING_LIMIT };
  const storeParams = { ...params, storeId: storeId ?? '' };
  const skipFor = (kind: 'top' | 'least', unit: RankingBy, forStore: boolean) =>
    which !== kind || by !== unit || (storeId !== null) !== forStore;
  const answers = {
    topRevenueBusiness: useTopBusinessQuery(params, { skip: skipFor('top', 'revenue', false) }),
    topQuantityBusiness: useTopQuantityBusinessQuery(params, { skip: skipFor('top', 'quantity', false) }),
    leastRevenueBusiness: useLeastBusinessQuery(params, { skip: skipFor('least', 'revenue', false) }),
    leastQuantityBusiness: useLeastQuantityBusinessQuery(params, {
      skip: skipFor('least', 'quantity', false),
    }),
    topRevenueStore: useTopStoreQuery(storeParams, { skip: skipFor('top', 'revenue', true) }),
    topQuantityStore: useTopQuantityStoreQuery(storeParams, { skip: skipFor('top', 'quantity', true) }),
    leastRevenueStore: useLeastStoreQuery(storeParams, { skip: skipFor('least', 'revenue', true) }),
    leastQuantityStore: useLeastQuantityStoreQuery(storeParams, { skip: skipFor('least', 'quantity', true) }),
  };
  const key = `${which}${by === 'revenue' ? 'Revenue' : 'Quantity'}${storeId === null ? 'Business' : 'Store'}`;
  return answers[key as keyof typeof answers];
}

export function useTrend({ range, storeId }: Scope, interval: AnalyticsInterval) {
  const params = { ...rangeParams(range), interval };
  const business = useTrendsBusinessQuery(params, { skip: storeId !== null });
  const store = useTrendsStoreQuery({ ...params, storeId: storeId ?? '' }, { skip: storeId === null });
  return storeId === null ? business : store;
}

/** This week so far and the whole of last week: no range, the business's calendar decides. */
export function useWeek(storeId: string | null) {
  const business = useTotalWeekBusinessQuery(undefined, { skip: storeId !== null });
  const store = useTotalWeekStoreQuery({ storeId: storeId ?? '' }, { skip: storeId === null });
  return storeId === null ? business : store;
}
