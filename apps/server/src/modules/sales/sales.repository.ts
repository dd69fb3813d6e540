import type { TenantScope } from '../../platform/db/tenancy.js';

/**
 * The sales and their lines: written once (a sale, a refund), read, and only
 * `sale_lines.refunded_quantity` ever changes (the request role has no other UPDATE right). The
 * store's name is joined in plain SQL: history keeps no foreign key, so a deleted store reads as
 * an empty name.
 */

export type SaleRow = {
  id: string;
  kind: string;
  refundOf: string | null;
  storeId: string;
  storeName: string;
  locationId: string;
  soldAt: Date;
  day: string;
  paymentMethod: string;
  customerRef: string | null;
  subtotal: string;
  discountTotal: string;
  loyaltyDiscount: string;
  total: string;
  units: number;
  createdBy: string | null;
  createdAt: Date;
};

export type SaleLineRow = {
  lineNo: number;
  productId: string;
  productName: string;
  sku: string;
  barcode: string | null;
  categoryId: string | null;
  quantity: number;
  unitPrice: string;
  discount: string;
  lineTotal: string;
  /**
   * What one unit cost the shop when sold (4 decimals): the unit cost the stock function answered for
   * the sale's change; null when unknown. A refund line carries its sale line's.
   */
  unitCost: string | null;
  refundedQuantity: number;
};

export type NewSale = Omit<SaleRow, 'storeName' | 'createdAt'>;
export type NewSaleLine = Omit<SaleLineRow, 'refundedQuantity'>;

/**
 * The sale and its lines in one statement (the lines copy the sale's store, instant and day);
 * answers the row's created_at, the transaction's start.
 */
export async function insertSale(
  scope: TenantScope,
  sale: NewSale,
  lines: readonly NewSaleLine[],
): Promise<Date> {
  const result = await scope.tx.$client.query<{ createdAt: Date }>({
    name: 'sales_insert',
    text: `
      with sale as (
        insert into sales (business_id, id, kind, refund_of, store_id, location_id, sold_at, day, payment_method,
                           customer_ref, subtotal, discount_total, total, units, created_by, loyalty_discount)
        values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $17)
        returning created_at
      ),
      lines as (
        insert into sale_lines (business_id, sale_id, line_no, store_id, sold_at, day, product_id, product_name, sku,
                                barcode, category_id, quantity, unit_price, discount, line_total, unit_cost)
        select $1, $2, l.line_no, $5, $7, $8, l.product_id, l.product_name, l.sku, l.barcode, l.category_id,
               l.quantity, l.unit_price, l.discount, l.line_total, l.unit_cost
        from json_to_recordset($16::json) as l(line_no int, product_id uuid, product_name text, sku text, barcode text,
               category_id uuid, quantity int, unit_price numeric, discount numeric, line_total numeric,
               unit_cost numeric)
      )
      select created_at as "createdAt" from sale`,
    values: [
      scope.businessId,
      sale.id,
      sale.kind,
      sale.refundOf,
      sale.storeId,
      sale.locationId,
      sale.soldAt,
      sale.day,
      sale.paymentMethod,
      sale.customerRef,
      sale.subtotal,
      sale.discountTotal,
      sale.total,
      sale.units,
      sale.createdBy,
      JSON.stringify(
        lines.map((line) => ({
          line_no: line.lineNo,
          product_id: line.productId,
          product_name: line.productName,
          sku: line.sku,
          barcode: line.barcode,
          category_id: line.categoryId,
          quantity: line.quantity,
          unit_price: line.unitPrice,
          discount: line.discount,
          line_total: line.lineTotal,
          unit_cost: line.unitCost,
        })),
      ),
      sale.loyaltyDiscount,
    ],
  });
  const row = result.rows[0];
  if (!row) throw new Error('an inserted sale answers its row');
  return row.createdAt;
}

const SALE_COLUMNS = `s.id, s.kind, s.refund_of as "refundOf", s.store_id as "storeId",
  coalesce(st.name, '') as "storeName", s.location_id as "locationId", s.sold_at as "soldAt",
  s.day::text as day, s.payment_method as "paymentMethod", s.customer_ref as "customerRef", s.subtotal,
  s.discount_total as "discountTotal", s.loyalty_discount as "loyaltyDiscount", s.total, s.units, s.created_by as "createdBy", s.created_at as "createdAt"`;

const STORE_JOIN = 'left join stores st on st.business_id = s.business_id and st.id = s.store_id';

export async function findSale(scope: TenantScope, id: string): Promise<SaleRow | undefined> {
  const result = await scope.tx.$client.query<SaleRow>({
    name: 'sales_find',
    text: `select ${SALE_COLUMNS} from sales s ${STORE_JOIN} where s.business_id = $1 and s.id = $2`,
    values: [scope.businessId, id],
  });
  return result.rows[0];
}

const LINE_COLUMNS = `line_no as "lineNo", product_id as "productId", product_name as "productName", sku, barcode,
  category_id as "categoryId", quantity, unit_price as "unitPrice", discount, line_total as "lineTotal",
  unit_cost::text as "unitCost", refunded_quantity as "refundedQuantity"`;

export async function findSaleLines(scope: TenantScope, saleId: string): Promise<SaleLineRow[]> {
  const result = await scope.tx.$client.query<SaleLineRow>({
    name: 'sales_lines',
    text: `select ${LINE_COLUMNS} from sale_lines where business_id = $1 and sale_id = $2 order by line_no`,
    values: [scope.businessId, saleId],
  });
  return result.rows;
}

/**
 * The lines of a sale locked to the end of the transaction, in line order: two refunds of one
 * sale queue here, and the second sees what the first gave back.
 */
export async function lockSaleLines(scope: TenantScope, saleId: string): Promise<SaleLineRow[]> {
  const result = await scope.tx.$client.query<SaleLineRow>({
    name: 'sales_lock_lines',
    text: `select ${LINE_COLUMNS} from sale_lines where business_id = $1 and sale_id = $2 order by line_no for update`,
    values: [scope.businessId, saleId],
  });
  return result.rows;
}

/** Adds units given back to the lines of a sale (the one column the request role may update). */
export async function addRefundedQuantities(
  scope: TenantScope,
  saleId: string,
  refunds: ReadonlyArray<{ lineNo: number; units: number }>,
): Promise<void> {
  await scope.tx.$client.query({
    name: 'sales_add_refunded',
    text: `
      update sale_lines l set refunded_quantity = l.refunded_quantity + r.units
      from unnest($3::int[], $4::int[]) as r(line_no, units)
      where l.business_id = $1 and l.sale_id = $2 and l.line_no = r.line_no`,
    values: [scope.businessId, saleId, refunds.map((r) => r.lineNo), refunds.map((r) => r.units)],
  });
}

/** The refunds of a sale: ids, totals and their lines' money (both negative). */
export async function findRefundsOf(
  scope: TenantScope,
  saleId: string,
): Promise<Array<{ id: string; total: string; lines: string }>> {
  const result = await scope.tx.$client.query<{ id: string; total: string; lines: string }>(
    `select id, total::text as total, (subtotal - discount_total)::text as lines
     from sales where business_id = $1 and refund_of = $2 order by sold_at, id`,
    [scope.businessId, saleId],
  );
  return result.rows;
}

export type SaleFilter = { storeId?: string; from?: Date; to?: Date; kind?: string };

/**
 * The conditions of a list, on the columns of the `(business_id[, store_id], sold_at desc, id
 * desc)` indexes: the page walks one of them from its newest end.
 */
function filterSql(scope: TenantScope, filter: SaleFilter): { where: string; values: unknown[] } {
  const values: unknown[] = [scope.businessId];
  const conditions = ['s.business_id = $1'];
  const add = (condition: (n: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(condition(`$${values.length}`));
  };
  if (filter.storeId) add((n) => `s.store_id = ${n}`, filter.storeId);
  if (filter.from) add((n) => `s.sold_at >= ${n}`, filter.from);
  if (filter.to) add((n) => `s.sold_at < ${n}`, filter.to);
  if (filter.kind) add((n) => `s.kind = ${n}`, filter.kind);
  return { where: conditions.join(' and '), values };
}

/** One page of sales, newest first, each with its number of lines (read from the lines' key). */
export async function findSalePage(
  scope: TenantScope,
  filter: SaleFilter,
  page: { limit: number; offset: number },
): Promise<Array<SaleRow & { lineCount: number }>> {
  const { where, values } = filterSql(scope, filter);
  const result = await scope.tx.$client.query<SaleRow & { lineCount: number }>(
    `select ${SALE_COLUMNS},
            (select count(*) from sale_lines l where l.business_id = s.business_id and l.sale_id = s.id) as "lineCount"
     from sales s ${STORE_JOIN} where ${where}
     order by s.sold_at desc, s.id desc limit $${values.length + 1} offset $${values.length + 2}`,
    [...values, page.limit, page.offset],
  );
  return result.rows;
}

export async function countSales(scope: TenantScope, filter: SaleFilter): Promise<number> {
  const { where, values } = filterSql(scope, filter);
  const result = await scope.tx.$client.query<{ total: number }>(
    `select count(*) as total from sales s where ${where}`,
    values,
  );
  return result.rows[0]?.total ?? 0;
}
