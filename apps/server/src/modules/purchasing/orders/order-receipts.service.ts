import { randomUUID } from 'node:crypto';
import type { TPurchaseOrder, TReceivePurchaseOrderRequest } from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { once, type IdempotencyClaim } from '../../../platform/idempotency/idempotency.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { changeStock, ensureItems } from '../../inventory/stock/stock.service.js';
import type { PurchasingDeps } from '../purchasing.deps.js';
import { readOrder } from './order-reads.service.js';
import { assertAllowed, assertReceivable, plural, statusAfterReceipt, statusWords } from './order-rules.js';
import { findLines, recordReceipt, updateOrder, type LineView } from './orders.repository.js';
import { requireOrder } from './order-writes.service.js';

/**
 * POST /{id}/receive: one delivery, any number of times. `quantity` is every unit that arrived,
 * `damaged` how many of them cannot be used; the usable ones enter stock through the stock
 * function (PURCHASE, referencing the order, at the line's unit cost, which moves the item's
 * average cost), creating the item at the location when it has none. Damaged units are recorded
 * on the line and the receipt only.
 *
 * Locking: the order row first (FOR UPDATE), then its lines are read: parallel receipts of one
 * order queue on that row, and each checks what is outstanding after the previous one committed,
 * so two deliveries can never take a line past what was ordered. The stock function then locks
 * the items in its own (location, product) order.
 */
export async function receiveOrder(
  deps: PurchasingDeps,
  principal: Principal,
  id: string,
  request: TReceivePurchaseOrderRequest,
  claim: IdempotencyClaim | null,
): Promise<TPurchaseOrder> {
  const answer = await inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => {
      const order = await requireOrder(scope, id);
      assertAllowed('receive', order);
      const lines = await findLines(scope, order.id);
      const byId = new Map<string, LineView>(lines.map((line) => [line.id, line]));
      const received = request.lines.map((receipt, index) => {
        const line = byId.get(receipt.lineId.toLowerCase());
        if (!line)
          throw new AppError('NOT_FOUND', `Line ${index + 1}: no such line on this order.`, {
            index,
            lineId: receipt.lineId,
            field: `lines.${index}.lineId`,
          });
        assertReceivable(line, receipt, index);
        return { line, receipt };
      });

      const now = deps.clock.now();
      await recordReceipt(scope, {
        receiptId: randomUUID(),
        orderId: order.id,
        receivedBy: principal.userId,
        receivedAt: now,
        lines: received.map(({ line, receipt }) => ({
          lineId: line.id,
          quantity: receipt.quantity,
          damaged: receipt.damaged,
          note: receipt.note,
        })),
      });
      const usable = received.filter(({ receipt }) => receipt.quantity > receipt.damaged);
      const pairs = usable.map(({ line }) => ({ locationId: order.locationId, productId: line.productId }));
      await ensureItems(scope, pairs);
      await changeStock(
        scope,
        { userId: principal.userId },
        usable.map(({ line, receipt }) => ({
          locationId: order.locationId,
          productId: line.productId,
          delta: receipt.quantity - receipt.damaged,
          reason: 'PURCHASE' as const,
          reference: order.id,
          note: receipt.note,
          unitCost: line.unitCost,
        })),
      );

      const after = new Map(received.map(({ line, receipt }) => [line.id, receipt]));
      const status = statusAfterReceipt(
        lines.map((line) => ({
          ...line,
          receivedQuantity: line.receivedQuantity + (after.get(line.id)?.quantity ?? 0),
        })),
      );
      await updateOrder(scope, order.id, {
        status,
        updatedAt: now,
        ...(status === 'RECEIVED' ? { receivedAt: now } : {}),
      });
      const result = await readOrder(scope, order.id);
      const units = received.reduce((sum, { receipt }) => sum + receipt.quantity, 0);
      const damaged = received.reduce((sum, { receipt }) => sum + receipt.damaged, 0);
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: 'PURCHASE_ORDER_RECEIPT',
        description:
          `Purchase order ${result.orderNumber} from ${result.supplierName}: ${plural(units, 'unit')} received on ` +
          `${plural(received.length, 'line')} at ${result.locationName}` +
          (damaged > 0 ? ` (${damaged} damaged, not stocked)` : '') +
          `; the order is now ${statusWords(status)}.`,
      });
      return { statusCode: 200, body: result };
    }),
  );
  return answer.body;
}
