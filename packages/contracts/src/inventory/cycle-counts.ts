import { z } from 'zod';
import { ZMoney } from '../catalogue/fields.js';
import { ZUuid } from '../common.js';
import { ZPage, ZPageQuery } from '../paging.js';
import { MAX_STOCK_QUANTITY } from './inventory.js';

/**
 * Cycle counts (issue 16): a count sheet of one location freezes the expected quantity and unit
 * cost of every active item in its scope; counters enter what they find while the shop keeps
 * selling, and a reviewer accepts the variances (COUNT rows of the ledger) or sends lines back.
 */

/** A sheet holds at most this many lines: a larger scope is refused, narrow it. */
export const MAX_CYCLE_COUNT_LINES = 5_000;
/**
 * Most lines one review accepts: acceptance locks their items until COMMIT (about 1.3 ms a line
 * measured), and the location's tills wait for those rows meanwhile. A larger sheet is accepted
 * in several calls.
 */
export const MAX_ACCEPTED_PER_REVIEW = 500;
export const CYCLE_COUNT_STATUSES = ['COUNTING', 'COMPLETED', 'CANCELLED'] as const;
export const CYCLE_COUNT_LINE_STATUSES = ['PENDING', 'COUNTED', 'RECOUNT', 'ACCEPTED'] as const;
export const ABC_CLASSES = ['A', 'B', 'C'] as const;
export type AbcClass = (typeof ABC_CLASSES)[number];
/** The sales window of the ABC classes: the last 90 days, today included, in the business's time zone. */
export const ABC_WINDOW_DAYS = 90;

function uniqueIds(label: string, max: number) {
  return z
    .array(ZUuid, { message: `${label} are a list of ids.` })
    .min(1, `Name at least one of the ${label.toLowerCase()}.`)
    .max(max, `Name at most ${max} ${label.toLowerCase()}.`)
    .refine(
      (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
      `${label} are named once each.`,
    );
}

export const ZCycleCountScope = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('ALL') }),
      z.object({ kind: z.literal('CATEGORIES'), categoryIds: uniqueIds('Categories', 500) }),
      z.object({ kind: z.literal('PRODUCTS'), productIds: uniqueIds('Products', MAX_CYCLE_COUNT_LINES) }),
      z.object({
        kind: z.literal('ABC'),
        abcClass: z.enum(ABC_CLASSES, { message: 'The ABC class is A, B or C.' }),
      }),
    ],
    { message: 'The scope kind is ALL, CATEGORIES, PRODUCTS or ABC.' },
  )
  .describe(
    'Which active items of the location the sheet covers: all, those of some categories, some ' +
      'products, or one ABC class (sales value of the last 90 days)',
  );
export type TCycleCountScope = z.output<typeof ZCycleCountScope>;

const ZNote = z
  .string({ message: 'The note must be text.' })
  .trim()
  .max(500, 'A note has at most 500 characters.')
  .nullish()
  .transform((value) => (value === '' || value === null || value === undefined ? null : value));

export const ZCreateCycleCountRequest = z.object({
  locationId: ZUuid,
  scope: ZCycleCountScope,
  note: ZNote,
});
export type TCreateCycleCountRequest = z.output<typeof ZCreateCycleCountRequest>;

const ZLineNo = z
  .number({ message: 'A line number is a whole number from 1.' })
  .int('A line number is a whole number from 1.')
  .min(1, 'A line number is a whole number from 1.')
  .max(MAX_CYCLE_COUNT_LINES, `A sheet has at most ${MAX_CYCLE_COUNT_LINES} lines.`);

/** One count: the line by its number or its product (exactly one), and the units found. */
export const ZCountEntry = z
  .object({
    lineNo: ZLineNo.optional(),
    productId: ZUuid.optional(),
    countedQuantity: z
      .number({ message: 'The counted quantity must be a whole number.' })
      .int('The counted quantity must be a whole number.')
      .min(0, 'The counted quantity cannot be negative.')
      .max(MAX_STOCK_QUANTITY, `The counted quantity is at most ${MAX_STOCK_QUANTITY}.`),
  })
  .refine((entry) => (entry.lineNo === undefined) !== (entry.productId === undefined), {
    message: 'Name the line by exactly one of lineNo or productId.',
    path: ['lineNo'],
  });

export const ZEnterCountsRequest = z.object({
  lines: z
    .array(ZCountEntry, { message: 'The counts are a list of lines.' })
    .min(1, 'Send at least one count.')
    .max(MAX_CYCLE_COUNT_LINES, `Send at most ${MAX_CYCLE_COUNT_LINES} counts at once.`),
});
export type TEnterCountsRequest = z.output<typeof ZEnterCountsRequest>;

const lineNos = (label: string, max: number) =>
  z
    .array(ZLineNo, { message: `${label} is a list of line numbers.` })
    .max(max, `${label} has at most ${max} lines.`)
    .refine((nos) => new Set(nos).size === nos.length, `${label} names each line once.`)
    .default([]);

export const ZReviewCycleCountRequest = z
  .object({
    accept: lineNos('accept', MAX_ACCEPTED_PER_REVIEW).describe(
      'Lines whose variance is written to the stock (COUNT rows)',
    ),
    recount: lineNos('recount', MAX_CYCLE_COUNT_LINES).describe('Lines to count again'),
  })
  .refine((review) => review.accept.length + review.recount.length > 0, {
    message: 'Accept or send back at least one line.',
    path: ['accept'],
  })
  .refine((review) => !review.accept.some((no) => review.recount.includes(no)), {
    message: 'A line is either accepted or sent back for recount, not both.',
    path: ['recount'],
  });
export type TReviewCycleCountRequest = z.output<typeof ZReviewCycleCountRequest>;

export const ZCycleCountListQuery = ZPageQuery.extend({
  locationId: ZUuid.optional().describe('Only the sheets of this location'),
  status: z
    .enum(CYCLE_COUNT_STATUSES, { message: 'The status is COUNTING, COMPLETED or CANCELLED.' })
    .optional(),
});
export type TCycleCountListQuery = z.output<typeof ZCycleCountListQuery>;

/**
 * One line of a sheet. A counter who does not review (no `inventory:update`: the store assistant)
 * counts blind: the answers to them leave out what the sheet expects (expectedQuantity,
 * movedSinceFreeze, the variances, the count a recount replaced, the applied delta), and, as every
 * answer to roles that see no costs, the cost fields.
 */
export const ZCycleCountLine = z.object({
  lineNo: z.number().int(),
  productId: z.uuid(),
  inventoryId: z.uuid(),
  sku: z.string().describe('As frozen'),
  name: z.string().describe('As frozen'),
  category: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  expectedQuantity: z
    .number()
    .int()
    .optional()
    .describe('The quantity at the freeze; left out for counters who do not review (a blind count)'),
  unitCost: z
    .string()
    .nullable()
    .optional()
    .describe('Effective unit cost at the freeze (4 decimals): average cost, else cost price'),
  status: z.enum(CYCLE_COUNT_LINE_STATUSES),
  countedQuantity: z.number().int().nullable(),
  previousCountedQuantity: z.number().int().nullable().optional().describe('The count a recount replaced'),
  movedSinceFreeze: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe("The item's ledger between the freeze and the count (sales, receipts, ...)"),
  varianceUnits: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('counted − (expected + movedSinceFreeze); null until counted'),
  varianceValue: ZMoney.nullable()
    .optional()
    .describe('varianceUnits × unitCost; null without a count or a cost'),
  appliedDelta: z.number().int().nullable().optional().describe('What acceptance wrote to the ledger'),
  countedAt: z.string().nullable(),
});
export type TCycleCountLine = z.infer<typeof ZCycleCountLine>;

export const ZCycleCountTotals = z.object({
  lines: z.number().int(),
  linesCounted: z.number().int().describe('Lines COUNTED or ACCEPTED'),
  varianceUnits: z.number().int().optional().describe('Sum over the counted lines'),
  varianceValueAbsolute: ZMoney.optional().describe('Sum of |varianceValue| over the counted lines'),
  varianceValueNet: ZMoney.optional().describe('Sum of varianceValue over the counted lines'),
});

export const ZCycleCountSummary = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  locationName: z.string(),
  scope: ZCycleCountScope,
  status: z.enum(CYCLE_COUNT_STATUSES),
  note: z.string().nullable(),
  frozenAt: z.string().describe('ISO-8601 instant of the freeze'),
  createdBy: z.uuid().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  lineCount: z.number().int(),
  linesCounted: z.number().int(),
  varianceUnits: z
    .number()
    .int()
    .optional()
    .describe(
      'Net variance in units over the lines counted or accepted (as totals.varianceUnits); left ' +
        'out for counters who do not review (a blind count)',
    ),
  varianceValueNet: ZMoney.optional().describe(
    'Net variance value over the lines counted or accepted (as totals.varianceValueNet)',
  ),
});
export type TCycleCountSummary = z.infer<typeof ZCycleCountSummary>;
export const ZCycleCountPage = ZPage(ZCycleCountSummary);

export const ZCycleCount = ZCycleCountSummary.extend({
  lines: z.array(ZCycleCountLine).describe('In line order'),
  totals: ZCycleCountTotals,
});
export type TCycleCount = z.infer<typeof ZCycleCount>;

export const ZAbcItem = z.object({
  productId: z.uuid(),
  inventoryId: z.uuid(),
  sku: z.string(),
  name: z.string(),
  salesValue: ZMoney.describe('Sales less refunds at this location in the window'),
  abcClass: z.enum(ABC_CLASSES),
});
export type TAbcItem = z.infer<typeof ZAbcItem>;

export const ZAbcClasses = z.object({
  locationId: z.uuid(),
  fromDay: z.string().describe('First day of the window (yyyy-MM-dd, business time zone)'),
  toDay: z.string().describe('Last day of the window, today'),
  totalValue: ZMoney,
  items: z.array(ZAbcItem).describe('Every active item, highest value first'),
});
export type TAbcClasses = z.infer<typeof ZAbcClasses>;
