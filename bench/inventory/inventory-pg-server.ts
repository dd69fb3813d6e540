/**
 * The bare reference of the inventory page: Fastify + pg.Pool sending the SQL the full stack
 * sends for GET /api/inventory/page/location/{id}, run as its own process, logged in as the
 * request role so the same row-level security applies. Env: PORT, DATABASE_REQUEST_URL,
 * BUSINESS_ID, USER_ID.
 *
 * - GET /page/:locationId?page=&size=   a page of the location's stock table.
 * Each request: the session check (a prepared call on the pool, as the guard), then one client:
 * BEGIN with the role, tenant and user in one simple query, the page's one statement (which also
 * finds the location), COMMIT.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { PAGE_STATEMENT } from './page-sql.js';

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

type Row = Record<string, unknown> & {
  id: string | null;
  total: string;
  list_position: unknown;
  inTransitOut: string;
  inTransitIn: string;
};

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

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));

app.get<{ Params: { locationId: string }; Querystring: { page?: string; size?: string } }>(
  '/page/:locationId',
  async (request, reply) => {
    const page = Number(request.query.page ?? 0);
    const size = Number(request.query.size ?? 10);
    const { locationId } = request.params;
    const answer = await inTransaction(async (client) => {
      const result = await client.query<Row>({
        ...PAGE_STATEMENT,
        values: [businessId, locationId, page * size, size],
      });
      const first = result.rows[0];
      if (!first) return null;
      const totalElements = Number(first.total);
      return {
        content: result.rows
          .filter((row) => row.id !== null)
          .map(({ total: _total, list_position: _position, ...row }) => ({
            ...row,
            inventoryId: row.id,
            inTransitOut: Number(row.inTransitOut),
            inTransitIn: Number(row.inTransitIn),
          })),
        page,
        size,
        totalElements,
        totalPages: Math.ceil(totalElements / size),
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
