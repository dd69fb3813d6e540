import { z } from 'zod';

export const INDUSTRY_TYPES = ['technology', 'retail', 'restaurant', 'services'] as const;
export type IndustryType = (typeof INDUSTRY_TYPES)[number];

/** Labels of the setup screen (000 section 2). */
export const INDUSTRY_LABELS: Record<IndustryType, string> = {
  technology: 'Technology / Software / IT',
  retail: 'Retail',
  restaurant: 'Restaurant / Food',
  services: 'Services',
};

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Query of the image download (000 section 7, "Logo download"). */
export const ZDownloadImageQuery = z.object({
  imageUrl: z
    .string({ message: 'Name the image to download.' })
    .min(1, 'Name the image to download.')
    .max(512, 'The image name is too long.')
    .describe('The stored name of the image, as in `logoUrl` of the business'),
  containerName: z
    .string({ message: 'Name the container.' })
    .min(1, 'Name the container.')
    .max(63, 'The container name is too long.')
    .describe('The container; images live in `inventory`'),
});
export type TDownloadImageQuery = z.infer<typeof ZDownloadImageQuery>;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} has at most ${max} characters.`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

export const ZBusinessAddressInput = z.object({
  street: optionalText(200, 'The street'),
  city: optionalText(100, 'The city'),
  state: optionalText(100, 'The state'),
  postalCode: optionalText(20, 'The postal code'),
  country: optionalText(100, 'The country'),
});

/** Whether the runtime (Node.js or the browser) knows an IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** DESIGN 13: days, weeks and analytics dates of a business are read in its time zone. */
export const ZTimeZone = z
  .string()
  .trim()
  .min(1, 'Choose a time zone.')
  .max(64, 'Choose a time zone from the list.')
  .refine(isTimeZone, 'Choose a time zone from the list, such as Europe/London.')
  .describe('IANA time zone name, such as Europe/London; set from the browser at business setup');

/** ISO 4217 codes the product offers; money is shown in the business's currency. */
export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'ZAR',
  'INR',
  'SGD',
  'HKD',
  'MXN',
  'BRL',
  'AED',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';
export const DEFAULT_TIME_ZONE = 'UTC';

export const ZCurrency = z
  .enum(CURRENCIES, { message: 'Choose a currency from the list.' })
  .describe('ISO 4217 code of the currency prices are in');

/** The JSON part `business` of the multipart create call. */
export const ZCreateBusinessRequest = z.object({
  businessName: z
    .string({ message: 'Enter the business name.' })
    .trim()
    .min(1, 'Enter the business name.')
    .max(160, 'The business name has at most 160 characters.'),
  registrationNumber: optionalText(60, 'The registration number'),
  businessEmail: z
    .union([z.literal(''), z.email({ message: 'Enter a valid e-mail address.' }).max(254)])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  businessPhoneNumber: optionalText(32, 'The phone number'),
  websiteUrl: z
    .union([
      z.literal(''),
      z.url({ message: 'Enter a web address such as https://example.com.', protocol: /^https?$/ }),
    ])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  industryType: z
    .enum(INDUSTRY_TYPES, { message: 'Choose one of technology, retail, restaurant or services.' })
    .optional(),
  description: optionalText(2000, 'The description'),
  useUserAddress: z.boolean().optional(),
  address: ZBusinessAddressInput.optional(),
  timeZone: ZTimeZone.optional().describe('IANA time zone; UTC when absent'),
  currency: ZCurrency.optional().describe('ISO 4217 code; USD when absent'),
});
export type TCreateBusinessRequest = z.input<typeof ZCreateBusinessRequest>;

export const ZBusiness = z.object({
  id: z.uuid(),
  businessName: z.string(),
  registrationNumber: z.string().nullable(),
  businessEmail: z.string().nullable(),
  businessPhoneNumber: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  industryType: z.enum(INDUSTRY_TYPES).nullable(),
  description: z.string().nullable(),
  dateEstablished: z.string().describe('ISO date the business was set up'),
  logoUrl: z.string().nullable().describe('Blob name of the logo, for the image download call'),
  active: z.boolean(),
  stripeAccountId: z.string().nullable(),
  stripeOnboardingComplete: z.boolean(),
  timeZone: z.string().describe('IANA time zone the business reads its days in'),
  currency: z.enum(CURRENCIES),
  address: z.object({
    street: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
  }),
});
export type TBusiness = z.infer<typeof ZBusiness>;

/** What a new business has done of its first steps (the dashboard's setup checklist). */
export const ZSetupProgress = z.object({
  hasLocation: z.boolean().describe('At least one location exists'),
  hasStore: z.boolean().describe('At least one store exists'),
  hasProducts: z.boolean().describe('At least one product exists'),
  hasStaff: z.boolean().describe('At least one user besides the owner belongs to the business'),
});
export type TSetupProgress = z.infer<typeof ZSetupProgress>;

const clearableText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} has at most ${max} characters.`)
    .optional()
    .transform((value) => (value === '' ? null : value))
    .describe(`${label}; an empty string clears it, an absent field keeps it`);

/**
 * The JSON part `business` of `PUT /api/businesses/{id}` (multipart as create, optional `logo`):
 * only the fields sent change; an empty string clears an optional one.
 */
export const ZUpdateBusinessRequest = z.object({
  businessName: z
    .string({ message: 'Enter the business name.' })
    .trim()
    .min(1, 'Enter the business name.')
    .max(160, 'The business name has at most 160 characters.')
    .optional(),
  registrationNumber: clearableText(60, 'The registration number'),
  businessEmail: z
    .union([z.literal(''), z.email({ message: 'Enter a valid e-mail address.' }).max(254)])
    .optional()
    .transform((value) => (value === '' ? null : value)),
  businessPhoneNumber: clearableText(32, 'The phone number'),
  websiteUrl: z
    .union([
      z.literal(''),
      z.url({ message: 'Enter a web address such as https://example.com.', protocol: /^https?$/ }),
    ])
    .optional()
    .transform((value) => (value === '' ? null : value)),
  industryType: z
    .union([
      z.literal(''),
      z.enum(INDUSTRY_TYPES, { message: 'Choose one of technology, retail, restaurant or services.' }),
    ])
    .optional()
    .transform((value) => (value === '' ? null : value)),
  description: clearableText(2000, 'The description'),
  timeZone: ZTimeZone.optional(),
  currency: ZCurrency.optional(),
  address: z
    .object({
      street: clearableText(200, 'The street'),
      city: clearableText(100, 'The city'),
      state: clearableText(100, 'The state'),
      zipCode: clearableText(20, 'The postal code'),
      postalCode: clearableText(20, 'The postal code'),
      country: clearableText(100, 'The country'),
    })
    .optional()
    .describe('`zipCode` and `postalCode` are the same field; either may be sent'),
  removeLogo: z
    .boolean()
    .optional()
    .describe('true removes the logo (ignored when a new `logo` part is sent)'),
});
export type TUpdateBusinessRequest = z.input<typeof ZUpdateBusinessRequest>;

/** `DELETE /api/businesses/{id}`: the owner types the business name, as the web asks. */
export const ZDeleteBusinessRequest = z.object({
  businessName: z
    .string({ message: 'Type the name of the business to delete it.' })
    .min(1, 'Type the name of the business to delete it.')
    .max(160, 'The business name has at most 160 characters.')
    .describe('The exact name of the business (surrounding spaces ignored)'),
});
export type TDeleteBusinessRequest = z.infer<typeof ZDeleteBusinessRequest>;
