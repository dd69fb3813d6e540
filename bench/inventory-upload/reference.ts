/**
 * The bare reference of the upload benchmark: the same sheet applied to the reference business
 * with plain SQL through `pg`, as the database owner, in one transaction per run: COPY of the CSV
 * file into a temporary table, then one statement that resolves locations and SKUs by join and
 * writes the items (insert, add or set) together with one ledger row per sheet row, as the
 * upload does. No HTTP, no parsing in JavaScript, no row checks, no row-level security: what the
 * work costs the database alone.
 */
import pg from 'pg';

export type ReferenceMode = 'create' | 'add' | 'set';

const RESOLVED = `
  resolved as (
    select p.location_id, p.id as product_id, s.quantity, s.ord
    from sheet s
    join locations l on l.business_id = $1 and lower(l.name) = lower(trim(s.location))
    join products p on p.business_id = $1 and p.location_id = l.id and p.sku = trim(s.sku)
  )`;

const LEDGER = `
  insert into stock_ledger (business_id, id, inventory_id, location_id, product_id, delta, quantity_after, reason, reference, note)
  select $1, gen_random_uuid(), w.id, w.location_id, w.product_id, w.delta, w.quantity, 'UPLOAD', 'bench reference', 'Spreadsheet row ' || (r.ord + 1)
  from written w join resolved r on r.location_id = w.location_id and r.product_id = w.product_id
  order by r.ord`;

const STATEMENTS: Record<ReferenceMode, string> = {
  create: `with ${RESOLVED},
    written as (
      insert into inventory_items (business_id, id, location_id, product_id, quantity)
      select $1, gen_random_uuid(), location_id, product_id, quantity from resolved order by location_id, product_id
      returning id, location_id, product_id, quantity, quantity as delta
    ) ${LEDGER}`,
  add: `with ${RESOLVED},
    written as (
      update inventory_items i set quantity = i.quantity + r.quantity, updated_at = now()
      from resolved r where i.business_id = $1 and i.location_id = r.location_id and i.product_id = r.product_id
      returning i.id, i.location_id, i.product_id, i.quantity, r.quantity as delta
    ) ${LEDGER}`,
  set: `with ${RESOLVED},
    before as (
      select r.*, i.quantity as old from resolved r
      join inventory_items i on i.business_id = $1 and i.location_id = r.location_id and i.product_id = r.product_id
    ),
    written as (
      update inventory_items i set quantity = b.quantity, updated_at = now()
      from before b where i.business_id = $1 and i.location_id = b.location_id and i.product_id = b.product_id
      returning i.id, i.location_id, i.product_id, i.quantity, b.quantity - b.old as delta
    ) ${LEDGER}`,
};

/** Applies the CSV at `csvPath` (readable by the database server) and answers the seconds and rows written. */
export async function applyWithBarePg(
  ownerUrl: string,
  businessId: string,
  csvPath: string,
  mode: ReferenceMode,
): Promise<{ seconds: number; rows: number }> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    await client.query(
      `create temp table sheet (sku text, barcode text, quantity int, location text, ord bigint generated always as identity) on commit drop`,
    );
    // The server reads the file itself: COPY as the bulk path PostgreSQL offers, no client parsing.
    await client.query(
      `copy sheet (sku, barcode, quantity, location) from '${csvPath.replace(/'/g, "''")}' with (format csv, header true)`,
    );
    const result = await client.query(STATEMENTS[mode], [businessId]);
    await client.query('commit');
    return { seconds: (performance.now() - started) / 1000, rows: result.rowCount ?? 0 };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
