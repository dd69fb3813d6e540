import { API, type PlanId, type TCreateSubscriptionAnswer, type TSubscription } from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { SUBSCRIPTION_TAG, subscriptionPath } from '../../api/subscriptions.api';
import { CREATE_SUBSCRIPTION_FAILED } from './messages';

/** One user action's payment: the same key on a retry, so the provider charges once (DESIGN 13). */
type PaymentRequest = { planId: PlanId; idempotencyKey: string };

export const subscribeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * No open subscription: subscribe and pay. The sandbox answers the paid subscription (201);
     * Stripe answers its payment page (202), and the subscription exists only once Stripe
     * confirms the payment, so nothing is read again then.
     */
    createSubscription: build.mutation<TCreateSubscriptionAnswer, PaymentRequest>({
      query: ({ planId, idempotencyKey }) => ({
        url: API.subscriptions.root,
        method: 'POST',
        body: { planId },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { fallbackMessage: CREATE_SUBSCRIPTION_FAILED },
      invalidatesTags: (answer) => (answer && 'checkoutUrl' in answer ? [] : [SUBSCRIPTION_TAG]),
    }),
    /** An open subscription: change its plan, prorated by the provider. */
    changeSubscriptionPlan: build.mutation<TSubscription, PaymentRequest & { subscriptionId: string }>({
      query: ({ subscriptionId, planId, idempotencyKey }) => ({
        url: subscriptionPath(API.subscriptions.byId, subscriptionId),
        method: 'PUT',
        body: { planId },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { fallbackMessage: CREATE_SUBSCRIPTION_FAILED },
      invalidatesTags: [SUBSCRIPTION_TAG],
    }),
  }),
});

export const { useCreateSubscriptionMutation, useChangeSubscriptionPlanMutation } = subscribeApi;
