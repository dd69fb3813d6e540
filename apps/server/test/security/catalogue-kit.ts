import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32, deflateSync } from 'node:zlib';
import type { TProduct, TStore } from '@app/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from '../build-app.js';
import { bearer } from '../factories/accounts.js';
import { multipart, type FormPart } from '../factories/multipart.js';
import { postProduct } from '../factories/products.js';

/**
 * Shared pieces of the catalogue attack files (catalogue-attacks-*.int.test.ts): a request
 * described as data, a fingerprint of everything the catalogue stores (rows and image files), the
 * images an attacker uploads, and a seeded catalogue per business.
 */

export type Attack = {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body. */
  form?: FormPart[];
};

export function send(t: TestApp, token: string, attack: Attack): Promise<LightMyRequestResponse> {
  if (attack.form) {
    const form = multipart(attack.form);
    return t.app.inject({
      method: attack.method,
      url: attack.url,
      headers: { ...form.headers, ...bearer(token) },
      payload: form.payload,
    });
  }
  return t.app.inject({
    method: attack.method,
    url: attack.url,
    headers: bearer(token),
    ...(attack.json === undefined ? {} : { payload: attack.json as object }),
  });
}

/** The tables the catalogue writes, and the audit log its writes append to. */
export const CATALOGUE_TABLES = [
  'locations',
  'pos_readers',
  'stores',
  'warehouses',
  'categories',
  'suppliers',
  'carrying_containers',
  'products',
  'product_position_gaps',
  'inventory_items',
  'audit_logs',
  'businesses',
] as const;

/**
 * A digest of every row of the catalogue's tables (all businesses) and of the stored files: equal
 * before and after a refused request means it wrote nothing, not even part of its work.
 */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const columns = CATALOGUE_TABLES.map(
    (table) =>
      `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x) as ${table}`,
  );
  const { rows } = await t.sql(`select ${columns.join(', ')}`);
  return { ...(rows[0] as Record<string, string>), blobs: (await blobFiles(t)).join('|') };
}

/** Every file under DATA_DIR/blobs, relative to it, sorted. */
export async function blobFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'blobs');
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(root, full));
    }
  };
  await walk(root);
  return found.sort();
}

/** Every file under DATA_DIR but the database's, to show nothing was written outside blobs/. */
export async function dataFiles(t: TestApp): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(t.config.dataDir, full));
    }
  };
  await walk(t.config.dataDir);
  return found.filter((file) => !file.startsWith(`pg${path.sep}`)).sort();
}

/** An error answer in the API's one shape, with the expected status and code. */
export function expectError(res: LightMyRequestResponse, status: number, code: string): void {
  expect({ status: res.statusCode, code: res.json<{ code?: string }>().code }, res.body).toEqual({
    status,
    code,
  });
  expect(res.body).not.toMatch(/stack|at .*\.ts:\d+/);
}

export async function waitUntil(condition: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

/** Queries of the test's database waiting for a lock whose text starts like `text` (as the owner). */
export async function waitingQueries(t: TestApp, text: string): Promise<number> {
  const { rows } = await t.sql(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
    [`${text}%`],
  );
  return (rows[0] as { n: number }).n;
}

// ---------------------------------------------------------------------------------------------
// Images an attacker sends

export async function realPng(size = 8): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
}

export async function realJpeg(size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: '#27ae60' } })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG of a few hundred bytes that declares a `width` x `height` canvas. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SCRIPT = '<html><body><script>alert(document.cookie)</script></body></html>';

// ---------------------------------------------------------------------------------------------
// A business's catalogue, through the API

export type Catalogue = {
  storeLocationId: string;
  warehouseLocationId: string;
  spareLocationId: string;
  store: TStore;
  warehouseId: string;
  supplierId: string;
  categoryId: string;
  product: TProduct;
  containerId: string;
};

async function created<T>(res: LightMyRequestResponse, what: string): Promise<T> {
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  }
  return res.json<T>();
}

/**
 * One of everything, named after `prefix` ("Victim", "Mallory") so that a message naming another
 * business's row is easy to catch. The store and the product have images; the product has a
 * category, a supplier, a barcode and a discount; the store a container and a card reader.
 */
export async function seedCatalogue(t: TestApp, token: string, prefix: string): Promise<Catalogue> {
  const location = async (name: string, extra: object = {}) =>
    (
      await created<{ id: string }>(
        await send(t, token, { method: 'POST', url: '/api/locations', json: { name, ...extra } }),
        `location ${name}`,
      )
    ).id;
  const storeLocationId = await location(`${prefix} High Street`, {
    city: `${prefix}ville`,
    latitude: 51.5,
    longitude: -0.12,
  });
  const warehouseLocationId = await location(`${prefix} Depot`);
  const spareLocationId = await location(`${prefix} Spare Yard`);
  const png = await realPng();
  const store = await created<TStore>(
    await send(t, token, {
      method: 'POST',
      url: '/api/stores',
      form: [
        { name: 'store', value: JSON.stringify({ name: `${prefix} Store`, locationId: storeLocationId }) },
        { name: 'image', value: png, filename: 'front.png', contentType: 'image/png' },
      ],
    }),
    'store',
  );
  const warehouseId = (
    await created<{ id: string }>(
      await send(t, token, {
        method: 'POST',
        url: '/api/warehouses',
        json: { name: `${prefix} Warehouse`, locationId: warehouseLocationId },
      }),
      'warehouse',
    )
  ).id;
  const supplierId = (
    await created<{ id: string }>(
      await send(t, token, { method: 'POST', url: '/api/suppliers', json: { name: `${prefix} Supplies` } }),
      'supplier',
    )
  ).id;
  const categoryId = (
    await created<{ id: string }>(
      await send(t, token, {
        method: 'POST',
        url: '/api/categories',
        json: { categoryName: `${prefix} Teas`, locationId: storeLocationId },
      }),
      'category',
    )
  ).id;
  const product = await created<TProduct>(
    await postProduct(
      t,
      token,
      {
        name: `${prefix} Tea`,
        sku: `${prefix.toUpperCase()}-TEA`,
        barcode: '4006381333931',
        price: '4.00',
        categoryId,
        supplierId,
        locationId: storeLocationId,
      },
      { data: png, contentType: 'image/png' },
    ),
    'product',
  );
  const containerId = (
    await created<{ id: string }>(
      await send(t, token, {
        method: 'POST',
        url: '/api/carrying-containers',
        json: { name: `${prefix} Basket`, storeId: store.id, type: 'BASKET', code: 'B1' },
      }),
      'container',
    )
  ).id;
  await created(
    await send(t, token, {
      method: 'POST',
      url: `/api/discounts/create-or-update?sku=${product.sku}&locationId=${storeLocationId}&discountPercentage=10&discountValidFrom=2020-01-01T00:00:00Z&discountValidTo=2099-01-01T00:00:00Z`,
    }),
    'discount',
  );
  await created(
    await send(t, token, {
      method: 'POST',
      url: '/api/locations/readers/pos-terminal-register',
      json: { locationId: storeLocationId, registrationCode: 'simulated-wpe', label: `${prefix} Till` },
    }),
    'card reader',
  );
  return {
    storeLocationId,
    warehouseLocationId,
    spareLocationId,
    store,
    warehouseId,
    supplierId,
    categoryId,
    product,
    containerId,
  };
}

/**
 * Runs `request` while another transaction holds the row `id` of `table`, waits until the request
 * waits for that row, then deletes it and commits: what a deletion by another user of the
 * business looks like to a write that read the row a moment before.
 */
export async function whileDeleting(
  t: TestApp,
  row: { table: string; businessId: string; id: string },
  request: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  const holder = new pg.Client({ connectionString: t.databaseUrl });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query(`select 1 from ${row.table} where business_id = $1 and id = $2 for update`, [
      row.businessId,
      row.id,
    ]);
    let settled = false;
    const pending = request().finally(() => {
      settled = true;
    });
    await waitUntil(
      async () => settled || (await waitingQueries(t, '')) > 0,
      'the request waits for the row',
    );
    await holder.query(`delete from ${row.table} where business_id = $1 and id = $2`, [
      row.businessId,
      row.id,
    ]);
    await holder.query('commit');
    return await pending;
  } finally {
    await holder.end();
  }
}
