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
