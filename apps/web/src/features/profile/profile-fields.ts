import type { TAddress, TBusinessUser, TUpdateUserRequest } from '@app/contracts';
import { toFormValues } from '../../lib/changed-fields';

export const INFO_FIELDS = ['fullName', 'email', 'description', 'username', 'phoneNumber'] as const;
export type InfoField = (typeof INFO_FIELDS)[number];

/** Address fields in the order of 000 section 2; zipCode reads "Postal code". */
export const ADDRESS_FIELDS = ['country', 'zipCode', 'city', 'state', 'street'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const ADDRESS_LABELS: Record<AddressField, string> = {
  country: 'Country',
  zipCode: 'Postal code',
  city: 'City',
  state: 'State',
  street: 'Street',
};

export function infoValues(user: TBusinessUser): Record<InfoField, string> {
  return toFormValues(INFO_FIELDS, (field) => user[field]);
}

export function addressValues(address: TAddress): Record<AddressField, string> {
  return toFormValues(ADDRESS_FIELDS, (field) => address[field]);
}

/** The update of the information card: the changed fields only (an e-mail as typed, trimmed). */
export function infoRequest(changes: Partial<Record<InfoField, string>>): TUpdateUserRequest {
  return { ...changes };
}

/** The update of the address card: `address` with the changed parts only. */
export function addressRequest(changes: Partial<Record<AddressField, string>>): TUpdateUserRequest {
  return { address: { ...changes } };
}

/** Server field paths ("address.city") to the card's field names. */
export const toAddressField = (path: string) => path.replace(/^address\./, '');
