import type { TPurchaseOrder, TSentPurchaseOrder } from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { costOf } from '../../../platform/auth/cost-fields.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { actionMail } from '../../../platform/mail/action-mail.js';
import type { OutgoingMail } from '../../../platform/mail/mailer.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { documentFilename, orderDocumentData } from '../document/order-document.service.js';
import {
  renderPurchaseOrderDocument,
  type PurchaseOrderDocumentData,
} from '../document/purchase-order-document.js';
import type { PurchasingDeps } from '../purchasing.deps.js';
import { readOrder } from './order-reads.service.js';
import { assertAllowed, plural } from './order-rules.js';
import { findSupplier, updateOrder } from './orders.repository.js';
import { requireOrder } from './order-writes.service.js';

/**
 * DRAFT -> SENT. When the supplier has an e-mail address, the order goes to it with its PDF
 * attached, queued through the mail outbox in this transaction: the mail leaves only if the
 * order is sent, and then even if this process dies first. Without an address the answer's
 * `mailedTo` is null and the PDF is passed on by hand (GET /{id}/document).
 */
export async function sendOrder(
  deps: PurchasingDeps,
  principal: Principal,
  id: string,
): Promise<TSentPurchaseOrder> {
  return inTenant(deps.db, principal, async (scope) => {
    const order = await requireOrder(scope, id);
    assertAllowed('send', order);
    const supplier = await findSupplier(scope, order.supplierId);
    if (!supplier) throw new Error('an order keeps its supplier (purchase_orders_supplier_fk)');
    if (!supplier.active)
      throw new AppError('CONFLICT', `The supplier ${supplier.name} is discontinued. Reactivate it first.`, {
        field: 'supplierId',
      });
    const now = deps.clock.now();
    await updateOrder(scope, order.id, {
      status: 'SENT',
      sentAt: now,
      sentBy: principal.userId,
      updatedAt: now,
    });
    const sent = await readOrder(scope, order.id);
    const mailedTo = supplier.email;
    if (mailedTo) {
      const data = await orderDocumentData(scope, sent);
      const pdf = await renderPurchaseOrderDocument(data);
      await deps.mail.queue(
        scope.tx,
        orderMail(mailedTo, supplier.contactName ?? supplier.name, sent, data, pdf),
      );
    }
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'PURCHASE_ORDER_SENT',
      description:
        `Purchase order ${sent.orderNumber} to ${sent.supplierName} sent: ${plural(sent.lineCount, 'line')}, ` +
        `${plural(sent.orderedQuantity, 'unit')}, ${costOf(sent.totalCost)}` +
        (mailedTo
          ? `, mailed to ${mailedTo}.`
          : '; the supplier has no e-mail address, so it was not mailed.'),
    });
    return { ...sent, mailedTo };
  });
}

function orderMail(
  to: string,
  addressee: string,
  order: TPurchaseOrder,
  data: PurchaseOrderDocumentData,
  pdf: Buffer,
): OutgoingMail {
  const place = [data.deliverTo.name, ...data.deliverTo.lines].join(', ');
  const mail = actionMail(
    to,
    `Purchase order ${order.orderNumber} from ${data.businessName}`,
    `Hello ${addressee},`,
    [
      `${data.businessName} orders ${plural(order.orderedQuantity, 'unit')} on ${plural(order.lineCount, 'line')} ` +
        `(total ${costOf(order.totalCost)} ${data.currency}): purchase order ${order.orderNumber}, attached as a PDF.`,
      `Deliver to: ${place}.`,
      `Expected delivery: ${order.expectedAt ?? 'as soon as possible'}.`,
      ...(order.note ? [`Note: ${order.note}`] : []),
    ],
    [],
    `Please quote ${order.orderNumber} on the delivery note and the invoice.`,
  );
  return {
    ...mail,
    attachments: [
      {
        filename: documentFilename(order.orderNumber),
        contentType: 'application/pdf',
        contentBase64: pdf.toString('base64'),
      },
    ],
  };
}
