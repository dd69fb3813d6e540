import { CURRENCIES, DEFAULT_TIME_ZONE, type TBusiness, type TUpdateBusinessRequest } from '@app/contracts';
import { toFormValues } from '../../lib/changed-fields';
import { completeUrl } from '../../lib/url';

export const INFO_FIELDS = [
  'businessName',
  'registrationNumber',
  'businessEmail',
  'businessPhoneNumber',
  'websiteUrl',
  'industryType',
  'description',
  'timeZone',
  'currency',
] as const;
export type InfoField = (typeof INFO_FIELDS)[number];

/** The address card's fields in the order of 000 section 2. */
export const ADDRESS_FIELDS = ['street', 'city', 'state', 'zipCode', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const ADDRESS_LABELS: Record<AddressField, string> = {
  street: 'Street',
  city: 'City',
  state: 'State',
  zipCode: 'Postal code',
  country: 'Country',
};

export function infoValues(business: TBusiness): Record<InfoField, string> {
  return toFormValues(INFO_FIELDS, (field) => business[field]);
}

export function addressValues(business: TBusiness): Record<AddressField, string> {
  const { address } = business;
  return toFormValues(ADDRESS_FIELDS, (field) =>
    field === 'zipCode' ? (address.zipCode ?? address.postalCode) : address[field],
  );
}

export type LogoChange = { file: File | null; isRemoved: boolean };
export const NO_LOGO_CHANGE: LogoChange = { file: null, isRemoved: false };

/** The JSON part of the info card's save: changed fields only, a bare domain made https. */
export function infoRequest(
  changes: Partial<Record<InfoField, string>>,
  logo: LogoChange,
): TUpdateBusinessRequest {
  const { websiteUrl, industryType, currency, ...rest } = changes;
  const request: TUpdateBusinessRequest = { ...rest };
  if (websiteUrl !== undefined) request.websiteUrl = completeUrl(websiteUrl);
  if (industryType !== undefined)
    request.industryType = industryType as TUpdateBusinessRequest['industryType'];
  if (currency !== undefined) request.currency = currency as TUpdateBusinessRequest['currency'];
  if (logo.isRemoved && !logo.file) request.removeLogo = true;
  return request;
}

export function addressRequest(changes: Partial<Record<AddressField, string>>): TUpdateBusinessRequest {
  return { address: { ...changes } };
}

/** The multipart body of `PUT /api/businesses/{id}`: part `business` as JSON, optional `logo`. */
export function buildUpdateFormData(business: TUpdateBusinessRequest, logo: File | null): FormData {
  const body = new FormData();
  body.append('business', JSON.stringify(business));
  if (logo) body.append('logo', logo, logo.name);
  return body;
}

/** Server field paths ("address.city", "address.postalCode") to the card's field names. */
export const toFieldName = (path: string) =>
  path.replace(/^address\./, '').replace(/^postalCode$/, 'zipCode');

/** Every IANA zone the browser knows, with the business's own (UTC is not in the list). */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set([DEFAULT_TIME_ZONE, ...known]);
  if (current) zones.add(current);
  return [...zones];
}

export const CURRENCY_OPTIONS: readonly string[] = CURRENCIES;
