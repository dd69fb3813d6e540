/**
 * The bare reference of the catalogue benchmark: Fastify + pg.Pool sending the SQL the full
 * stack sends for the same two calls, run as its own process, logged in as the request role so
 * the same row-level security applies. Env: PORT, DATABASE_REQUEST_URL, BUSINESS_ID, USER_ID.
 *
 * - GET /list/:locationId?page=&size=   a page of a location's active products, placed by
 *   position (apps/server/src/modules/product/products/product-list.repository.ts), with stock;
 * - GET /search/:locationId?query=&page=&size=   the prefix search on SKU or name, with its count
 *   and stock.
 * Each request: the session check (a prepared call on the pool, as the guard), then one client:
 * BEGIN with the role, tenant and user in one simple query, the reads, COMMIT.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const businessId = process.env.BUSINESS_ID ?? '';
const userId = process.env.USER_ID ?? '';
if (!UUID.test(businessId) || !UUID.test(userId)) throw new Error('BUSINESS_ID and USER_ID must be UUIDs');

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_REQUEST_URL,
  max: 20,
  idleTimeoutMillis: 30_000,
});
pool.on('error', () => undefined);
const TOKEN_ID = randomUUID();

const PLACE_SQL = `
  with hidden (position, is_gap) as (
    select list_position, true from product_position_gaps where business_id = $1 and location_id = $2
    union all
    select list_position, false from products where business_id = $1 and location_id = $2 and not active
  ),
  ranked as (select is_gap, position - row_number() over (order by position) as visible_before from hidden)
  select l.product_position_seq as positions,
    (select count(*) from ranked where is_gap) as gaps,
    (select count(*) from ranked) as hidden,
    (select count(*) from ranked where visible_before <= $3) as before
  from locations l where l.business_id = $1 and l.id = $2`;
const PAGE_SQL = `select * from products
  where business_id = $1 and location_id = $2 and list_position >= $3 and active = true
  order by list_position limit $4`;
const LOCATION_SQL = `select * from locations where business_id = $1 and id = $2`;
// The prefix as a range on the stored lower-case columns, as the product search sends it.
const range = (column: string) =>
  `business_id = $1 and location_id = $2 and ${column} ~>=~ $3 and ${column} ~<~ $4 and active`;
const MATCHES = `with matches as (
    select id, sku from products where ${range('sku_lower')}
    union
    select id, sku from products where ${range('name_lower')})`;
const SEARCH_SQL = `${MATCHES} select id, count(*) over () as total from matches order by sku, id limit $5 offset $6`;
const BY_IDS_SQL = `select * from products where business_id = $1 and id = any($2::uuid[])`;
const STOCK_SQL = `select product_id, quantity from inventory_items where business_id = $1 and product_id = any($2)`;

type Row = Record<string, unknown> & { id: string };

async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T | null> {
  const check = await pool.query<{ version: unknown }>({
    name: 'app_session_version',
    text: 'select app_session_version($1, $2) as version',
    values: [userId, TOKEN_ID],
  });
  if (check.rows[0]?.version === null || check.rows[0]?.version === undefined) return null;
  const client = await pool.connect();
  try {
    await client.query(
      `begin; select set_config('role', 'app_tenant', true), set_config('app.business_id', '${businessId}', true), set_config('app.user_id', '${userId}', true)`,
    );
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

async function withStock(client: pg.PoolClient, rows: Row[]) {
  const stock = await client.query<{ product_id: string; quantity: number }>(STOCK_SQL, [
    businessId,
    rows.map((row) => row.id),
  ]);
  const quantities = new Map(stock.rows.map((row) => [row.product_id, row.quantity]));
  return rows.map((row) => ({ ...row, stock: quantities.get(row.id) ?? 0 }));
}

function pageOf(query: { page?: string; size?: string }) {
  return { page: Number(query.page ?? 0), size: Number(query.size ?? 10) };
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));

app.get<{ Params: { locationId: string }; Querystring: { page?: string; size?: string } }>(
  '/list/:locationId',
  async (request, reply) => {
    const { page, size } = pageOf(request.query);
    const offset = page * size;
    const answer = await inTransaction(async (client) => {
      const placed = await client.query<{ positions: string; hidden: string; before: string }>(PLACE_SQL, [
        businessId,
        request.params.locationId,
        offset,
      ]);
      const place = placed.rows[0];
      if (!place) return null;
      const rows = await client.query<Row>(PAGE_SQL, [
        businessId,
        request.params.locationId,
        offset + 1 + Number(place.before),
        size,
      ]);
      const total = Number(place.positions) - Number(place.hidden);
      return {
        content: await withStock(client, rows.rows),
        page,
        size,
        totalElements: total,
        totalPages: Math.ceil(total / size),
      };
    });
    if (!answer) return reply.code(404).send({ error: 'not found' });
    return answer;
  },
);

app.get<{ Params: { locationId: string }; Querystring: { query?: string; page?: string; size?: string } }>(
  '/search/:locationId',
  async (request, reply) => {
    const { page, size } = pageOf(request.query);
    const prefix = (request.query.query ?? '').trim();
    const answer = await inTransaction(async (client) => {
      const location = await client.query(LOCATION_SQL, [businessId, request.params.locationId]);
      if (location.rowCount === 0) return null;
      const from = prefix.toLowerCase();
      const params = [businessId, request.params.locationId, from, `${from}\u{10FFFF}`];
      const matches = await client.query<{ id: string; total: string }>(SEARCH_SQL, [
        ...params,
        size,
        page * size,
      ]);
      const total = Number(matches.rows[0]?.total ?? 0);
      const ids = matches.rows.map((row) => row.id);
      const found = await client.query<Row>(BY_IDS_SQL, [businessId, ids]);
      const byId = new Map(found.rows.map((row) => [row.id, row]));
      const rows = { rows: ids.map((id) => byId.get(id)).filter((row): row is Row => row !== undefined) };
      return {
        content: await withStock(client, rows.rows),
        page,
        size,
        totalElements: total,
        totalPages: Math.ceil(total / size),
      };
    });
    if (!answer) return reply.code(404).send({ error: 'not found' });
    return answer;
  },
);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () =>
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
