import { canSeeCosts, type TPurchaseOrder } from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { costOf } from '../../../platform/auth/cost-fields.js';
import { AppError } from '../../../platform/http/app-error.js';
import { reportHeaderOfBusiness } from '../../access/businesses.service.js';
import { readLocation } from '../../product/locations/locations.service.js';
import { readOrder } from '../orders/order-reads.service.js';
import { findSupplier } from '../orders/orders.repository.js';
import type { PurchasingDeps } from '../purchasing.deps.js';
import { renderPurchaseOrderDocument, type PurchaseOrderDocumentData } from './purchase-order-document.js';

/** The order's PDF for GET /{id}/document: read in the transaction, rendered after it. */
export async function orderDocument(
  deps: PurchasingDeps,
  principal: Principal,
  id: string,
): Promise<{ filename: string; pdf: Buffer }> {
  // The document prints the costs: a reader who sees none (the assistant receiving) gets no PDF.
  if (!canSeeCosts(principal.roles))
    throw new AppError('FORBIDDEN', 'Your role does not allow you to see what the stock cost.');
  const data = await inTenant(deps.db, principal, async (scope) =>
    orderDocumentData(scope, await readOrder(scope, id)),
  );
  return { filename: documentFilename(data.orderNumber), pdf: await renderPurchaseOrderDocument(data) };
}

export function documentFilename(orderNumber: string): string {
  return `purchase-order-${orderNumber}.pdf`;
}

/** What the document prints, read in the caller's transaction (sending attaches it to the mail). */
export async function orderDocumentData(
  scope: TenantScope,
  order: TPurchaseOrder,
): Promise<PurchaseOrderDocumentData> {
  const business = await reportHeaderOfBusiness(scope);
  const supplier = await findSupplier(scope, order.supplierId);
  if (!supplier) throw new AppError('NOT_FOUND', 'The supplier was not found.');
  const location = await readLocation(scope, order.locationId);
  const cityLine = [location.zipCode, location.city].filter(Boolean).join(' ');
  return {
    businessName: business.businessName,
    currency: business.currency,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: new Date(order.createdAt),
    sentAt: order.sentAt ? new Date(order.sentAt) : null,
    expectedAt: order.expectedAt,
    supplier: {
      name: supplier.name,
      lines: present([
        supplier.contactName ? `Attn: ${supplier.contactName}` : null,
        supplier.address,
        supplier.email,
        supplier.phone,
      ]),
    },
    deliverTo: {
      name: location.name,
      lines: present([location.street, cityLine, location.state, location.country, location.phone]),
    },
    lines: order.lines.map((line) => ({
      lineNo: line.lineNo,
      sku: line.sku,
      productName: line.productName,
      quantity: line.quantity,
      unitCost: costOf(line.unitCost),
      lineTotal: costOf(line.lineCost),
    })),
    totalQuantity: order.totals.orderedQuantity,
    total: costOf(order.totals.totalCost),
    note: order.note,
  };
}

function present(values: ReadonlyArray<string | null | undefined>): string[] {
  return values.filter((value): value is string => typeof value === 'string' && value.length > 0);
}
