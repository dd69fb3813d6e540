import { API, type TSubscription, type TSubscriptionPlan } from '@app/contracts';
import { baseApi } from './base-api';

/** 000 section 8, Subscriptions: the plan listing's texts (the page's heading, the call's fallback). */
export const PLANS_UNAVAILABLE = 'Unable to load subscription plans';
export const PLANS_FETCH_FAILED = 'Failed to fetch subscription plans';
export const PLANS_LOAD_FAILED = 'Failed to load plans';
export const LOAD_CURRENT_FAILED = 'Load current failed';

/** Every query and change of a subscription carries this tag, so the plans page, the subscribe page and the card follow. */
export const SUBSCRIPTION_TAG = { type: 'Subscription' as const, id: 'CURRENT' };

/**
 * The two reads the public plans page, the subscribe page and the Business Profile's card share
 * (a feature never imports another). The changes live with the feature that makes them and
 * invalidate SUBSCRIPTION_TAG.
 */
export const subscriptionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Public: no token (000 section 5). */
    listSubscriptionPlans: build.query<TSubscriptionPlan[], void>({
      query: () => API.subscriptions.plans,
      extraOptions: { fallbackMessage: PLANS_FETCH_FAILED, skipAuth: true },
    }),
    /** The business's subscription; the server's 404 (none) reads as null, which is Free. */
    getCurrentSubscription: build.query<TSubscription | null, string>({
      async queryFn(businessId, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ url: API.subscriptions.current, params: { businessId } });
        if (result.error) return result.error.status === 404 ? { data: null } : { error: result.error };
        return { data: result.data as TSubscription };
      },
      extraOptions: { fallbackMessage: LOAD_CURRENT_FAILED },
      providesTags: [SUBSCRIPTION_TAG],
    }),
  }),
});

export const { useListSubscriptionPlansQuery, useGetCurrentSubscriptionQuery } = subscriptionsApi;

export const subscriptionPath = (path: string, subscriptionId: string) =>
  path.replace(':id', encodeURIComponent(subscriptionId));
