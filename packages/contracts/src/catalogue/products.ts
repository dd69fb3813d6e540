import { z } from 'zod';
import { ZUuid } from '../common.js';
import { ZActiveFilter, ZPage, ZPageQuery } from '../paging.js';
import { ZCategory } from './categories.js';
import { ZLocation } from './locations.js';
import { ZSupplier } from './suppliers.js';
import { ZMoney, ZTimestamps, money, optionalText, requiredText, wholeNumber } from './fields.js';

export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const ZSku = z
  .string({ message: 'Enter the SKU.' })
  .trim()
  .min(1, 'Enter the SKU.')
  .max(64, 'A SKU has at most 64 characters.')
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/,
    'A SKU has letters, digits, and . _ - / after the first character.',
  );

export const ZBarcode = z
  .string({ message: 'The barcode must be text.' })
  .trim()
  .regex(/^[0-9]{8,14}$/, 'A barcode has 8 to 14 digits (EAN-8, UPC-A, EAN-13 or GTIN-14).');

/**
 * The fields of the product form (multipart, or JSON on update). `locationIds` names further
 * locations where the same article (same SKU) is created or updated in the same transaction.
 */
export const ZProductRequest = z.object({
  name: requiredText(160, 'A product name', 'Enter the product name.'),
  sku: ZSku,
  barcode: ZBarcode.nullish()
    .or(z.literal(''))
    .transform((value) => (value === '' || value === undefined ? null : value)),
  description: optionalText(2000, 'The description'),
  price: money('The price'),
  costPrice: money('The cost price')
    .nullish()
    .or(z.literal(''))
    .transform((value) => (value === '' || value === undefined ? null : value)),
  categoryId: ZUuid.nullish()
    .or(z.literal(''))
    .transform((value) => (value === '' || value === undefined ? null : value)),
  supplierId: ZUuid.nullish()
    .or(z.literal(''))
    .transform((value) => (value === '' || value === undefined ? null : value)),
  locationId: ZUuid,
  locationIds: z
    .array(ZUuid)
    .max(100, 'At most 100 locations at once.')
    .default([])
    .describe('Further locations for the same article'),
  unit: optionalText(20, 'The unit').describe('e.g. pcs, kg, l; pcs when absent'),
  // A blank form field is no reorder point; tried first, since a number coerces '' to 0.
  reorderPoint: z
    .literal('')
    .transform(() => null)
    .or(
      wholeNumber('The reorder point')
        .nullish()
        .transform((value) => value ?? null),
    ),
});
export type TProductRequest = z.input<typeof ZProductRequest>;

export const ZDiscount = z.object({
  discountAmount: ZMoney.nullable(),
  discountPercentage: z.number().nullable().describe('0 to 100'),
  discountValidFrom: z.string(),
  discountValidTo: z.string(),
  isCurrent: z.boolean().describe('Valid now'),
});
export type TDiscount = z.infer<typeof ZDiscount>;

export const ZProduct = z.object({
  id: z.uuid(),
  productId: z.uuid().describe('Same as id'),
  sku: z.string(),
  barcode: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  price: ZMoney,
  costPrice: ZMoney.nullable().optional().describe('Left out for roles that see no costs'),
  effectivePrice: ZMoney.describe('The price with the discount valid now'),
  discount: ZDiscount.nullable(),
  categoryId: z.uuid().nullable(),
  supplierId: z.uuid().nullable(),
  locationId: z.uuid(),
  unit: z.string(),
  reorderPoint: z.number().int().nullable(),
  imageUrl: z.string().nullable().describe('Blob name of the image, for GET /api/azure-blob/download-image'),
  stock: z.number().int().describe('Units in stock at its location'),
  active: z.boolean(),
  ...ZTimestamps,
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductWithEntities = ZProduct.extend({
  category: ZCategory.nullable(),
  supplier: ZSupplier.nullable(),
  location: ZLocation,
});
export type TProductWithEntities = z.infer<typeof ZProductWithEntities>;

export const ZProductPage = ZPage(ZProduct);
export type TProductPage = z.infer<typeof ZProductPage>;

export const ZProductLocationQuery = z.object({ locationId: ZUuid });
export const ZProductLocationParams = z.object({ locationId: ZUuid });
export const ZProductAtLocationParams = z.object({ id: ZUuid, locationId: ZUuid });
export const ZProductSkuParams = z.object({ sku: ZSku, locationId: ZUuid });
export const ZProductBarcodeParams = z.object({ barcode: ZBarcode, locationId: ZUuid });

/** The list of a location, in the order the products were added there. */
export const ZProductListQuery = ZPageQuery.extend({ active: ZActiveFilter });

export const ZProductSearchQuery = ZPageQuery.extend({
  query: z
    .string({ message: 'Type the start of a SKU or name.' })
    .trim()
    .max(64, 'The search has at most 64 characters.')
    .default('')
    .describe('Trimmed, case-insensitive prefix of the SKU or the name'),
  active: ZActiveFilter,
});
export const ZProductCount = z.object({ count: z.number().int().describe('Distinct SKUs in the business') });
export type TProductCount = z.infer<typeof ZProductCount>;

/** A query value left empty by a form counts as absent. */
const blankAsAbsent = z.literal('').transform(() => undefined);

/** Discounts, by query exactly as the specification (001 section 7). */
export const ZDiscountQuery = z
  .object({
    sku: ZSku,
    locationId: ZUuid,
    // The blank branch first: `z.coerce.number` would read '' as 0.
    discountAmount: z.union([blankAsAbsent, money('The discount amount')]).optional(),
    discountPercentage: z
      .union([
        blankAsAbsent,
        z.coerce
          .number({ message: 'The percentage is a number from 0 to 100.' })
          .min(0, 'The percentage is a number from 0 to 100.')
          .max(100, 'The percentage is a number from 0 to 100.')
          .refine(
            (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
            'The percentage has at most two decimals.',
          ),
      ])
      .optional(),
    discountValidFrom: z.iso.datetime({ offset: true, message: 'Give the start as an ISO date and time.' }),
    discountValidTo: z.iso.datetime({ offset: true, message: 'Give the end as an ISO date and time.' }),
  })
  .refine((q) => (q.discountAmount === undefined) !== (q.discountPercentage === undefined), {
    message: 'Give either a discount amount or a percentage, not both.',
    path: ['discountAmount'],
  })
  .refine((q) => Date.parse(q.discountValidFrom) < Date.parse(q.discountValidTo), {
    message: 'The discount must start before it ends.',
    path: ['discountValidTo'],
  });
export type TDiscountQuery = z.input<typeof ZDiscountQuery>;

export const ZRemoveDiscountQuery = z.object({ productId: ZUuid, locationId: ZUuid });
