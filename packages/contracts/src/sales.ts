import { z } from 'zod';
import { ZMoney, money } from './catalogue/fields.js';
import { ZDiscount } from './catalogue/products.js';
import { SINGLE_LINE_MESSAGE, SINGLE_LINE_TEXT, ZUuid } from './common.js';
import { ZPage, ZPageQuery } from './paging.js';

/** How a sale was paid (DESIGN 9). */
export const PAYMENT_METHODS = ['CASH', 'CARD', 'OTHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A sale, or the refund of some of its lines (negative quantities, linked by `refundOf`). */
export const SALE_KINDS = ['SALE', 'REFUND'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** Lines one sale may hold, and units of one line. */
export const MAX_SALE_LINES = 200;
export const MAX_SALE_LINE_QUANTITY = 100_000;

/** How far in the past a sale may be recorded (a till that was offline), and the clock skew allowed ahead. */
export const SALE_BACKDATE_DAYS = 31;
export const SALE_FUTURE_SKEW_MS = 5 * 60 * 1000;

const code = (label: string) =>
  z
    .string({ message: `${label} must be text.` })
    .trim()
    .min(1, `${label} cannot be blank.`)
    .max(64, `${label} has at most 64 characters.`);

/** One line of a checkout: the product by id, SKU or barcode (exactly one), and how many. */
export const ZSaleLineRequest = z
  .object({
    productId: ZUuid.optional(),
    sku: code('The SKU').optional(),
    barcode: code('The barcode').optional(),
    quantity: z
      .number({ message: 'The quantity is a whole number from 1.' })
      .int('The quantity is a whole number from 1.')
      .min(1, 'The quantity is a whole number from 1.')
      .max(MAX_SALE_LINE_QUANTITY, `The quantity is at most ${MAX_SALE_LINE_QUANTITY}.`),
    unitPrice: money('The unit price')
      .optional()
      .describe("Overrides the product's price (needs product:update); discounts do not apply then"),
  })
  .refine(
    (line) => [line.productId, line.sku, line.barcode].filter((value) => value !== undefined).length === 1,
    { message: 'Name the product by exactly one of productId, sku or barcode.', path: ['productId'] },
  );
export type TSaleLineRequest = z.input<typeof ZSaleLineRequest>;

export const ZCreateSaleRequest = z.object({
  storeId: ZUuid.describe('The store where the sale happened'),
  lines: z
    .array(ZSaleLineRequest, { message: 'A sale has a list of lines.' })
    .min(1, 'A sale has at least one line.')
    .max(MAX_SALE_LINES, `A sale has at most ${MAX_SALE_LINES} lines.`),
  paymentMethod: z.enum(PAYMENT_METHODS, { message: 'The payment method is CASH, CARD or OTHER.' }),
  customerRef: z
    .string({ message: 'The customer reference must be text.' })
    .trim()
    .max(100, 'The customer reference has at most 100 characters.')
    .regex(SINGLE_LINE_TEXT, SINGLE_LINE_MESSAGE)
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .describe('A loyalty card number or customer id, when the customer gave one'),
  soldAt: z.iso
    .datetime({ offset: true, message: 'soldAt is an ISO-8601 instant with its offset.' })
    .optional()
    .describe(`When it was sold (default: now); at most ${SALE_BACKDATE_DAYS} days back`),
  redeem: z
    .object({
      rewardId: z
        .string({ message: 'The reward is named by its id.' })
        .trim()
        .min(1, 'The reward is named by its id.')
        .max(40, 'A reward id has at most 40 characters.')
        .optional(),
      points: z
        .number({ message: 'The points to spend are a whole number from 1.' })
        .int('The points to spend are a whole number from 1.')
        .min(1, 'The points to spend are a whole number from 1.')
        .max(2_000_000_000, 'The points to spend are at most 2,000,000,000.')
        .optional(),
    })
    .refine((redeem) => (redeem.rewardId === undefined) !== (redeem.points === undefined), {
      message: 'Redeem a reward by its id, or spend cashback points: one of the two.',
      path: ['rewardId'],
    })
    .optional()
    .describe(
      "Spends the member's points (customerRef names the member): a reward of the programme, or " +
        'cashback points (a point a cent). Taken off the total, never below zero.',
    ),
});
export type TCreateSaleRequest = z.input<typeof ZCreateSaleRequest>;

/** `POST /api/sales/{id}/refund`: some lines and quantities, or everything not refunded yet. */
export const ZRefundRequest = z
  .object({
    lines: z
      .array(
        z.object({
          lineNo: z.number().int().min(1, 'lineNo counts from 1.').max(MAX_SALE_LINES),
          quantity: z
            .number({ message: 'The quantity is a whole number from 1.' })
            .int('The quantity is a whole number from 1.')
            .min(1, 'The quantity is a whole number from 1.')
            .max(MAX_SALE_LINE_QUANTITY),
        }),
      )
      .min(1, 'Name at least one line, or send no lines to refund the whole sale.')
      .max(MAX_SALE_LINES)
      .optional(),
  })
  .nullish();
export type TRefundRequest = z.input<typeof ZRefundRequest>;

/** A unit cost: 4 decimals, as the stock function keeps the moving average ("2.5000"). */
export const ZUnitCost = z
  .string()
  .regex(/^-?\d+\.\d{4}$/)
  .describe('A cost of one unit with 4 decimals, e.g. "2.5000"');

export const ZSaleLine = z.object({
  lineNo: z.number().int(),
  productId: z.uuid(),
  productName: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  quantity: z.number().int().describe('Units; negative on a refund'),
  unitPrice: ZMoney.describe('The price before the discount'),
  discount: ZMoney.describe('The discount per unit'),
  totalPrice: ZMoney.describe('quantity × (unitPrice − discount)'),
  refundedQuantity: z.number().int().describe('Units of this line refunded so far (sales only)'),
  unitCost: ZUnitCost.nullable()
    .optional()
    .describe(
      "The cost of one unit as it left the shelf: the item's moving average cost, else the product's cost " +
        "price; null when neither was known. A refund line carries its sale line's. Left out for roles that " +
        'see no costs (canSeeCosts)',
    ),
  cost: ZMoney.nullable()
    .optional()
    .describe('quantity × unitCost rounded to the cent (negative on a refund); null without a unit cost'),
  margin: ZMoney.nullable().optional().describe('totalPrice − cost; null without a unit cost'),
});
export type TSaleLine = z.infer<typeof ZSaleLine>;

/** What a sale earned (or a refund took back) of a loyalty member's points. */
export const ZSaleLoyalty = z.object({
  memberId: z.uuid(),
  cardCode: z.string(),
  points: z
    .number()
    .int()
    .describe(
      "The change of the member's balance: earned less redeemed by a sale; negative: taken back by a refund",
    ),
  redeemed: z.number().int().describe('Points a sale spent on a reward (0 when none)'),
});
export type TSaleLoyalty = z.infer<typeof ZSaleLoyalty>;

export const ZSale = z.object({
  id: z.uuid(),
  saleId: z.uuid().describe('Same as id'),
  kind: z.enum(SALE_KINDS),
  refundOf: z.uuid().nullable().describe('The sale a refund gives back'),
  storeId: z.uuid(),
  storeName: z.string(),
  locationId: z.uuid(),
  soldAt: z.string().describe('ISO-8601 instant'),
  paymentMethod: z.enum(PAYMENT_METHODS),
  customerRef: z.string().nullable(),
  lines: z.array(ZSaleLine),
  subtotal: ZMoney.describe('Before discounts'),
  discountTotal: ZMoney,
  loyaltyDiscount: ZMoney.describe('Taken off by a loyalty reward (a refund gives back its share)'),
  total: ZMoney.describe(
    'What the customer paid: subtotal − discountTotal − loyaltyDiscount (negative: given back)',
  ),
  unitsSold: z.number().int(),
  loyalty: ZSaleLoyalty.nullable().describe(
    'Points of the member the customer reference names (null: no member, or no programme earned any)',
  ),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
});
export type TSale = z.infer<typeof ZSale>;

/** A row of the sales list: the sale without its lines. */
export const ZSaleSummary = ZSale.omit({ lines: true }).extend({ lineCount: z.number().int() });
export type TSaleSummary = z.infer<typeof ZSaleSummary>;
export const ZSalePage = ZPage(ZSaleSummary);

export const ZSalesListQuery = ZPageQuery.extend({
  storeId: ZUuid.optional(),
  from: z.iso
    .datetime({ offset: true, message: 'from is an ISO-8601 instant with its offset.' })
    .optional()
    .describe('Sold at or after (inclusive)'),
  to: z.iso
    .datetime({ offset: true, message: 'to is an ISO-8601 instant with its offset.' })
    .optional()
    .describe('Sold before (exclusive)'),
  kind: z.enum(SALE_KINDS, { message: 'kind is SALE or REFUND.' }).optional(),
});
export type TSalesListQuery = z.input<typeof ZSalesListQuery>;

export const ZSaleStoreParams = z.object({ saleId: ZUuid, storeId: ZUuid });

/**
 * `GET /api/sales/lookup`: what a till's scan or typed code sells at a store. The code is read as a
 * sale's line reads it: a barcode first when one matches, else a SKU in any case (the exact
 * spelling first).
 */
export const ZSaleLookupQuery = z.object({
  storeId: ZUuid.describe('The store the sale is for'),
  code: z
    .string({ message: 'Scan or type a barcode or SKU.' })
    .trim()
    .min(1, 'Scan or type a barcode or SKU.')
    .max(64, 'A barcode or SKU has at most 64 characters.')
    .describe('A barcode or a SKU'),
});
export type TSaleLookupQuery = z.input<typeof ZSaleLookupQuery>;

/** A product as the till sells it: the price a sale recorded now would charge. */
export const ZSaleProduct = z.object({
  productId: z.uuid().describe("The product's id at the store's location"),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  price: ZMoney.describe('The price before any discount'),
  effectivePrice: ZMoney.describe('The price with the discount valid now: what a sale now charges'),
  discount: ZDiscount.nullable(),
  stock: z.number().int().describe("Units at the store's location now"),
});
export type TSaleProduct = z.infer<typeof ZSaleProduct>;
