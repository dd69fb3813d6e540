/**
 * The bare reference of the stock value: Fastify + pg.Pool sending the SQL the full stack sends
 * for GET /api/inventory/value, run as its own process, logged in as the request role so the same
 * row-level security applies. Env: PORT, DATABASE_REQUEST_URL, BUSINESS_ID, USER_ID.
 *
 * - GET /value   every location's value.
 * Each request: the session check (a prepared call on the pool, as the guard), then one client:
 * BEGIN with the role, tenant and user, the route's one statement (sumStockValueByLocation of
 * stock-value.repository.ts, imported), COMMIT. The business total is left out: a sum over five
 * rows.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { sumStockValueByLocation } from '../../apps/server/src/modules/inventory/value/stock-value.repository.js';
import { inBareTenant } from './bare-sql.js';

const tenant = { businessId: process.env.BUSINESS_ID ?? '', userId: process.env.USER_ID ?? '' };
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_REQUEST_URL,
  max: 20,
  idleTimeoutMillis: 30_000,
});
pool.on('error', () => undefined);
const TOKEN_ID = randomUUID();

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
app.get('/value', async (_request, reply) => {
  const check = await pool.query<{ version: unknown }>({
    name: 'app_session_version',
    text: 'select app_session_version($1, $2) as version',
    values: [tenant.userId, TOKEN_ID],
  });
  if (check.rows[0]?.version === null || check.rows[0]?.version === undefined)
    return reply.code(401).send({ error: 'no session' });
  const locations = await inBareTenant(pool, tenant, (scope) => sumStockValueByLocation(scope, null));
  return { locations };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () =>
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
