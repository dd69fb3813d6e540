import { API, type TBusiness, type TDeleteBusinessRequest, type TSubscription } from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { SUBSCRIPTION_TAG, subscriptionPath } from '../../api/subscriptions.api';
import { BUSINESS_ERROR, SUBSCRIPTION_MESSAGES } from './messages';

const businessPath = (path: string, businessId: string) =>
  path.replace(':id', encodeURIComponent(businessId));
/** The tag the shell's business query provides too: its name, logo and closed banner follow. */
const businessTag = (businessId: string) => [{ type: 'Business' as const, id: businessId }];

export const businessProfileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBusinessProfile: build.query<TBusiness, string>({
      query: (businessId) => businessPath(API.businesses.byId, businessId),
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
      providesTags: (_result, _error, businessId) => businessTag(businessId),
    }),
    /** Multipart: part `business` (the changed fields as JSON) and an optional part `logo`. */
    updateBusinessProfile: build.mutation<TBusiness, { businessId: string; body: FormData }>({
      query: ({ businessId, body }) => ({
        url: businessPath(API.businesses.byId, businessId),
        method: 'PUT',
        body,
      }),
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
      invalidatesTags: (_result, _error, { businessId }) => businessTag(businessId),
    }),
    closeBusiness: build.mutation<TBusiness, string>({
      query: (businessId) => ({ url: businessPath(API.businesses.close, businessId), method: 'PUT' }),
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
      invalidatesTags: (_result, _error, businessId) => businessTag(businessId),
    }),
    activateBusiness: build.mutation<TBusiness, string>({
      query: (businessId) => ({ url: businessPath(API.businesses.activate, businessId), method: 'PUT' }),
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
      invalidatesTags: (_result, _error, businessId) => businessTag(businessId),
    }),
    /** The owner types the business name; the session ends afterwards, so nothing is refetched. */
    deleteBusiness: build.mutation<void, { businessId: string; body: TDeleteBusinessRequest }>({
      query: ({ businessId, body }) => ({
        url: businessPath(API.businesses.byId, businessId),
        method: 'DELETE',
        body,
      }),
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
    }),
    /**
     * The payment account's links (000 section 7 "Payment provider"): each answers a link string
     * that the Payment Management table opens in a new tab. Connect creates the account on first
     * use, so the business (its `stripeAccountId`) is read again.
     */
    getPaymentConnectLink: build.mutation<string, string>({
      query: () => API.stripe.connect,
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
      invalidatesTags: (_result, _error, businessId) => businessTag(businessId),
    }),
    getPaymentReauthLink: build.mutation<string, string>({
      query: (account) => ({ url: API.stripe.reauth, params: { account } }),
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
    }),
    getPaymentDashboardLink: build.mutation<string, void>({
      query: () => API.stripe.expressDashboard,
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
    }),
    /** Cancel keeps access to `endDate` (status CANCELED). */
    cancelSubscription: build.mutation<TSubscription, string>({
      query: (subscriptionId) => ({
        url: subscriptionPath(API.subscriptions.byId, subscriptionId),
        method: 'DELETE',
      }),
      extraOptions: { fallbackMessage: SUBSCRIPTION_MESSAGES.cancel.fallback },
      invalidatesTags: [SUBSCRIPTION_TAG],
    }),
    reactivateSubscription: build.mutation<TSubscription, string>({
      query: (subscriptionId) => ({
        url: subscriptionPath(API.subscriptions.reactivate, subscriptionId),
        method: 'POST',
      }),
      extraOptions: { fallbackMessage: SUBSCRIPTION_MESSAGES.reactivate.fallback },
      invalidatesTags: [SUBSCRIPTION_TAG],
    }),
    setSubscriptionAutoRenew: build.mutation<TSubscription, { subscriptionId: string; enable: boolean }>({
      query: ({ subscriptionId, enable }) => ({
        url: subscriptionPath(API.subscriptions.autoRenew, subscriptionId),
        method: 'PATCH',
        params: { enable: String(enable) },
      }),
      extraOptions: { fallbackMessage: SUBSCRIPTION_MESSAGES.autoRenew.fallback },
      invalidatesTags: [SUBSCRIPTION_TAG],
    }),
  }),
});

/** Reads the business again wherever it is shown (this page, the shell's name and banner). */
export const invalidateBusiness = (businessId: string) =>
  businessProfileApi.util.invalidateTags(businessTag(businessId));

export const {
  useGetBusinessProfileQuery,
  useUpdateBusinessProfileMutation,
  useCloseBusinessMutation,
  useActivateBusinessMutation,
  useDeleteBusinessMutation,
  useCancelSubscriptionMutation,
  useReactivateSubscriptionMutation,
  useSetSubscriptionAutoRenewMutation,
  useGetPaymentConnectLinkMutation,
  useGetPaymentReauthLinkMutation,
  useGetPaymentDashboardLinkMutation,
} = businessProfileApi;
