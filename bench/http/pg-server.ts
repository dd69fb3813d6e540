/**
 * Baseline (c): bare Fastify + pg.Pool against the full server's database, run as its own process.
 * Env: PORT, DATABASE_URL.
 *
 * - GET /users/:id       the handler's select alone, straight on the pool (no transaction);
 * - GET /users-same/:id  the same SQL the full stack sends for one user read
 *                        (apps/server/src/platform/db/tenancy.ts): one simple query with BEGIN,
 *                        the role and the principal check, then the select, then COMMIT, on one
 *                        pooled client. The ratio target compares against this one: it isolates
 *                        what the full stack's own code costs.
 */
import Fastify from 'fastify';
import pg from 'pg';

const USER_SQL = 'select * from users where id = $1 and deleted_at is null';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type UserRow = Record<string, unknown>;

// The same pool size as the full server (apps/server/src/platform/db/database.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20, idleTimeoutMillis: 30_000 });
pool.on('error', () => undefined);

async function readAsTheStackDoes(id: string): Promise<{ version: unknown; row: UserRow | undefined }> {
  if (!UUID.test(id)) return { version: null, row: undefined };
  const client = await pool.connect();
  try {
    const results = (await client.query(
      `begin; select set_config('role', 'app_tenant', true), app_principal_version('${id}') as principal_version`,
    )) as unknown as [pg.QueryResult, pg.QueryResult<{ principal_version: unknown }>];
    const result = await client.query<UserRow>(USER_SQL, [id]);
    await client.query('commit');
    return { version: results[1].rows[0]?.principal_version, row: result.rows[0] };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

const app = Fastify({ logger: false });

// Readiness probe for the benchmark.
app.get('/', async () => ({ status: 'ok' }));

app.get<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
  const result = await pool.query<UserRow>(USER_SQL, [request.params.id]);
  const row = result.rows[0];
  if (!row) return reply.code(404).send({ error: 'not found' });
  return row;
});

app.get<{ Params: { id: string } }>('/users-same/:id', async (request, reply) => {
  const { version, row } = await readAsTheStackDoes(request.params.id);
  if (version === null || version === undefined) return reply.code(401).send({ error: 'unauthenticated' });
  if (!row) return reply.code(404).send({ error: 'not found' });
  return row;
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

const stop = () =>
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
