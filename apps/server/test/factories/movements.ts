import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type { TCreatedMovements, TStockMovement } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../build-app.js';
import type { Principal } from '../../src/platform/auth/principal.js';
import { inNewTenant } from '../../src/platform/db/tenancy.js';
import { changeStock, ensureItems } from '../../src/modules/inventory/stock/stock.service.js';
import { bearer } from './accounts.js';
import { insertLocation } from './catalogue.js';
import { createProduct } from './products.js';

/**
 * Stock movement fixtures. Stock is put in place through the stock function itself (as a
 * received delivery), so every quantity has its ledger rows and the ledgers balance.
 */

/** Adds `quantity` units of the product at the location, creating its item when missing. */
export async function stockUp(
  t: TestApp,
  businessId: string,
  userId: string,
  item: { productId: string; locationId: string; quantity: number },
): Promise<void> {
  const principal: Principal = {
    userId,
    businessId,
    roles: ['ROLE_BUSINESS_OWNER'],
    tokenVersion: 0,
    tokenId: randomUUID(),
    expiresAt: new Date(Date.now() + 60_000),
  };
  await inNewTenant(t.database.db, principal, businessId, async (scope) => {
    await ensureItems(scope, [item]);
    await changeStock(scope, { userId }, [
      { ...item, delta: item.quantity, reason: 'ADJUSTMENT', cause: 'RECEIVED' },
    ]);
  });
}

export type Place = { id: string; name: string };

/**
 * A warehouse-like source and a store-like destination (plain locations), and a product at the
 * source holding `quantity` units. Answers what the tests move.
 */
export async function movementSetUp(
  t: TestApp,
  owner: { token: string; businessId: string; userId: string },
  options: { quantity?: number; sku?: string } = {},
) {
  const source: Place = { id: '', name: `Warehouse ${randomUUID().slice(0, 4)}` };
  source.id = await insertLocation(t, owner.businessId, { name: source.name });
  const destination: Place = { id: '', name: `Store ${randomUUID().slice(0, 4)}` };
  destination.id = await insertLocation(t, owner.businessId, { name: destination.name });
  const product = await createProduct(t, owner.token, {
    locationId: source.id,
    name: 'Green tea',
    sku: options.sku ?? `TEA-${randomUUID().slice(0, 6)}`,
    price: '4.20',
  });
  await stockUp(t, owner.businessId, owner.userId, {
    productId: product.id,
    locationId: source.id,
    quantity: options.quantity ?? 20,
  });
  return { source, destination, product };
}

/** POST /api/stock-movement/create. */
export function postMovement(
  t: TestApp,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/stock-movement/create',
    headers: { ...bearer(token), ...headers },
    payload: body as object,
  });
}

/** Creates through the API; fails the test on anything but 201. */
export async function createMovement(t: TestApp, token: string, body: unknown): Promise<TCreatedMovements> {
  const res = await postMovement(t, token, body);
  if (res.statusCode !== 201) throw new Error(`movement create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export type End = 'source' | 'destination';

/** PUT validate-source|validate-destination/{id}?validationCode. */
export function validate(
  t: TestApp,
  token: string,
  end: End,
  id: string,
  code: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: `/api/stock-movement/validate-${end}/${id}?validationCode=${encodeURIComponent(code)}`,
    headers: { ...bearer(token), ...headers },
  });
}

/** PUT batch/validate-source|validate-destination?batchId&validationCode. */
export function validateBatch(
  t: TestApp,
  token: string,
  end: End,
  batchId: string,
  code: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: `/api/stock-movement/batch/validate-${end}?batchId=${batchId}&validationCode=${encodeURIComponent(code)}`,
    headers: { ...bearer(token), ...headers },
  });
}

export function cancel(
  t: TestApp,
  token: string,
  id: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: `/api/stock-movement/cancel/${id}`,
    headers: { ...bearer(token), ...headers },
  });
}

export function cancelMany(
  t: TestApp,
  token: string,
  ids: readonly string[],
): Promise<LightMyRequestResponse> {
  const query = ids.map((id) => `movementIds=${id}`).join('&');
  return t.app.inject({
    method: 'PUT',
    url: `/api/stock-movement/batch/cancel?${query}`,
    headers: bearer(token),
  });
}

export async function getMovement(t: TestApp, token: string, id: string): Promise<TStockMovement> {
  const res = await t.app.inject({ method: 'GET', url: `/api/stock-movement/${id}`, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`movement read failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A code that is not `code` (the next one round the 6 digits). */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** The quantity of the SKU's product at the location, or undefined without an item. */
export async function quantityOf(t: TestApp, businessId: string, sku: string, locationId: string) {
  const { rows } = await t.sql(
    `select i.quantity from inventory_items i
     join products p on p.business_id = i.business_id and p.id = i.product_id
     where i.business_id = $1 and p.sku = $2 and i.location_id = $3`,
    [businessId, sku, locationId],
  );
  return (rows[0] as { quantity: number } | undefined)?.quantity;
}

/** Every item (all businesses) whose quantity differs from the sum of its ledger. */
export async function unbalancedItems(t: TestApp): Promise<unknown[]> {
  const { rows } = await t.sql(
    `select i.business_id, i.id, i.quantity, coalesce(sum(l.delta), 0)::int as ledger
     from inventory_items i
     left join stock_ledger l on l.business_id = i.business_id and l.inventory_id = i.id
     group by i.business_id, i.id, i.quantity
     having i.quantity <> coalesce(sum(l.delta), 0)`,
  );
  return rows;
}

/** The ledger rows that name the movement as their reference, oldest first. */
export async function ledgerOf(t: TestApp, movementId: string) {
  const { rows } = await t.sql(
    `select reason, delta, location_id from stock_ledger where reference = $1 order by created_at, id`,
    [movementId],
  );
  return rows as Array<{ reason: string; delta: number; location_id: string }>;
}

/** Everything the movements area stores, as one digest per table: equal means nothing changed. */
export async function movementFingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables = [
    'stock_movements',
    'stock_ledger',
    'inventory_items',
    'products',
    'audit_logs',
    'idempotency_keys',
  ];
  const columns = tables.map(
    (table) =>
      `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x) as ${table}`,
  );
  const { rows } = await t.sql(`select ${columns.join(', ')}`);
  return rows[0] as Record<string, string>;
}

/**
 * The text a PDF written by pdfkit shows: its content streams inflated, the hex strings of each
 * TJ array joined (pdfkit splits words for kerning), one line per TJ.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  // pdfkit writes "stream\n", the bytes, "\nendstream"; a compressed stream may itself end in
  // "\r", so the end is matched without an optional "\r" that would eat its last byte.
  for (const stream of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue; // an image, not text
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

/** GET /api/stock-movement/{id}/document, with the codes as headers when given. */
export function downloadDocument(
  t: TestApp,
  token: string,
  id: string,
  codes?: { source?: string; destination?: string },
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...bearer(token) };
  if (codes?.source) headers['x-source-validation-code'] = codes.source;
  if (codes?.destination) headers['x-destination-validation-code'] = codes.destination;
  return t.app.inject({ method: 'GET', url: `/api/stock-movement/${id}/document`, headers });
}
