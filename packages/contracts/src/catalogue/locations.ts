import { z } from 'zod';
import { ZUuid } from '../common.js';
import { ZActiveFilter } from '../paging.js';
import { ZLatitude, ZLongitude, ZPhone, ZTimestamps, optionalText, requiredText } from './fields.js';

/** DESIGN 12: a place of the business; a store or a warehouse references exactly one. */
export const ZLocationRequest = z
  .object({
    name: requiredText(120, 'A location name', 'Enter the location name.'),
    street: optionalText(200, 'The street'),
    city: optionalText(100, 'The city'),
    state: optionalText(100, 'The state'),
    zipCode: optionalText(20, 'The ZIP code'),
    country: optionalText(100, 'The country'),
    latitude: ZLatitude.nullish().transform((v) => v ?? null),
    longitude: ZLongitude.nullish().transform((v) => v ?? null),
    phone: ZPhone,
  })
  .refine((body) => (body.latitude === null) === (body.longitude === null), {
    message: 'Give both the latitude and the longitude, or neither.',
    path: ['longitude'],
  });
export type TLocationRequest = z.input<typeof ZLocationRequest>;

export const LOCATION_USAGES = ['STORE', 'WAREHOUSE'] as const;

export const ZLocation = z.object({
  id: z.uuid(),
  locationId: z.uuid().describe('Same as id'),
  name: z.string(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
  usedBy: z
    .enum(LOCATION_USAGES)
    .nullable()
    .describe('What the location serves: a store, a warehouse, or nothing yet'),
  ...ZTimestamps,
});
export type TLocation = z.infer<typeof ZLocation>;

export const ZLocationList = z.array(ZLocation);

/** `GET /api/locations`: active locations by default, `?active=all` with the discontinued ones. */
export const ZLocationListQuery = z.object({ active: ZActiveFilter });

export const ZLocationAutocompleteQuery = z.object({
  input: z
    .string({ message: 'Type part of a name or address.' })
    .trim()
    .min(1, 'Type part of a name or address.')
    .max(100, 'The search has at most 100 characters.')
    .describe('Part of the name or address; at most 10 active locations answer'),
});

export const ZPosReaderRegistration = z.object({
  locationId: ZUuid,
  registrationCode: z
    .string({ message: 'Enter the registration code shown on the reader.' })
    .trim()
    .min(1, 'Enter the registration code shown on the reader.')
    .max(100, 'The registration code has at most 100 characters.'),
  label: requiredText(60, 'A label', 'Give the reader a label, such as "Till 1".'),
});
export type TPosReaderRegistration = z.input<typeof ZPosReaderRegistration>;

export const ZPosReader = z.object({
  id: z.uuid(),
  readerId: z.uuid().describe('Same as id'),
  locationId: z.uuid(),
  label: z.string(),
  providerReaderId: z.string().describe("The payment provider's id of the reader"),
  deviceType: z.string(),
  status: z.string(),
  sandbox: z.boolean().describe('Registered with the sandbox provider'),
  createdAt: z.string(),
});
export type TPosReader = z.infer<typeof ZPosReader>;
