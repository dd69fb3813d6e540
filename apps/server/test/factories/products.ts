import { randomUUID } from 'node:crypto';
import type { TestApp } from '../build-app.js';
import { bearer } from './accounts.js';
import { multipart, type FormPart } from './multipart.js';

export type ProductFields = Record<string, string | string[] | undefined>;

/** A product form as the browser sends it: text fields, `locationIds` repeated, an optional image. */
export function productForm(fields: ProductFields, image?: { data: Buffer; contentType: string }) {
  const parts: FormPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const one of [value].flat()) parts.push({ name, value: one });
  }
  if (image)
    parts.push({ name: 'image', value: image.data, filename: 'image', contentType: image.contentType });
  return multipart(parts);
}

/** POST /api/products through the API. */
export function postProduct(
  t: TestApp,
  token: string,
  fields: ProductFields,
  image?: { data: Buffer; contentType: string },
) {
  const form = productForm(fields, image);
  return t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
}

/** Creates a product through the API and answers its body; fails the test on anything but 201. */
export async function createProduct(
  t: TestApp,
  token: string,
  fields: ProductFields & { locationId: string },
): Promise<{ id: string; sku: string; locationId: string; barcode: string | null; imageUrl: string | null }> {
  const res = await postProduct(t, token, {
    name: 'Tea',
    price: '3.50',
    sku: `SKU-${randomUUID().slice(0, 8)}`,
    ...fields,
  });
  if (res.statusCode !== 201) throw new Error(`product create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Inserts `count` products at a location straight into the database, as the creation would:
 * positions continue the location's counter, which moves on by `count`. SKUs are
 * `${prefix}-0001`... Answers their ids in position order.
 */
export async function insertProducts(
  t: TestApp,
  businessId: string,
  locationId: string,
  count: number,
  prefix = 'BULK',
): Promise<string[]> {
  const { rows } = await t.sql(
    `with seq as (
       update locations set product_position_seq = product_position_seq + $3
       where business_id = $1 and id = $2
       returning product_position_seq - $3 as base
     )
     insert into products (business_id, id, location_id, sku, name, price, list_position)
     select $1, gen_random_uuid(), $2, $4 || '-' || lpad(n::text, 4, '0'), 'Bulk ' || n, 1.00, seq.base + n
     from seq, generate_series(1, $3::int) as n
     returning id, list_position`,
    [businessId, locationId, count, prefix],
  );
  return (rows as Array<{ id: string; list_position: string }>)
    .sort((a, b) => Number(a.list_position) - Number(b.list_position))
    .map((row) => row.id);
}

export async function insertCategory(
  t: TestApp,
  businessId: string,
  locationId: string,
  name: string,
): Promise<string> {
  const id = randomUUID();
  await t.sql(`insert into categories (business_id, id, location_id, name) values ($1, $2, $3, $4)`, [
    businessId,
    id,
    locationId,
    name,
  ]);
  return id;
}

export async function insertSupplier(
  t: TestApp,
  businessId: string,
  name = 'Acme Supplies',
): Promise<string> {
  const id = randomUUID();
  await t.sql(`insert into suppliers (business_id, id, name) values ($1, $2, $3)`, [businessId, id, name]);
  return id;
}

/**
 * Stock of a product at its location, with the COUNT ledger row the stock function would have
 * written for it (the whole-schema ledger check holds) and the next position of its location's
 * stock table, as the stock function hands it out; answers the item's id.
 */
export async function insertInventoryItem(
  t: TestApp,
  businessId: string,
  productId: string,
  locationId: string,
  quantity: number,
): Promise<string> {
  const id = randomUUID();
  await t.sql(
    `with counter as (
       insert into inventory_positions as c (business_id, location_id, last_position) values ($1, $3, 1)
       on conflict (business_id, location_id) do update set last_position = c.last_position + 1
       returning last_position
     ), item as (
       insert into inventory_items (business_id, id, location_id, product_id, quantity, list_position)
       select $1, $2, $3, $4, $5, last_position from counter
       returning business_id, id, location_id, product_id, quantity
     )
     insert into stock_ledger (business_id, id, inventory_id, location_id, product_id, delta, quantity_after, reason)
     select business_id, gen_random_uuid(), id, location_id, product_id, quantity, quantity, 'COUNT'
     from item where quantity > 0`,
    [businessId, id, locationId, productId, quantity],
  );
  return id;
}

/** The audit entries of a business of one event type, oldest first. */
export async function auditEvents(
  t: TestApp,
  businessId: string,
  eventType: string,
): Promise<Array<{ user_id: string | null; description: string }>> {
  const { rows } = await t.sql(
    `select user_id, description from audit_logs where business_id = $1 and event_type = $2 order by created_at, id`,
    [businessId, eventType],
  );
  return rows as Array<{ user_id: string | null; description: string }>;
}
