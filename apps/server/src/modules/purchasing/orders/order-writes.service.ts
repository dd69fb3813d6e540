import { randomUUID } from 'node:crypto';
import { formatPurchaseOrderNumber, type TPurchaseOrder, type TPurchaseOrderRequest } from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { once, type IdempotencyClaim } from '../../../platform/idempotency/idempotency.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { requireLocation, type LocationRow } from '../../product/locations/locations.service.js';
import type { PurchasingDeps } from '../purchasing.deps.js';
import { orderNotFound, readOrder } from './order-reads.service.js';
import { assertAllowed, plural } from './order-rules.js';
import {
  deleteLines,
  findProductsAt,
  findSupplier,
  insertLines,
  insertOrder,
  lockOrder,
  nextOrderNumber,
  updateOrder,
  type NewLine,
  type OrderRow,
  type ProductForOrder,
  type SupplierForOrder,
} from './orders.repository.js';

/**
 * Creating and editing drafts, closing and cancelling orders. Every change locks the order row
 * first (lockOrder), so a state change and a receipt of the same order queue, and the state read
 * is the one the change applies to. Sending is in order-send.service.ts, receiving in
 * order-receipts.service.ts.
 */

export type OrderActor = { userId: string | null };

/**
 * Creates a DRAFT in the caller's transaction (the create route, and the suggested orders'
 * drafts). The location must be an active one of the business, the supplier an active one, and
 * every product placed at that location and active (404 / 409 naming `lines.N.productId`).
 * Records PURCHASE_ORDER_CREATION; answers the order as GET does.
 */
export async function createDraftOrder(
  scope: TenantScope,
  actor: OrderActor,
  input: TPurchaseOrderRequest,
  now: Date = new Date(),
): Promise<TPurchaseOrder> {
  const checked = await checkOrderInput(scope, input);
  const id = randomUUID();
  const number = await nextOrderNumber(scope);
  await insertOrder(scope, {
    id,
    number,
    supplierId: checked.supplier.id,
    locationId: checked.location.id,
    expectedAt: input.expectedAt,
    note: input.note,
    createdBy: actor.userId,
    createdAt: now,
  });
  await insertLines(scope, id, checked.lines);
  await recordAuditEvent(scope, {
    userId: actor.userId,
    eventType: 'PURCHASE_ORDER_CREATION',
    description: `${describeOrder(number, checked)} created.`,
  });
  return readOrder(scope, id);
}

/** POST /api/purchase-orders, honouring an Idempotency-Key (a retried create makes no second order). */
export async function createOrder(
  deps: PurchasingDeps,
  principal: Principal,
  input: TPurchaseOrderRequest,
  claim: IdempotencyClaim | null,
): Promise<TPurchaseOrder> {
  const answer = await inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => ({
      statusCode: 201,
      body: await createDraftOrder(scope, { userId: principal.userId }, input, deps.clock.now()),
    })),
  );
  return answer.body;
}

/** Replaces a draft's supplier, location, date, note and lines; 409 once it was sent. */
export async function updateDraftOrder(
  deps: PurchasingDeps,
  principal: Principal,
  id: string,
  input: TPurchaseOrderRequest,
): Promise<TPurchaseOrder> {
  return inTenant(deps.db, principal, async (scope) => {
    const order = await requireOrder(scope, id);
    assertAllowed('update', order);
    const checked = await checkOrderInput(scope, input);
    await updateOrder(scope, order.id, {
      supplierId: checked.supplier.id,
      locationId: checked.location.id,
      expectedAt: input.expectedAt,
      note: input.note,
      updatedAt: deps.clock.now(),
    });
    await deleteLines(scope, order.id);
    await insertLines(scope, order.id, checked.lines);
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'PURCHASE_ORDER_UPDATE',
      description: `${describeOrder(order.number, checked)} changed.`,
    });
    return readOrder(scope, order.id);
  });
}

/** SENT or PARTIALLY_RECEIVED -> CLOSED: what has not arrived will not come. */
export async function closeOrder(
  deps: PurchasingDeps,
  principal: Principal,
  id: string,
): Promise<TPurchaseOrder> {
  return inTenant(deps.db, principal, async (scope) => {
    const order = await requireOrder(scope, id);
    assertAllowed('close', order);
    const now = deps.clock.now();
    await updateOrder(scope, order.id, {
      status: 'CLOSED',
      closedAt: now,
      closedBy: principal.userId,
      updatedAt: now,
    });
    const closed = await readOrder(scope, order.id);
    const missing = closed.lines.reduce(
      (sum, line) => sum + Math.max(line.quantity - line.receivedQuantity, 0),
      0,
    );
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'PURCHASE_ORDER_CLOSURE',
      description:
        `Purchase order ${closed.orderNumber} to ${closed.supplierName} closed: ` +
        `${plural(closed.receivedQuantity, 'unit')} of ${closed.orderedQuantity} received, ${missing} will not come.`,
    });
    return closed;
  });
}

/** DRAFT, or SENT with nothing received -> CANCELLED. */
export async function cancelOrder(
  deps: PurchasingDeps,
  principal: Principal,
  id: string,
): Promise<TPurchaseOrder> {
  return inTenant(deps.db, principal, async (scope) => {
    const order = await requireOrder(scope, id);
    assertAllowed('cancel', order);
    const now = deps.clock.now();
    await updateOrder(scope, order.id, {
      status: 'CANCELLED',
      cancelledAt: now,
      cancelledBy: principal.userId,
      updatedAt: now,
    });
    const cancelled = await readOrder(scope, order.id);
    // A receipt moves a SENT order on, so a SENT order has received nothing: this is the proof.
    if (cancelled.receivedQuantity > 0) throw new Error('a SENT order with receipts cannot exist');
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'PURCHASE_ORDER_CANCELLATION',
      description: `Purchase order ${cancelled.orderNumber} to ${cancelled.supplierName} cancelled (it was ${
        order.status === 'DRAFT' ? 'a draft' : 'sent'
      }).`,
    });
    return cancelled;
  });
}

/** The order row, locked; another business's id is unknown here (404). */
export async function requireOrder(scope: TenantScope, id: string): Promise<OrderRow> {
  const order = await lockOrder(scope, id);
  if (!order) throw orderNotFound();
  return order;
}

type CheckedOrder = {
  supplier: SupplierForOrder;
  location: LocationRow;
  lines: NewLine[];
  units: number;
};

/** The supplier, location and products of a create or an update, each the business's and active. */
async function checkOrderInput(scope: TenantScope, input: TPurchaseOrderRequest): Promise<CheckedOrder> {
  const location = await requireLocation(scope, input.locationId, { isActiveRequired: true });
  const supplier = await findSupplier(scope, input.supplierId);
  if (!supplier) throw new AppError('NOT_FOUND', 'The supplier was not found.', { field: 'supplierId' });
  if (!supplier.active)
    throw new AppError('CONFLICT', `The supplier ${supplier.name} is discontinued. Reactivate it first.`, {
      field: 'supplierId',
    });
  const products = await findProductsAt(
    scope,
    location.id,
    input.lines.map((line) => line.productId),
  );
  const byId = new Map<string, ProductForOrder>(products.map((product) => [product.id, product]));
  const lines = input.lines.map((line, index): NewLine => {
    const product = byId.get(line.productId.toLowerCase());
    const field = `lines.${index}.productId`;
    if (!product)
      throw new AppError('NOT_FOUND', `Line ${index + 1}: the product was not found at ${location.name}.`, {
        index,
        productId: line.productId,
        field,
      });
    if (!product.active)
      throw new AppError(
        'CONFLICT',
        `Line ${index + 1}: ${product.name} (SKU ${product.sku}) is discontinued at ${location.name}.`,
        { index, productId: product.id, field },
      );
    return {
      id: randomUUID(),
      lineNo: index + 1,
      productId: product.id,
      quantity: line.quantity,
      unitCost: line.unitCost,
    };
  });
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return { supplier, location, lines, units };
}

function describeOrder(number: number, checked: CheckedOrder): string {
  return (
    `Purchase order ${formatPurchaseOrderNumber(number)} to ${checked.supplier.name}: ` +
    `${plural(checked.lines.length, 'line')}, ${plural(checked.units, 'unit')}, for ${checked.location.name}`
  );
}
