import { API, type TSandboxOnboardingRequest } from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { SANDBOX_ONBOARDING_FAILED } from './messages';

export const paymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The sandbox provider's onboarding (sandbox only; the server answers 404 with a real
     * provider or another business's account). The business now has onboarding complete: every
     * place that shows it reads it again.
     */
    completeSandboxOnboarding: build.mutation<void, TSandboxOnboardingRequest>({
      query: (body) => ({ url: API.stripe.sandboxOnboarding, method: 'POST', body }),
      extraOptions: { fallbackMessage: SANDBOX_ONBOARDING_FAILED },
      invalidatesTags: [{ type: 'Business' }],
    }),
  }),
});

export const { useCompleteSandboxOnboardingMutation } = paymentsApi;
