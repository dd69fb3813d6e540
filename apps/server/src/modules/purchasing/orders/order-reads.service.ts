import {
  toPage,
  type TPage,
  type TPurchaseOrder,
  type TPurchaseOrderListQuery,
  type TPurchaseOrderSummary,
} from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { totalShownByPage } from '../../../platform/db/list-paging.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { PurchasingDeps } from '../purchasing.deps.js';
import { toOrder, toOrderSummary } from './order-mapper.js';
import { countOrders, findLines, findOrderView, findOrdersPage, findReceipts } from './orders.repository.js';

export function orderNotFound(): AppError {
  return new AppError('NOT_FOUND', 'The purchase order was not found.');
}

/** The order as GET answers it (the writes answer this too), or 404. */
export async function readOrder(scope: TenantScope, id: string): Promise<TPurchaseOrder> {
  const order = await findOrderView(scope, id);
  if (!order) throw orderNotFound();
  const [lines, receipts] = [await findLines(scope, order.id), await findReceipts(scope, order.id)];
  return toOrder(order, lines, receipts);
}

export async function getOrder(
  deps: PurchasingDeps,
  principal: Principal,
  id: string,
): Promise<TPurchaseOrder> {
  return inTenant(deps.db, principal, (scope) => readOrder(scope, id));
}

/** A page of orders, newest first; the count runs only when the page cannot tell the total. */
export async function listOrders(
  deps: PurchasingDeps,
  principal: Principal,
  query: TPurchaseOrderListQuery,
): Promise<TPage<TPurchaseOrderSummary>> {
  const filter = { status: query.status, supplierId: query.supplierId, locationId: query.locationId };
  return inTenant(deps.db, principal, async (scope) => {
    const rows = await findOrdersPage(scope, filter, { limit: query.size, offset: query.page * query.size });
    const total = totalShownByPage(rows.length, query) ?? (await countOrders(scope, filter));
    return toPage(rows.map(toOrderSummary), query, total);
  });
}
