import { WEB_ROUTES } from '@app/contracts';

/**
 * The cards of the business profile that other pages send the owner to. The page is long (the
 * Subscription card starts some 1,100 px down at 1024 x 768), so arriving at its top after paying
 * or onboarding hid what had just changed: the address names the card, and the page brings it
 * into view and moves focus to it.
 */
export const BUSINESS_PROFILE_SECTIONS = {
  subscription: 'subscription',
  payments: 'payment-management',
} as const;

/** Clear of the dashboard's fixed top bar (64 px) when a card is scrolled into view. */
export const SECTION_SCROLL_MARGIN = 80;

export type BusinessProfileSection = keyof typeof BUSINESS_PROFILE_SECTIONS;

/** `/dashboard/business-profile#subscription` */
export function businessProfileSectionPath(section: BusinessProfileSection): string {
  return `${WEB_ROUTES.businessProfile}#${BUSINESS_PROFILE_SECTIONS[section]}`;
}

/** The section a `#hash` names, or null. */
export function readBusinessProfileSection(hash: string): BusinessProfileSection | null {
  const id = hash.replace(/^#/, '');
  const found = (Object.keys(BUSINESS_PROFILE_SECTIONS) as BusinessProfileSection[]).find(
    (section) => BUSINESS_PROFILE_SECTIONS[section] === id,
  );
  return found ?? null;
}
