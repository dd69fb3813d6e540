import type { TBusiness } from '@app/contracts';
import { BUSINESS_ID } from '../../test/fixtures';

/** The business as `GET /api/businesses/{id}` answers. */
export function businessRecord(overrides: Partial<TBusiness> = {}): TBusiness {
  return {
    id: BUSINESS_ID,
    businessName: 'Corner Shop',
    registrationNumber: 'RC-1234',
    businessEmail: 'hello@corner.example',
    businessPhoneNumber: '+44 20 7946 0000',
    websiteUrl: 'https://corner.example',
    industryType: 'retail',
    description: 'Groceries and more',
    dateEstablished: '2026-01-05',
    logoUrl: null,
    active: true,
    stripeAccountId: null,
    stripeOnboardingComplete: false,
    timeZone: 'Europe/London',
    currency: 'GBP',
    address: {
      street: '1 High Street',
      city: 'London',
      state: null,
      zipCode: 'N1 1AA',
      postalCode: 'N1 1AA',
      country: 'UK',
    },
    ...overrides,
  };
}
