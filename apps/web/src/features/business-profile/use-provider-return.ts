import { CHECKOUT_RETURN, PAYMENT_RETURN } from '@app/contracts';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useGetCurrentSubscriptionQuery } from '../../api/subscriptions.api';
import { TOAST_AUTO_CLOSE_MS, notifyInfo, notifySuccess } from '../../components/toast';
import { openSubscription } from '../../lib/plans';
import { CHECKOUT_TEXTS, PAYMENT_TEXTS } from './messages';

/** After Checkout the subscription is read this often until the provider's webhook created it. */
export const CHECKOUT_POLL_MS = 2_000;
export const CHECKOUT_WAIT_MS = 30_000;

type ProviderReturnOptions = {
  businessId: string;
  /** Only who reads the subscription waits for it. */
  canReadSubscription: boolean;
  refetchBusiness: () => void;
};

/**
 * Where the payment provider sends the owner back to the business profile:
 * `?stripe=return` (onboarding left or finished: the business is read again),
 * `?stripe=refresh&account=` (the onboarding link expired: the card says to Re-auth), and
 * `?checkout=success` (paid: the subscription appears when the provider's webhook arrives, so it
 * is read every 2 s for at most 30 s). Each parameter leaves the address once handled, by
 * replacing the history entry, so Back and a reload do not run it again.
 */
export function useProviderReturn({
  businessId,
  canReadSubscription,
  refetchBusiness,
}: ProviderReturnOptions) {
  const [searchParams, setSearchParams] = useSearchParams();
  const stripe = searchParams.get('stripe');
  const isWaitingForPayment = searchParams.get('checkout') === CHECKOUT_RETURN.success && canReadSubscription;
  const [isLinkExpired, setIsLinkExpired] = useState(() => stripe === PAYMENT_RETURN.refresh);
  // StrictMode runs effects twice: a toast is said once per return.
  const handled = useRef(new Set<string>());
  // React Router makes a new setter whenever the query changes; the 30 s wait must not restart then.
  const removeParams = useEffectEvent((...names: string[]) =>
    setSearchParams(
      (params) => {
        names.forEach((name) => params.delete(name));
        return params;
      },
      // Taking the query off is no new page: without this the router scrolls back to the top,
      // away from the card the owner came back for (useArrivalSection).
      { replace: true, preventScrollReset: true },
    ),
  );
  const onStripeReturn = useEffectEvent(() => refetchBusiness());

  const current = useGetCurrentSubscriptionQuery(businessId, {
    skip: !isWaitingForPayment || !businessId,
    pollingInterval: CHECKOUT_POLL_MS,
  });
  const hasSubscription = openSubscription(current.data) !== null;

  useEffect(() => {
    if (stripe !== PAYMENT_RETURN.returned && stripe !== PAYMENT_RETURN.refresh) return;
    if (stripe === PAYMENT_RETURN.returned && !handled.current.has('stripe')) {
      handled.current.add('stripe');
      onStripeReturn();
      notifySuccess(PAYMENT_TEXTS.returned);
    }
    removeParams('stripe', 'account');
  }, [stripe]);

  useEffect(() => {
    if (!isWaitingForPayment) return undefined;
    if (!handled.current.has('checkout')) {
      handled.current.add('checkout');
      notifySuccess(CHECKOUT_TEXTS.success, { autoClose: TOAST_AUTO_CLOSE_MS });
    }
    if (hasSubscription) {
      removeParams('checkout');
      return undefined;
    }
    const timer = window.setTimeout(() => {
      notifyInfo(CHECKOUT_TEXTS.stillWaiting);
      removeParams('checkout');
    }, CHECKOUT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [isWaitingForPayment, hasSubscription]);

  return { isLinkExpired, dismissLinkExpired: () => setIsLinkExpired(false) };
}
