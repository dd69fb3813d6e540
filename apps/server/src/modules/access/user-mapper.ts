import type { Role, TBusinessUser, TSessionUser, TUser, UserStatus } from '@app/contracts';
import type { UserRow } from './users.repository.js';

export function toSessionUser(row: UserRow): TSessionUser {
  return {
    userId: row.id,
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    username: row.username,
    phoneNumber: row.phoneNumber,
    picture: row.picture,
    roles: row.roles as Role[],
    businessId: row.businessId,
  };
}

export function toUser(
  row: UserRow,
  business: { businessName: string; description: string | null } | null,
): TUser {
  return {
    ...toSessionUser(row),
    locationId: row.locationId,
    address: {
      country: row.country,
      zipCode: row.zipCode,
      city: row.city,
      state: row.state,
      street: row.street,
    },
    business,
  };
}

export function hasAddress(row: UserRow): boolean {
  return Boolean(row.street || row.city || row.state || row.zipCode || row.country);
}

/** Disabled first (a disabled invitee is disabled), then invited until a password is set. */
export function statusOf(row: Pick<UserRow, 'disabledAt' | 'passwordHash'>): UserStatus {
  if (row.disabledAt) return 'DISABLED';
  return row.passwordHash === null ? 'INVITED' : 'ACTIVE';
}

export function toBusinessUser(
  row: UserRow,
  business: { businessName: string; description: string | null } | null,
): TBusinessUser {
  return {
    ...toUser(row, business),
    status: statusOf(row),
    description: row.description,
    pendingEmail: row.pendingEmail,
    createdAt: row.createdAt.toISOString(),
  };
}
