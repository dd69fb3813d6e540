import { z } from 'zod';
import { ZMoney, money } from '../catalogue/fields.js';
import { ZUuid } from '../common.js';
import { MAX_STOCK_QUANTITY } from '../inventory/inventory.js';
import { ZPage, ZPageQuery } from '../paging.js';

/**
 * Purchase orders (issue 16): an order to one supplier for one location. DRAFT (editable) ->
 * SENT (the supplier has it) -> PARTIALLY_RECEIVED -> RECEIVED once every line has arrived in
 * full; CLOSED when the rest will not come; CANCELLED before anything arrived. Received units
 * (damaged ones excepted) enter stock at the line's unit cost.
 */
export const PURCHASE_ORDER_STATUSES = [
  'DRAFT',
  'SENT',
  'PARTIALLY_RECEIVED',
  'RECEIVED',
  'CLOSED',
  'CANCELLED',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** Lines of one order, and lines of one receipt. */
export const MAX_PURCHASE_ORDER_LINES = 200;

/** How people, documents and mails name an order: "PO-000123". */
export function formatPurchaseOrderNumber(number: number): string {
  return `PO-${String(number).padStart(6, '0')}`;
}

const ZNote = z
  .string({ message: 'The note must be text.' })
  .trim()
  .max(1000, 'A note has at most 1000 characters.')
  .nullish()
  .transform((value) => (value === '' || value === null || value === undefined ? null : value));

const units = (label: string, min: number) =>
  z
    .number({ message: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, min === 0 ? `${label} cannot be negative.` : `${label} is at least ${min}.`)
    .max(MAX_STOCK_QUANTITY, `${label} is at most ${MAX_STOCK_QUANTITY}.`);

const ZExpectedAt = z
  .union([z.literal(''), z.iso.date({ message: 'The expected date is a date such as 2025-03-31.' })])
  .nullish()
  .transform((value) => (value === '' || value === undefined ? null : value))
  .describe('The day the delivery is expected (yyyy-MM-dd), or null');

/** The same uuid may arrive in other cases: duplicates are compared on the lower-case form. */
function refuseDuplicates<T>(key: (item: T) => string, field: string, message: string) {
  return (items: readonly T[], context: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const value = key(item).toLowerCase();
      if (seen.has(value)) context.addIssue({ code: 'custom', message, path: [index, field] });
      seen.add(value);
    });
  };
}

export const ZPurchaseOrderLineRequest = z.object({
  productId: ZUuid.describe('A product at the order’s location'),
  quantity: units('The quantity', 1).describe('Units ordered'),
  unitCost: money('The unit cost').describe('What one unit costs, e.g. "2.50"'),
});

export const ZPurchaseOrderRequest = z.object({
  supplierId: ZUuid.describe('An active supplier of the business'),
  locationId: ZUuid.describe('Where the delivery goes: an active location of the business'),
  lines: z
    .array(ZPurchaseOrderLineRequest, { message: 'Add the lines to order.' })
    .min(1, 'Add at least one line.')
    .max(MAX_PURCHASE_ORDER_LINES, `An order has at most ${MAX_PURCHASE_ORDER_LINES} lines.`)
    .superRefine(
      refuseDuplicates((line) => line.productId, 'productId', 'Each product is ordered on one line only.'),
    ),
  expectedAt: ZExpectedAt,
  note: ZNote,
});
export type TPurchaseOrderRequest = z.output<typeof ZPurchaseOrderRequest>;

export const ZPurchaseOrderListQuery = ZPageQuery.extend({
  status: z.enum(PURCHASE_ORDER_STATUSES, { message: 'Pick an order status.' }).optional(),
  supplierId: ZUuid.optional(),
  locationId: ZUuid.optional(),
});
export type TPurchaseOrderListQuery = z.output<typeof ZPurchaseOrderListQuery>;

export const ZReceivePurchaseOrderRequest = z.object({
  lines: z
    .array(
      z
        .object({
          lineId: ZUuid.describe('A line of this order'),
          quantity: units('The quantity', 1).describe('Every unit that arrived, damaged ones included'),
          damaged: units('The damaged quantity', 0)
            .default(0)
            .describe('How many of them cannot be used: recorded, not stocked'),
          note: ZNote,
        })
        .refine((line) => line.damaged <= line.quantity, {
          message: 'Damaged units are part of the units that arrived: at most the quantity.',
          path: ['damaged'],
        }),
      { message: 'Name the lines that arrived.' },
    )
    .min(1, 'Name at least one line that arrived.')
    .max(MAX_PURCHASE_ORDER_LINES, `A receipt has at most ${MAX_PURCHASE_ORDER_LINES} lines.`)
    .superRefine(refuseDuplicates((line) => line.lineId, 'lineId', 'Each line is named once per receipt.')),
});
export type TReceivePurchaseOrderRequest = z.output<typeof ZReceivePurchaseOrderRequest>;

const orderFields = {
  id: z.uuid(),
  purchaseOrderId: z.uuid().describe('Same as id'),
  number: z.number().int().describe('1, 2, 3... per business'),
  orderNumber: z.string().describe('The number as printed, e.g. "PO-000123"'),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  supplierId: z.uuid(),
  supplierName: z.string(),
  locationId: z.uuid(),
  locationName: z.string(),
  expectedAt: z.string().nullable().describe('yyyy-MM-dd'),
  note: z.string().nullable(),
  lineCount: z.number().int(),
  orderedQuantity: z.number().int().describe('Units ordered over all lines'),
  receivedQuantity: z.number().int().describe('Units arrived so far, damaged ones included'),
  totalCost: ZMoney.optional().describe('Σ quantity × unit cost; left out for roles that see no costs'),
  createdBy: z.uuid().nullable(),
  createdAt: z.string().describe('ISO-8601 instant'),
  updatedAt: z.string().describe('ISO-8601 instant'),
  sentAt: z.string().nullable(),
  receivedAt: z.string().nullable().describe('When the last missing unit arrived'),
  closedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
};

export const ZPurchaseOrderSummary = z.object(orderFields);
export type TPurchaseOrderSummary = z.infer<typeof ZPurchaseOrderSummary>;
export const ZPurchaseOrderPage = ZPage(ZPurchaseOrderSummary);
export type TPurchaseOrderPage = z.infer<typeof ZPurchaseOrderPage>;

export const ZPurchaseOrderLine = z.object({
  id: z.uuid(),
  lineId: z.uuid().describe('Same as id'),
  lineNo: z.number().int().describe('1, 2, 3... in the order sent'),
  productId: z.uuid(),
  sku: z.string(),
  productName: z.string(),
  quantity: z.number().int().describe('Units ordered'),
  unitCost: ZMoney.optional().describe('Left out for roles that see no costs, as every cost field'),
  lineCost: ZMoney.optional().describe('quantity × unitCost'),
  receivedQuantity: z.number().int().describe('Units arrived, damaged ones included'),
  damagedQuantity: z.number().int().describe('Units arrived unusable: not stocked'),
  outstandingQuantity: z
    .number()
    .int()
    .describe('Units still to come: quantity − received while the order is open, 0 once closed or cancelled'),
});
export type TPurchaseOrderLine = z.infer<typeof ZPurchaseOrderLine>;

export const ZPurchaseReceipt = z.object({
  receiptId: z.uuid().describe('One POST /receive'),
  receivedAt: z.string().describe('ISO-8601 instant'),
  receivedBy: z.uuid().nullable(),
  lines: z.array(
    z.object({
      lineId: z.uuid(),
      productId: z.uuid(),
      sku: z.string(),
      productName: z.string(),
      quantity: z.number().int().describe('Units that arrived, damaged ones included'),
      damaged: z.number().int(),
      note: z.string().nullable(),
    }),
  ),
});
export type TPurchaseReceipt = z.infer<typeof ZPurchaseReceipt>;

export const ZPurchaseOrder = ZPurchaseOrderSummary.extend({
  supplierEmail: z.string().nullable().describe('Where sending the order mails it'),
  lines: z.array(ZPurchaseOrderLine),
  totals: z.object({
    orderedQuantity: z.number().int(),
    receivedQuantity: z.number().int(),
    damagedQuantity: z.number().int(),
    outstandingQuantity: z.number().int(),
    totalCost: ZMoney.optional().describe('Σ quantity × unit cost'),
    receivedCost: ZMoney.optional().describe('Σ received × unit cost, damaged units included'),
    damagedCost: ZMoney.optional().describe('Σ damaged × unit cost'),
  }),
  receipts: z.array(ZPurchaseReceipt).describe('Deliveries, oldest first'),
});
export type TPurchaseOrder = z.infer<typeof ZPurchaseOrder>;

export const ZSentPurchaseOrder = ZPurchaseOrder.extend({
  mailedTo: z
    .string()
    .nullable()
    .describe('The supplier address the order was mailed to (with its PDF), or null without one'),
});
export type TSentPurchaseOrder = z.infer<typeof ZSentPurchaseOrder>;
