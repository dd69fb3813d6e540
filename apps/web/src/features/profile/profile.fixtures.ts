import type { TBusinessUser } from '@app/contracts';
import { BUSINESS_ID, USER_ID } from '../../test/fixtures';

/** The signed-in owner as `GET /api/users/{id}` answers. */
export function profileUser(overrides: Partial<TBusinessUser> = {}): TBusinessUser {
  return {
    userId: USER_ID,
    id: USER_ID,
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    username: 'ada',
    phoneNumber: '+44 20 7946 0000',
    picture: null,
    roles: ['ROLE_BUSINESS_OWNER'],
    businessId: BUSINESS_ID,
    locationId: null,
    address: {
      country: 'France',
      zipCode: '69001',
      city: 'Lyon',
      state: null,
      street: '1 Rue de la République',
    },
    business: { businessName: 'Analytical Engines Ltd', description: null },
    status: 'ACTIVE',
    description: 'Founder',
    pendingEmail: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}
