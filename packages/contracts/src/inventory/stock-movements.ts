import { z } from 'zod';
import { ZUuid } from '../common.js';
import { ZPage, ZPageQuery } from '../paging.js';
import { ZSku } from '../catalogue/products.js';
import { MAX_BATCH_ITEMS, MAX_STOCK_QUANTITY } from './inventory.js';

/**
 * Stock movements (DESIGN 8): PENDING -> IN_TRANSIT (validated at the source, stock leaves) ->
 * COMPLETED (validated at the destination, stock arrives); PENDING or IN_TRANSIT -> CANCELLED
 * (stock that left returns). Each end has a 6-digit code, answered once at creation.
 */
export const MOVEMENT_STATUSES = ['PENDING', 'IN_TRANSIT', 'COMPLETED', 'CANCELLED'] as const;
export type MovementStatus = (typeof MOVEMENT_STATUSES)[number];

/** Wrong codes a movement takes; the last one locks it until an inventory admin cancels it. */
export const MAX_CODE_ATTEMPTS = 5;

/**
 * Why what arrived differs from what was sent (issue 16): fewer units (SHORT), units that arrived
 * unusable (DAMAGED), or more units than were sent (OVER).
 */
export const DISCREPANCY_REASONS = ['SHORT', 'OVER', 'DAMAGED'] as const;
export type DiscrepancyReason = (typeof DISCREPANCY_REASONS)[number];

const ZNote = z
  .string({ message: 'The note must be text.' })
  .trim()
  .max(500, 'A note has at most 500 characters.')
  .nullish()
  .transform((value) => (value === '' || value === null || value === undefined ? null : value));

export const ZMovementItem = z
  .object({
    sku: ZSku,
    sourceLocationId: ZUuid,
    destinationLocationId: ZUuid,
    quantity: z
      .number({ message: 'The quantity must be a whole number.' })
      .int('The quantity must be a whole number.')
      .min(1, 'Move at least 1 unit.')
      .max(MAX_STOCK_QUANTITY, `The quantity is at most ${MAX_STOCK_QUANTITY}.`),
  })
  // UUIDs compare without case: PostgreSQL reads 'ABC…' and 'abc…' as the same location.
  .refine((item) => item.sourceLocationId.toLowerCase() !== item.destinationLocationId.toLowerCase(), {
    message: 'The source and the destination must be different locations.',
    path: ['destinationLocationId'],
  });
export type TMovementItem = z.output<typeof ZMovementItem>;

/** One movement, or `items` for a batch (one batchId, one pair of codes for all). */
export const ZCreateMovementRequest = z.union([
  ZMovementItem.and(z.object({ note: ZNote })),
  z.object({
    items: z
      .array(ZMovementItem)
      .min(1, 'Add at least one item.')
      .max(MAX_BATCH_ITEMS, `A batch has at most ${MAX_BATCH_ITEMS} items.`),
    note: ZNote,
  }),
]);
export type TCreateMovementRequest = z.output<typeof ZCreateMovementRequest>;

export const ZStockMovement = z.object({
  id: z.uuid(),
  movementId: z.uuid().describe('Same as id'),
  batchId: z.uuid().nullable().describe('Shared by the movements created together'),
  type: z.enum(['SINGLE', 'BATCH']),
  sku: z.string(),
  productName: z.string(),
  productId: z.uuid().describe('The product at the source'),
  sourceLocationId: z.uuid(),
  sourceLocationName: z.string(),
  destinationLocationId: z.uuid(),
  destinationLocationName: z.string(),
  quantity: z.number().int(),
  status: z.enum(MOVEMENT_STATUSES),
  note: z.string().nullable(),
  failedAttempts: z.number().int().describe('Wrong codes tried so far'),
  isLocked: z.boolean().describe(`Locked after ${MAX_CODE_ATTEMPTS} wrong codes; only cancelling is left`),
  createdBy: z.uuid().nullable(),
  createdAt: z.string().describe('ISO-8601 instant'),
  sourceValidatedAt: z.string().nullable(),
  destinationValidatedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  unitCost: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Cost of one unit as it left the source (its average cost, else its cost price; 4 decimals): the ' +
        'destination receives at this cost. Null before the source validation, or when no cost is known; left out for roles that see no costs',
    ),
  receivedQuantity: z
    .number()
    .int()
    .nullable()
    .describe('Units that arrived, once validated at the destination (null before)'),
  discrepancyReason: z
    .enum(DISCREPANCY_REASONS)
    .nullable()
    .describe('Why the units received differ from the units sent; null when all arrived'),
  discrepancyNote: z.string().nullable().describe('What the destination said of the discrepancy'),
});
export type TStockMovement = z.infer<typeof ZStockMovement>;
export const ZStockMovementList = z.array(ZStockMovement);
export const ZStockMovementPage = ZPage(ZStockMovement);

const ZCode = z
  .string({ message: 'Enter the 6-digit code.' })
  .trim()
  .regex(/^[0-9]{6}$/, 'The code has 6 digits.');

export const ZCreatedMovements = z.object({
  batchId: z.uuid().nullable(),
  sourceValidationCode: ZCode.describe('Shown once: give it to whoever sends the stock'),
  destinationValidationCode: ZCode.describe('Shown once: give it to whoever receives the stock'),
  movements: ZStockMovementList,
});
export type TCreatedMovements = z.infer<typeof ZCreatedMovements>;

export const ZValidationCodeQuery = z.object({ validationCode: ZCode });

/** What arrived of one movement, when it is not exactly what was sent. */
export const ZReceivedItem = z.object({
  movementId: ZUuid,
  receivedQuantity: z
    .number({ message: 'The quantity received must be a whole number.' })
    .int('The quantity received must be a whole number.')
    .min(0, 'The quantity received cannot be negative.')
    .max(MAX_STOCK_QUANTITY, `The quantity received is at most ${MAX_STOCK_QUANTITY}.`),
  reason: z
    .enum(DISCREPANCY_REASONS, { message: 'Pick SHORT, OVER or DAMAGED.' })
    .nullish()
    .transform((value) => value ?? null)
    .describe(
      'Required when the quantity received differs from the quantity sent: fewer -> SHORT or DAMAGED, more -> OVER',
    ),
  note: ZNote.describe('What happened (a torn box, a miscount); only with a reason'),
});
export type TReceivedItem = z.output<typeof ZReceivedItem>;

/**
 * The body of a validation at the destination: nothing (or no items) when everything arrived;
 * otherwise one item per movement whose arrival differs, each naming a movement being validated.
 */
export const ZDestinationValidationBody = z
  .object({
    items: z
      .array(ZReceivedItem)
      .max(MAX_BATCH_ITEMS, `A batch has at most ${MAX_BATCH_ITEMS} items.`)
      .default([])
      .superRefine((items, context) => {
        const seen = new Set<string>();
        items.forEach((item, index) => {
          // uuids compare without case, as PostgreSQL compares them.
          const id = item.movementId.toLowerCase();
          if (seen.has(id))
            context.addIssue({
              code: 'custom',
              message: 'Each movement is named once.',
              path: [index, 'movementId'],
            });
          seen.add(id);
        });
      }),
  })
  .nullish()
  .describe('Omit, or send `{items: []}`, when everything sent arrived');
export type TDestinationValidationBody = z.input<typeof ZDestinationValidationBody>;
export const ZBatchValidationQuery = z.object({ batchId: ZUuid, validationCode: ZCode });
export const ZBatchCancelQuery = z.object({
  movementIds: z
    .preprocess(
      (value): unknown[] =>
        Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value],
      z.array(ZUuid).min(1, 'Name at least one movement.').max(MAX_BATCH_ITEMS),
    )
    .describe('Repeated once per movement'),
});

export const ZMovementListQuery = ZPageQuery.extend({
  status: z.enum(MOVEMENT_STATUSES, { message: 'Pick a movement status.' }).optional(),
  locationId: ZUuid.optional().describe('Movements from or to this location'),
  batchId: ZUuid.optional(),
  search: z
    .string()
    .trim()
    .max(64, 'A search has at most 64 characters.')
    .optional()
    .describe('Part of the SKU'),
});
export type TMovementListQuery = z.output<typeof ZMovementListQuery>;

export const ZMovementSkuQuery = ZPageQuery.extend({
  query: z.string().trim().max(64, 'A search has at most 64 characters.').default(''),
  locationId: ZUuid.describe('The source location'),
});

export const ZWeeklyMovement = z.object({
  weekStart: z.string().describe('The Monday of the week, yyyy-MM-dd in the business time zone'),
  unitsOut: z.number().int().describe('Units that left a location (validated at the source)'),
  unitsIn: z.number().int().describe('Units that arrived (validated at the destination)'),
});
export const ZWeeklyMovementList = z.array(ZWeeklyMovement);
export type TWeeklyMovement = z.infer<typeof ZWeeklyMovement>;

export const ZMovementUploadQuery = z.object({ note: ZNote.optional() });

/**
 * The creator's first download of the transfer document presents both codes (headers, not the
 * URL: addresses end up in access logs) to have them printed; both or neither.
 */
export const ZDocumentCodeHeaders = z
  .looseObject({
    'x-source-validation-code': ZCode.optional(),
    'x-destination-validation-code': ZCode.optional(),
  })
  .refine(
    (headers) =>
      (headers['x-source-validation-code'] === undefined) ===
      (headers['x-destination-validation-code'] === undefined),
    { message: 'Send both codes or neither.', path: ['x-destination-validation-code'] },
  );
