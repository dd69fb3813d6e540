import { CHECKOUT_RETURN, PAYMENT_RETURN } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  BUSINESS_PROFILE_SECTIONS,
  readBusinessProfileSection,
  type BusinessProfileSection,
} from '../../lib/business-profile-sections';

/** The card the payment provider's return is about: onboarding, or a paid Checkout. */
export function sectionOfProviderReturn(params: URLSearchParams): BusinessProfileSection | null {
  const stripe = params.get('stripe');
  if (stripe === PAYMENT_RETURN.returned || stripe === PAYMENT_RETURN.refresh) return 'payments';
  if (params.get('checkout') === CHECKOUT_RETURN.success) return 'subscription';
  return null;
}

/**
 * The card the owner arrives for, read once from the address the page opened with (the provider
 * return's query leaves the address as soon as it is handled): `#subscription`,
 * `#payment-management`, `?stripe=` or `?checkout=success`. Once the business is on screen that
 * card is scrolled into view and takes the focus, once: the page is long, and its top showed
 * none of what had just changed.
 */
export function useArrivalSection(isReady: boolean): void {
  const location = useLocation();
  const [section] = useState(
    () =>
      readBusinessProfileSection(location.hash) ??
      sectionOfProviderReturn(new URLSearchParams(location.search)),
  );
  const hasArrived = useRef(false);
  useEffect(() => {
    if (!isReady || !section || hasArrived.current) return;
    const card = document.getElementById(BUSINESS_PROFILE_SECTIONS[section]);
    if (!card) return;
    hasArrived.current = true;
    // Not implemented by every environment (jsdom); the card's scroll-margin clears the top bar.
    card.scrollIntoView?.({ block: 'start' });
    card.focus({ preventScroll: true });
  }, [isReady, section]);
}
