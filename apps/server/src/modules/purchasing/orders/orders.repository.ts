import { and, eq } from 'drizzle-orm';
import type { PurchaseOrderStatus } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { purchaseOrderLines, purchaseOrders } from '../purchasing.table.js';

/**
 * The SQL of purchase orders, their lines and receipts. Reads that show an order join the
 * supplier, location and product names in plain SQL over the catalogue's tables (as the
 * inventory and movement reads do): an order is three round trips, a page of orders one.
 */

export type OrderRow = Omit<typeof purchaseOrders.$inferSelect, 'status'> & { status: PurchaseOrderStatus };

export type NewOrder = {
  id: string;
  number: number;
  supplierId: string;
  locationId: string;
  expectedAt: string | null;
  note: string | null;
  createdBy: string | null;
  createdAt: Date;
};

export type NewLine = { id: string; lineNo: number; productId: string; quantity: number; unitCost: string };

/**
 * The next order number of the business. The counter row's update lock is held to COMMIT, so
 * concurrent creations queue here and numbers have no gaps from races (a rolled-back creation
 * gives its number back with its transaction).
 */
export async function nextOrderNumber(scope: TenantScope): Promise<number> {
  const result = await scope.tx.$client.query<{ number: number }>({
    name: 'purchase_orders_next_number',
    text: `insert into purchase_order_counters as c (business_id, last_number) values ($1, 1)
           on conflict (business_id) do update set last_number = c.last_number + 1
           returning last_number as number`,
    values: [scope.businessId],
  });
  const number = result.rows[0]?.number;
  if (number === undefined) throw new Error('the counter upsert answers its row');
  return number;
}

export async function insertOrder(scope: TenantScope, order: NewOrder): Promise<void> {
  await scope.tx.insert(purchaseOrders).values({
    businessId: scope.businessId,
    ...order,
    status: 'DRAFT',
    updatedAt: order.createdAt,
  });
}

/** One statement for all lines (up to 200): arrays, not a bind per value. */
export async function insertLines(
  scope: TenantScope,
  orderId: string,
  lines: readonly NewLine[],
): Promise<void> {
  await scope.tx.$client.query({
    name: 'purchase_order_lines_insert',
    text: `insert into purchase_order_lines (business_id, id, order_id, line_no, product_id, quantity, unit_cost)
           select $1, l.id, $2, l.line_no, l.product_id, l.quantity, l.unit_cost
           from unnest($3::uuid[], $4::int[], $5::uuid[], $6::int[], $7::numeric[])
             as l(id, line_no, product_id, quantity, unit_cost)`,
    values: [
      scope.businessId,
      orderId,
      lines.map((line) => line.id),
      lines.map((line) => line.lineNo),
      lines.map((line) => line.productId),
      lines.map((line) => line.quantity),
      lines.map((line) => line.unitCost),
    ],
  });
}

/** A draft's lines, before they are replaced. */
export async function deleteLines(scope: TenantScope, orderId: string): Promise<void> {
  await scope.tx
    .delete(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.businessId, scope.businessId), eq(purchaseOrderLines.orderId, orderId)));
}

/** The order row, locked to the end of the transaction: every state change and receipt queue here. */
export async function lockOrder(scope: TenantScope, id: string): Promise<OrderRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.businessId, scope.businessId), eq(purchaseOrders.id, id)))
    .for('update');
  return row as OrderRow | undefined;
}

export async function updateOrder(
  scope: TenantScope,
  id: string,
  values: Partial<Omit<OrderRow, 'businessId' | 'id' | 'number' | 'createdBy' | 'createdAt'>>,
): Promise<void> {
  await scope.tx
    .update(purchaseOrders)
    .set(values)
    .where(and(eq(purchaseOrders.businessId, scope.businessId), eq(purchaseOrders.id, id)));
}

export type OrderView = OrderRow & {
  supplierName: string;
  supplierEmail: string | null;
  locationName: string;
};

export async function findOrderView(scope: TenantScope, id: string): Promise<OrderView | undefined> {
  const result = await scope.tx.$client.query<OrderView>({
    name: 'purchase_orders_view',
    text: `select ${ORDER_COLUMNS}, s.email as "supplierEmail"
           from purchase_orders o
           join suppliers s on s.business_id = o.business_id and s.id = o.supplier_id
           join locations l on l.business_id = o.business_id and l.id = o.location_id
           where o.business_id = $1 and o.id = $2`,
    values: [scope.businessId, id],
  });
  return result.rows[0];
}

export type LineView = {
  id: string;
  lineNo: number;
  productId: string;
  sku: string;
  productName: string;
  quantity: number;
  unitCost: string;
  receivedQuantity: number;
  damagedQuantity: number;
};

/** The order's lines in their order, with each product's SKU and name. */
export async function findLines(scope: TenantScope, orderId: string): Promise<LineView[]> {
  const result = await scope.tx.$client.query<LineView>({
    name: 'purchase_order_lines_view',
    text: `select x.id, x.line_no as "lineNo", x.product_id as "productId", p.sku, p.name as "productName",
                  x.quantity, x.unit_cost::text as "unitCost", x.received_quantity as "receivedQuantity",
                  x.damaged_quantity as "damagedQuantity"
           from purchase_order_lines x
           join products p on p.business_id = x.business_id and p.id = x.product_id
           where x.business_id = $1 and x.order_id = $2
           order by x.line_no`,
    values: [scope.businessId, orderId],
  });
  return result.rows;
}

export type ReceiptView = {
  receiptId: string;
  receivedAt: Date;
  receivedBy: string | null;
  lineId: string;
  productId: string;
  sku: string;
  productName: string;
  quantity: number;
  damaged: number;
  note: string | null;
};

/** Every receipt row of the order, oldest delivery first, lines in order within one. */
export async function findReceipts(scope: TenantScope, orderId: string): Promise<ReceiptView[]> {
  const result = await scope.tx.$client.query<ReceiptView>({
    name: 'purchase_receipts_view',
    text: `select r.receipt_id as "receiptId", r.received_at as "receivedAt", r.received_by as "receivedBy",
                  r.line_id as "lineId", x.product_id as "productId", p.sku, p.name as "productName",
                  r.quantity, r.damaged, r.note
           from purchase_receipts r
           join purchase_order_lines x on x.business_id = r.business_id and x.id = r.line_id
           join products p on p.business_id = x.business_id and p.id = x.product_id
           where r.business_id = $1 and r.order_id = $2
           order by r.received_at, r.receipt_id, x.line_no`,
    values: [scope.businessId, orderId],
  });
  return result.rows;
}

export type NewReceipt = {
  receiptId: string;
  orderId: string;
  receivedBy: string | null;
  receivedAt: Date;
  lines: ReadonlyArray<{ lineId: string; quantity: number; damaged: number; note: string | null }>;
};

/**
 * Adds a receipt to its lines and writes its rows, in two statements. The lines' CHECK keeps
 * damaged <= received; the caller checked the ordered quantity with the order row locked.
 */
export async function recordReceipt(scope: TenantScope, receipt: NewReceipt): Promise<void> {
  const lineIds = receipt.lines.map((line) => line.lineId);
  const quantities = receipt.lines.map((line) => line.quantity);
  const damaged = receipt.lines.map((line) => line.damaged);
  await scope.tx.$client.query({
    name: 'purchase_order_lines_receive',
    text: `update purchase_order_lines x
           set received_quantity = x.received_quantity + u.quantity,
               damaged_quantity = x.damaged_quantity + u.damaged
           from unnest($3::uuid[], $4::int[], $5::int[]) as u(id, quantity, damaged)
           where x.business_id = $1 and x.order_id = $2 and x.id = u.id`,
    values: [scope.businessId, receipt.orderId, lineIds, quantities, damaged],
  });
  await scope.tx.$client.query({
    name: 'purchase_receipts_insert',
    text: `insert into purchase_receipts
             (business_id, id, receipt_id, order_id, line_id, quantity, damaged, note, received_by, received_at)
           select $1, gen_random_uuid(), $2, $3, u.line_id, u.quantity, u.damaged, u.note, $8, $9
           from unnest($4::uuid[], $5::int[], $6::int[], $7::text[]) as u(line_id, quantity, damaged, note)`,
    values: [
      scope.businessId,
      receipt.receiptId,
      receipt.orderId,
      lineIds,
      quantities,
      damaged,
      receipt.lines.map((line) => line.note),
      receipt.receivedBy,
      receipt.receivedAt,
    ],
  });
}

export type OrderFilter = {
  status?: PurchaseOrderStatus | undefined;
  supplierId?: string | undefined;
  locationId?: string | undefined;
};

export type OrderSummaryRow = Omit<OrderView, 'supplierEmail'> & {
  lineCount: number;
  orderedQuantity: string;
  receivedQuantity: string;
  total: string;
};

/**
 * A page of orders, newest first. The filters present are written into the statement (one
 * prepared statement per combination), so each uses its `(business_id, <filter>, created_at
 * DESC, id DESC)` index and stops after OFFSET + LIMIT rows; a `col = $n or $n is null` form
 * would leave a generic plan with no index to use. The names and sums are joined to the page's
 * rows only.
 */
export async function findOrdersPage(
  scope: TenantScope,
  filter: OrderFilter,
  page: { limit: number; offset: number },
): Promise<OrderSummaryRow[]> {
  const where = filterSql(filter, 4);
  const result = await scope.tx.$client.query<OrderSummaryRow>({
    name: `purchase_orders_page_${where.name}`,
    text: `select ${ORDER_COLUMNS}, a.line_count as "lineCount", a.ordered as "orderedQuantity",
                  a.received as "receivedQuantity", a.total
           from (select * from purchase_orders o where o.business_id = $1 ${where.text}
                 order by o.created_at desc, o.id desc limit $2 offset $3) o
           join suppliers s on s.business_id = o.business_id and s.id = o.supplier_id
           join locations l on l.business_id = o.business_id and l.id = o.location_id
           cross join lateral (
             select count(*)::int as line_count, coalesce(sum(x.quantity), 0)::bigint as ordered,
                    coalesce(sum(x.received_quantity), 0)::bigint as received,
                    coalesce(sum(x.quantity * x.unit_cost), 0)::numeric(24, 2)::text as total
             from purchase_order_lines x where x.business_id = o.business_id and x.order_id = o.id
           ) a
           order by o.created_at desc, o.id desc`,
    values: [scope.businessId, page.limit, page.offset, ...where.values],
  });
  return result.rows;
}

export async function countOrders(scope: TenantScope, filter: OrderFilter): Promise<number> {
  const where = filterSql(filter, 2);
  const result = await scope.tx.$client.query<{ total: number }>({
    name: `purchase_orders_count_${where.name}`,
    text: `select count(*)::int as total from purchase_orders o where o.business_id = $1 ${where.text}`,
    values: [scope.businessId, ...where.values],
  });
  return result.rows[0]?.total ?? 0;
}

function filterSql(filter: OrderFilter, firstParameter: number) {
  const parts: string[] = [];
  const values: string[] = [];
  const names: string[] = [];
  const add = (column: string, value: string | undefined, name: string) => {
    if (value === undefined) return;
    values.push(value);
    names.push(name);
    parts.push(`and o.${column} = $${firstParameter + values.length - 1}`);
  };
  add('status', filter.status, 'st');
  add('supplier_id', filter.supplierId, 'su');
  add('location_id', filter.locationId, 'lo');
  return { text: parts.join(' '), values, name: names.join('_') || 'all' };
}

export type SupplierForOrder = {
  id: string;
  name: string;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  active: boolean;
};

/** A supplier of the business (the catalogue's table, plain SQL as the inventory reads it). */
export async function findSupplier(scope: TenantScope, id: string): Promise<SupplierForOrder | undefined> {
  const result = await scope.tx.$client.query<SupplierForOrder>({
    name: 'purchase_orders_supplier',
    text: `select id, name, contact_name as "contactName", email, phone, address, active
           from suppliers where business_id = $1 and id = $2`,
    values: [scope.businessId, id],
  });
  return result.rows[0];
}

export type ProductForOrder = { id: string; sku: string; name: string; active: boolean };

/** The products among `ids` that are placed at the location. */
export async function findProductsAt(
  scope: TenantScope,
  locationId: string,
  ids: readonly string[],
): Promise<ProductForOrder[]> {
  const result = await scope.tx.$client.query<ProductForOrder>({
    name: 'purchase_orders_products_at',
    text: `select id, sku, name, active from products
           where business_id = $1 and location_id = $2 and id = any($3::uuid[])`,
    values: [scope.businessId, locationId, ids],
  });
  return result.rows;
}

export type OpenQuantityRow = { productId: string; open: string; drafted: string };

/**
 * Per product at the location: units still to come on SENT and PARTIALLY_RECEIVED orders, and
 * units on DRAFT ones. Walks the location's orders through `purchase_orders_location_idx`.
 */
export async function sumOpenQuantities(scope: TenantScope, locationId: string): Promise<OpenQuantityRow[]> {
  const result = await scope.tx.$client.query<OpenQuantityRow>({
    name: 'purchase_orders_open_quantities',
    text: `select x.product_id as "productId",
                  coalesce(sum(greatest(x.quantity - x.received_quantity, 0))
                    filter (where o.status in ('SENT', 'PARTIALLY_RECEIVED')), 0)::bigint as open,
                  coalesce(sum(x.quantity) filter (where o.status = 'DRAFT'), 0)::bigint as drafted
           from purchase_orders o
           join purchase_order_lines x on x.business_id = o.business_id and x.order_id = o.id
           where o.business_id = $1 and o.location_id = $2
             and o.status in ('DRAFT', 'SENT', 'PARTIALLY_RECEIVED')
           group by x.product_id`,
    values: [scope.businessId, locationId],
  });
  return result.rows;
}

const ORDER_COLUMNS = `o.business_id as "businessId", o.id, o.number, o.supplier_id as "supplierId",
  s.name as "supplierName", o.location_id as "locationId", l.name as "locationName", o.status,
  o.expected_at::text as "expectedAt", o.note, o.created_by as "createdBy", o.created_at as "createdAt",
  o.updated_at as "updatedAt", o.sent_at as "sentAt", o.sent_by as "sentBy", o.received_at as "receivedAt",
  o.closed_at as "closedAt", o.closed_by as "closedBy", o.cancelled_at as "cancelledAt",
  o.cancelled_by as "cancelledBy"`;
