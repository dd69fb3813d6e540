import { z } from 'zod';

/**
 * A store's QR code as the catalogue draws it: 12 random bytes in base64url, 16 characters
 * (stores/store-admin.service.ts). The public lookup takes nothing else, so a code that cannot
 * exist is refused before the database and an enumeration cannot probe with patterns.
 */
export const STORE_CODE_PATTERN = /^[A-Za-z0-9_-]{16}$/;
export const STORE_CODE_MESSAGE = 'This is not a store code: 16 letters, digits, - or _.';

/** `GET /api/public/stores/{code}` and its `/image`: the code a store's QR code carries. */
export const ZPublicStoreParams = z.object({
  code: z
    .string({ message: STORE_CODE_MESSAGE })
    .regex(STORE_CODE_PATTERN, STORE_CODE_MESSAGE)
    .describe('The store code of the QR code (`/scan-pay-go?store=CODE`), exactly as printed'),
});
export type TPublicStoreParams = z.infer<typeof ZPublicStoreParams>;

/**
 * What a shopper who scanned a store's QR code may see, and nothing more: the answer is
 * serialised through this schema, so no other field of the store or its business can leave.
 */
export const ZPublicStore = z
  .object({
    name: z.string().describe('The store name'),
    openingHours: z.string().nullable().describe('Free text as the business wrote it; null when not given'),
    imageUrl: z
      .string()
      .nullable()
      .describe('Path of the store image (`/api/public/stores/{code}/image`); null without an image'),
  })
  .describe("A store's public face behind its QR code");
export type TPublicStore = z.infer<typeof ZPublicStore>;
