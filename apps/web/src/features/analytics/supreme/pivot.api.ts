import { API, type TSalesGroupRow } from '@app/contracts';
import type { ApiError } from '../../../api/api-error';
import { baseApi } from '../../../api/base-api';
import type { PivotAnswer, PivotColumn } from './pivot';

export const PIVOT_MESSAGE = 'Failed to fetch super filter sales';

/** A few calls at a time: a year by month is 12 calls, and the server's pool is shared. */
const PARALLEL_CALLS = 4;

/**
 * The pivot's columns, one super filter call each (see pivot.ts for why). One query for all of
 * them, so the screen has one loading and one error state and the cache keys on the columns'
 * bodies. The first refusal stops the rest: a plan without the tier opens "Feature Locked" once,
 * not once per column.
 */
export const pivotApi = baseApi.enhanceEndpoints({ addTagTypes: ['Sale'] }).injectEndpoints({
  endpoints: (build) => ({
    superFilterPivot: build.query<PivotAnswer[], readonly PivotColumn[]>({
      async queryFn(columns, _api, _extraOptions, baseQuery) {
        const answers: PivotAnswer[] = new Array<PivotAnswer>(columns.length);
        const outcome: { failure: ApiError | null } = { failure: null };
        let next = 0;
        const work = async () => {
          while (outcome.failure === null && next < columns.length) {
            const index = next;
            next += 1;
            const column = columns[index]!;
            const result = await baseQuery({
              url: API.salesAnalytics.superFilter,
              method: 'POST',
              body: column.body,
            });
            if (result.error) outcome.failure ??= result.error;
            else answers[index] = { columnKey: column.key, rows: result.data as TSalesGroupRow[] };
          }
        };
        await Promise.all(Array.from({ length: Math.min(PARALLEL_CALLS, columns.length) }, work));
        return outcome.failure ? { error: outcome.failure } : { data: answers };
      },
      extraOptions: { service: 'sales', fallbackMessage: PIVOT_MESSAGE },
      providesTags: [{ type: 'Sale', id: 'LIST' }],
    }),
  }),
});

export const { useSuperFilterPivotQuery } = pivotApi;
