import { API, type TSetupProgress } from '@app/contracts';
import { baseApi } from '../../api/base-api';

export const DASHBOARD_ERROR_MESSAGE = 'An error occurred';

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The first steps of the business, for the setup checklist. */
    getSetupProgress: build.query<TSetupProgress, string>({
      query: (businessId) => API.businesses.setupProgress.replace(':id', encodeURIComponent(businessId)),
      extraOptions: { fallbackMessage: DASHBOARD_ERROR_MESSAGE },
      // Always read afresh on the dashboard: the steps are done on other screens.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSetupProgressQuery } = dashboardApi;
